package org.verso.sql.prepare;

import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.rules.MultiJoin;
import org.verso.sql.api.Cancellation;
import org.verso.sql.plan.rule.LogicalRules;

/**
 * Chooses the order of a query's inner joins before the cost-based planner runs, by Calcite's heuristics: the joined
 * tables and their conditions are gathered into one n-way join, which is then joined along its conditions. Without
 * it the tables of a comma join are joined in the order they are written, and where two neighbours share no
 * condition that step is a cross product: a 28-table join of 10-row tables took 15 s. Verso's cost-based planner has
 * no join reordering rules, so its time stays linear in the number of joins.
 *
 * <p>Up to {@link #MAX_LEFT_DEEP_JOINS} joins, {@code LoptOptimizeJoinRule} builds a left-deep tree, adding at each
 * step the table a condition connects to what is joined so far; the inner side of each join stays one table, which a
 * nested-loop join holds in memory. It tries every table as the first, so its time grows with the cube of the table
 * count: seconds for 64 tables. Beyond, {@code MultiJoinOptimizeBushyRule} joins, step by step, the two connected
 * inputs whose join is estimated cheapest (tens of milliseconds for 64 tables).
 *
 * <p>Only plans with at least {@link #MIN_INNER_JOINS} inner joins are reordered; a join of two tables has no order
 * to choose. Where the ordering rule leaves in place an n-way join that was gathered for it (it does for some unions
 * whose branches filter by several IN subqueries under OR and NOT), the plan keeps its written join order rather than
 * reach the cost-based planner with an operator that no Verso operator implements.
 */
final class JoinOrder {
    static final int MIN_INNER_JOINS = 2;

    /** Up to this many inner joins, the left-deep ordering; beyond, the bushy one, whose time grows slower. */
    static final int MAX_LEFT_DEEP_JOINS = 9;

    private static final HepProgram LEFT_DEEP = program(LogicalRules.MULTI_JOIN_OPTIMIZE);
    private static final HepProgram BUSHY = program(LogicalRules.MULTI_JOIN_OPTIMIZE_BUSHY);

    private JoinOrder() {
    }

    private static HepProgram program(RelOptRule ordering) {
        return HepProgram.builder()
            // Conditions in WHERE become join conditions, so that the n-way join knows what connects its inputs;
            // those that read one input, in WHERE or ON, filter that input: the ordering expects every equality
            // among the join conditions to read two of the joined tables (LoptSemiJoinOptimizer asserts it).
            .addMatchOrder(HepMatchOrder.BOTTOM_UP)
            .addRuleCollection(List.of(LogicalRules.FILTER_INTO_JOIN, LogicalRules.JOIN_CONDITION_PUSH))
            .addMatchOrder(HepMatchOrder.BOTTOM_UP)
            .addRuleInstance(LogicalRules.JOIN_TO_MULTI_JOIN)
            .addRuleInstance(LogicalRules.PROJECT_MULTI_JOIN_MERGE)
            .addRuleInstance(LogicalRules.FILTER_MULTI_JOIN_MERGE)
            .addRuleInstance(ordering)
            .build();
    }

    static RelNode choose(RelNode logical, Cancellation cancellation) {
        int joins = innerJoins(logical);
        if (joins < MIN_INNER_JOINS) {
            return logical;
        }
        HepProgram program = joins <= MAX_LEFT_DEEP_JOINS ? LEFT_DEEP : BUSHY;
        RelNode ordered = HepPhase.run(program, logical, cancellation);
        return contains(ordered, MultiJoin.class) ? logical : ordered;
    }

    private static boolean contains(RelNode root, Class<? extends RelNode> type) {
        boolean[] found = new boolean[1];
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                if (type.isInstance(node)) {
                    found[0] = true;
                    return;
                }
                super.visit(node, ordinal, parent);
            }
        }.go(root);
        return found[0];
    }

    private static int innerJoins(RelNode root) {
        int[] count = new int[1];
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                if (node instanceof Join join && join.getJoinType() == JoinRelType.INNER) {
                    count[0]++;
                }
                super.visit(node, ordinal, parent);
            }
        }.go(root);
        return count[0];
    }
}
