package org.verso.sql.plan.rel;

import com.google.common.collect.ImmutableList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;

/** Constant rows. */
public final class VersoValues extends Values implements VersoRel {
    public VersoValues(RelOptCluster cluster, RelDataType rowType,
                       ImmutableList<ImmutableList<RexLiteral>> tuples, RelTraitSet traits) {
        super(cluster, rowType, tuples, traits);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new VersoValues(getCluster(), getRowType(), tuples, traitSet);
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
