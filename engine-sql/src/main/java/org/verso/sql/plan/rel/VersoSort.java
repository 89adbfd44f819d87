package org.verso.sql.plan.rel;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexNode;

/** ORDER BY with optional OFFSET and FETCH; either part may be absent. */
public final class VersoSort extends Sort implements VersoRel {
    public VersoSort(RelOptCluster cluster, RelTraitSet traits, RelNode input, RelCollation collation, RexNode offset,
                     RexNode fetch) {
        super(cluster, traits, input, collation, offset, fetch);
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
