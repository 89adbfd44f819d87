package org.verso.sql.plan.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rex.RexNode;
import org.verso.core.catalog.TableDefinition;

/**
 * INSERT, UPDATE or DELETE through engine-core. For UPDATE the input row is the old row followed by the values of
 * {@link #getUpdateColumnList()}; for DELETE it is the old row; for INSERT the new row.
 */
public final class VersoTableModify extends TableModify implements VersoRel {
    public VersoTableModify(RelOptCluster cluster, RelTraitSet traits, RelOptTable table,
                            Prepare.CatalogReader catalogReader, RelNode input, Operation operation,
                            List<String> updateColumnList, List<RexNode> sourceExpressionList, boolean flattened) {
        super(cluster, traits, table, catalogReader, input, operation, updateColumnList, sourceExpressionList,
            flattened);
    }

    public TableDefinition definition() {
        return VersoTableScan.definitionOf(getTable());
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new VersoTableModify(getCluster(), traitSet, getTable(), getCatalogReader(), sole(inputs),
            getOperation(), getUpdateColumnList(), getSourceExpressionList(), isFlattened());
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
