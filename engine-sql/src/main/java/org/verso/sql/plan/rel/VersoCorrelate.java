package org.verso.sql.plan.rel;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Correlated nested loop: for each left row, the right side runs again with the correlation variable bound to that
 * row (a correlated subquery's reference to its enclosing row). INNER and LEFT return the left row followed by each
 * right row (LEFT pads a left row without one with NULLs); SEMI returns the left rows that have a right row, ANTI
 * those that have none.
 */
public final class VersoCorrelate extends Correlate implements VersoRel {
    public VersoCorrelate(RelOptCluster cluster, RelTraitSet traits, RelNode left, RelNode right,
                          CorrelationId correlationId, ImmutableBitSet requiredColumns, JoinRelType joinType) {
        super(cluster, traits, java.util.List.of(), left, right, correlationId, requiredColumns, joinType);
    }

    @Override
    public Correlate copy(RelTraitSet traitSet, RelNode left, RelNode right, CorrelationId correlationId,
                          ImmutableBitSet requiredColumns, JoinRelType joinType) {
        return new VersoCorrelate(getCluster(), traitSet, left, right, correlationId, requiredColumns, joinType);
    }

    /** The right side runs once per left row. */
    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double rows = mq.getRowCount(getLeft()) * Math.max(1, mq.getRowCount(getRight()));
        return planner.getCostFactory().makeCost(rows, rows, 0);
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
