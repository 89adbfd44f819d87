package org.verso.sql.prepare;

import java.util.List;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.verso.sql.api.Cancellation;
import org.verso.sql.plan.rule.LogicalRules;

/**
 * Rewrites the subqueries of a plan (scalar, EXISTS, IN, and the comparisons with ANY, SOME and ALL, in a select
 * list, a condition or a join condition) into joins, before the cost-based planner runs, with Calcite's
 * {@code SubQueryRemoveRule}: an uncorrelated subquery becomes a join with its result, and a correlated one a
 * correlate, which runs it again for each outer row with the reference bound to that row. Its rewrites keep SQL's
 * three-valued logic: {@code x NOT IN (subquery)} is unknown, not true, when x is NULL and the subquery has rows, or
 * when the subquery has a NULL and no match, which counting the subquery's rows and non-null values decides.
 * (Expanding subqueries while converting SQL, the other way Calcite offers, answered TRUE to
 * {@code NULL NOT IN (2, 3)} from a subquery and could not convert a correlated {@code > ALL}.)
 */
final class SubQueries {
    /**
     * The three rules as one collection, applied until none matches: converting a subquery brings its own plan into
     * the tree, and a subquery inside it (a condition's subquery inside a select list's) is converted then, whichever
     * rule it needs. Applied one after the other, a rule that had run before was not tried on it again.
     */
    private static final HepProgram PROGRAM = HepProgram.builder()
        .addRuleCollection(List.of(LogicalRules.FILTER_SUB_QUERY_TO_CORRELATE,
            LogicalRules.PROJECT_SUB_QUERY_TO_CORRELATE, LogicalRules.JOIN_SUB_QUERY_TO_CORRELATE))
        .build();

    private SubQueries() {
    }

    static RelNode remove(RelNode logical, Cancellation cancellation) {
        if (!hasSubQuery(logical)) {
            return logical;
        }
        return HepPhase.run(PROGRAM, logical, cancellation);
    }

    private static boolean hasSubQuery(RelNode root) {
        boolean[] found = new boolean[1];
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                if (node instanceof Filter filter) {
                    found[0] |= contains(filter.getCondition());
                } else if (node instanceof Project project) {
                    project.getProjects().forEach(e -> found[0] |= contains(e));
                } else if (node instanceof Join join) {
                    found[0] |= contains(join.getCondition());
                }
                super.visit(node, ordinal, parent);
            }
        }.go(root);
        return found[0];
    }

    private static boolean contains(RexNode node) {
        return RexUtil.SubQueryFinder.find(node) != null;
    }
}
