package org.verso.sql.plan.rel;

import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;

/**
 * Hash join on the equality conjuncts of the condition (the right input is the build side); any other conjuncts
 * are checked on each matching pair.
 */
public final class VersoHashJoin extends Join implements VersoRel {
    public VersoHashJoin(RelOptCluster cluster, RelTraitSet traits, RelNode left, RelNode right, RexNode condition,
                         JoinRelType joinType) {
        super(cluster, traits, List.of(), left, right, condition, Set.of(), joinType);
    }

    @Override
    public Join copy(RelTraitSet traitSet, RexNode condition, RelNode left, RelNode right, JoinRelType joinType,
                     boolean semiJoinDone) {
        return new VersoHashJoin(getCluster(), traitSet, left, right, condition, joinType);
    }

    /** Reads each input once: cost grows with the sum of the input sizes, not their product. */
    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double rows = mq.getRowCount(getLeft()) + mq.getRowCount(getRight());
        return planner.getCostFactory().makeCost(rows, rows, 0);
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
