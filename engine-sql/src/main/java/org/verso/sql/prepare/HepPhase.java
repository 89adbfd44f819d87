package org.verso.sql.prepare;

import org.apache.calcite.plan.RelOptCostImpl;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.verso.sql.api.Cancellation;

/**
 * Runs one rewrite phase (a fixed program of rules, no cost-based search) over a logical plan before the cost-based
 * planner: the subquery rewrite and the join ordering. The phase checks the statement's cancel flag as it goes and
 * reduces no expression, like the cost-based planner of the same cluster.
 */
final class HepPhase {
    private HepPhase() {
    }

    static RelNode run(HepProgram program, RelNode logical, Cancellation cancellation) {
        HepPlanner planner = new HepPlanner(program, null, true, null, RelOptCostImpl.FACTORY) {
            @Override
            public void checkCancel() {
                cancellation.check();
            }
        };
        planner.setExecutor(logical.getCluster().getPlanner().getExecutor());
        planner.setRoot(logical);
        return planner.findBestExp();
    }
}
