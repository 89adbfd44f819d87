package org.verso.sql.prepare;

import org.apache.calcite.plan.RelOptCostImpl;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.rules.CoreRules;
import org.verso.sql.api.Cancellation;

/**
 * Chooses the order of a query's inner joins before the cost-based planner runs, by Calcite's heuristic join
 * ordering ({@code LoptOptimizeJoinRule}): the joined tables and their conditions are gathered into one n-way join,
 * then joined greedily, each step adding the table that a condition connects to what is already joined. Without it
 * the tables of a comma join are joined in the order they are written, and where two neighbours share no condition
 * that step is a cross product: a 28-table join of 10-row tables took 15 s. Verso's cost-based planner has no join
 * reordering rules, so its time stays linear in the number of joins.
 *
 * <p>Only plans with at least {@link #MIN_INNER_JOINS} inner joins are reordered; a join of two tables has no order
 * to choose.
 */
final class JoinOrder {
    static final int MIN_INNER_JOINS = 2;

    private static final HepProgram PROGRAM = HepProgram.builder()
        // Conditions in WHERE become join conditions, so that the n-way join knows what connects its inputs.
        .addMatchOrder(HepMatchOrder.BOTTOM_UP)
        .addRuleInstance(CoreRules.FILTER_INTO_JOIN)
        .addMatchOrder(HepMatchOrder.BOTTOM_UP)
        .addRuleInstance(CoreRules.JOIN_TO_MULTI_JOIN)
        .addRuleInstance(CoreRules.PROJECT_MULTI_JOIN_MERGE)
        .addRuleInstance(CoreRules.FILTER_MULTI_JOIN_MERGE)
        .addRuleInstance(CoreRules.MULTI_JOIN_OPTIMIZE)
        .build();

    private JoinOrder() {
    }

    static RelNode choose(RelNode logical, Cancellation cancellation) {
        if (innerJoins(logical) < MIN_INNER_JOINS) {
            return logical;
        }
        HepPlanner planner = new HepPlanner(PROGRAM, null, true, null, RelOptCostImpl.FACTORY) {
            @Override
            public void checkCancel() {
                cancellation.check();
            }
        };
        planner.setExecutor(logical.getCluster().getPlanner().getExecutor());
        planner.setRoot(logical);
        return planner.findBestExp();
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
