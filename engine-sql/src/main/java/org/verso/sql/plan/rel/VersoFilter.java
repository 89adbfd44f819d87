package org.verso.sql.plan.rel;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rex.RexNode;

/** Keeps the input rows for which the condition is true. */
public final class VersoFilter extends Filter implements VersoRel {
    public VersoFilter(RelOptCluster cluster, RelTraitSet traits, RelNode input, RexNode condition) {
        super(cluster, traits, input, condition);
    }

    @Override
    public Filter copy(RelTraitSet traitSet, RelNode input, RexNode condition) {
        return new VersoFilter(getCluster(), traitSet, input, condition);
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
