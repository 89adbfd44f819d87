package org.verso.sql.plan.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.schema.CatalogTable;

/** Full scan of a table. */
public final class VersoTableScan extends TableScan implements VersoRel {
    public VersoTableScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table) {
        super(cluster, traits, List.of(), table);
    }

    /** The catalog definition of the scanned table. */
    public TableDefinition definition() {
        return definitionOf(getTable());
    }

    /** The definition of a table; 42809 for an object that has no rows to read (a sequence). */
    public static TableDefinition definitionOf(RelOptTable table) {
        CatalogTable catalogTable = table.unwrap(CatalogTable.class);
        if (catalogTable == null) {
            throw ErrorCode.WRONG_OBJECT_TYPE.exception(String.join(".", table.getQualifiedName())
                + " is not a table or view");
        }
        return catalogTable.definition();
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new VersoTableScan(getCluster(), traitSet, getTable());
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
