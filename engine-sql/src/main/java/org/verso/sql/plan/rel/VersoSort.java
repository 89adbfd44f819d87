package org.verso.sql.plan.rel;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.Util;

/** ORDER BY with optional OFFSET and FETCH; either part may be absent. */
public final class VersoSort extends Sort implements VersoRel {
    public VersoSort(RelOptCluster cluster, RelTraitSet traits, RelNode input, RelCollation collation, RexNode offset,
                     RexNode fetch) {
        super(cluster, traits, input, collation, offset, fetch);
    }

    /**
     * Sorting reads all of its input before it returns a row, so it costs more rows than any unsorted way to the
     * same answer; a LIMIT alone reads only what it returns. (Calcite's own estimate counts only the rows kept,
     * which made a top-1 sort cost as little as reading one row in index order.)
     */
    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double in = mq.getRowCount(getInput());
        if (collation.getFieldCollations().isEmpty()) {
            return super.computeSelfCost(planner, mq);
        }
        return planner.getCostFactory().makeCost(in + 1, Util.nLogN(Math.max(in, 1)), 0);
    }

    @Override
    public Sort copy(RelTraitSet traitSet, RelNode input, RelCollation collation, RexNode offset, RexNode fetch) {
        return new VersoSort(getCluster(), traitSet, input, collation, offset, fetch);
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
