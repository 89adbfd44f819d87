package org.verso.sql.plan.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;

/** Window functions: the input's rows, each with one more column per function of each window (group). */
public final class VersoWindow extends Window implements VersoRel {
    public VersoWindow(RelOptCluster cluster, RelTraitSet traits, RelNode input, List<RexLiteral> constants,
                       RelDataType rowType, List<Group> groups) {
        super(cluster, traits, List.of(), input, constants, rowType, groups);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new VersoWindow(getCluster(), traitSet, sole(inputs), constants, getRowType(), groups);
    }

    @Override
    public Window copy(List<RexLiteral> constants) {
        return new VersoWindow(getCluster(), getTraitSet(), getInput(), constants, getRowType(), groups);
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
