package org.verso.sql.plan.rule;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.rules.SubQueryRemoveRule;
import org.apache.calcite.rex.LogicVisitor;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.tools.RelBuilder;

/**
 * Calcite's rewrite of a subquery in a select list or a condition into a join ({@code SubQueryRemoveRule}), except
 * that the join is correlated only on the variables the select list's or the condition's own operator sets. Calcite
 * correlates it on every variable the subquery reads, so a subquery nested in another one and reading the outermost
 * row ({@code SELECT (SELECT MAX(x) FROM (VALUES ((SELECT ... WHERE d.w = warehouse.id))) ...) FROM warehouse})
 * was joined to the row of the operator it sits in as if that row were the outermost, and read the wrong values; a
 * variable set further out stays bound by the join that sets it.
 */
public final class SubQueryToCorrelate extends SubQueryRemoveRule {
    /** Subqueries in a select list. */
    public static final SubQueryToCorrelate PROJECT =
        new SubQueryToCorrelate(Config.PROJECT.withMatchHandler(SubQueryToCorrelate::matchProject));
    /** Subqueries in a condition. */
    public static final SubQueryToCorrelate FILTER =
        new SubQueryToCorrelate(Config.FILTER.withMatchHandler(SubQueryToCorrelate::matchFilter));

    private SubQueryToCorrelate(Config config) {
        super(config);
    }

    /** The variables of {@code subQuery} that {@code rel}, the operator it sits in, sets. */
    private static Set<CorrelationId> ownVariables(RexSubQuery subQuery, RelNode rel) {
        Set<CorrelationId> own = new HashSet<>(RelOptUtil.getVariablesUsed(subQuery.rel));
        own.retainAll(rel.getVariablesSet());
        return own;
    }

    private RexNode rewrite(RexSubQuery subQuery, RelNode rel, RelOptUtil.Logic logic, RelBuilder builder,
                            int offset, int subQueryIndex) {
        return apply(subQuery, ownVariables(subQuery, rel), logic, builder, 1, offset, subQueryIndex);
    }

    private static void matchProject(SubQueryRemoveRule rule, RelOptRuleCall call) {
        Project project = call.rel(0);
        RelBuilder builder = call.builder();
        RexSubQuery subQuery = RexUtil.SubQueryFinder.find(project.getProjects());
        RelOptUtil.Logic logic = LogicVisitor.find(RelOptUtil.Logic.TRUE_FALSE_UNKNOWN, project.getProjects(),
            subQuery);
        builder.push(project.getInput());
        int fieldCount = builder.peek().getRowType().getFieldCount();
        RexNode target = ((SubQueryToCorrelate) rule).rewrite(subQuery, project, logic, builder, fieldCount, 0);
        List<RexNode> projects = replacing(subQuery, target).apply(project.getProjects());
        // The select list's other subqueries are converted by later matches: they keep the variables to use.
        Set<CorrelationId> variables = RexUtil.SubQueryFinder.find(projects) == null ? Set.of()
            : project.getVariablesSet();
        builder.project(projects, project.getRowType().getFieldNames(), false, variables);
        call.transformTo(builder.build());
    }

    private static void matchFilter(SubQueryRemoveRule rule, RelOptRuleCall call) {
        Filter filter = call.rel(0);
        RelBuilder builder = call.builder();
        builder.push(filter.getInput());
        RexNode condition = filter.getCondition();
        int count = 0;
        for (RexSubQuery subQuery = RexUtil.SubQueryFinder.find(condition); subQuery != null;
             subQuery = RexUtil.SubQueryFinder.find(condition)) {
            count++;
            RelOptUtil.Logic logic = LogicVisitor.find(RelOptUtil.Logic.TRUE, List.of(condition), subQuery);
            RexNode target = ((SubQueryToCorrelate) rule).rewrite(subQuery, filter, logic, builder,
                builder.peek().getRowType().getFieldCount(), count);
            condition = condition.accept(replacing(subQuery, target));
        }
        builder.filter(condition);
        // The joins added columns: the filter's output is its input's columns only.
        builder.project(builder.fields().subList(0, filter.getRowType().getFieldCount()));
        call.transformTo(builder.build());
    }

    private static RexShuttle replacing(RexSubQuery subQuery, RexNode target) {
        return new RexShuttle() {
            @Override
            public RexNode visitSubQuery(RexSubQuery candidate) {
                return candidate.equals(subQuery) ? target : candidate;
            }
        };
    }
}
