package org.verso.sql.plan.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;

/** Reads the working table of a WITH RECURSIVE query: the rows the previous step of {@link VersoRepeatUnion} made. */
public final class VersoWorkingTableScan extends TableScan implements VersoRel {
    public VersoWorkingTableScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table) {
        super(cluster, traits, List.of(), table);
    }

    /** The name the working table's rows go by in the execution context. */
    public String workingTableName() {
        return String.join(".", getTable().getQualifiedName());
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new VersoWorkingTableScan(getCluster(), traitSet, getTable());
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
