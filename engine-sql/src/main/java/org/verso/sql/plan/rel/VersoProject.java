package org.verso.sql.plan.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;

/** Computes output columns from each input row. */
public final class VersoProject extends Project implements VersoRel {
    public VersoProject(RelOptCluster cluster, RelTraitSet traits, RelNode input, List<? extends RexNode> projects,
                        RelDataType rowType) {
        super(cluster, traits, List.of(), input, projects, rowType, java.util.Set.of());
    }

    @Override
    public Project copy(RelTraitSet traitSet, RelNode input, List<RexNode> projects, RelDataType rowType) {
        return new VersoProject(getCluster(), traitSet, input, projects, rowType);
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
