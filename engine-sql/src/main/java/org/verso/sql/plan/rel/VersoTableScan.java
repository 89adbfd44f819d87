package org.verso.sql.plan.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
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

    static TableDefinition definitionOf(RelOptTable table) {
        return table.unwrapOrThrow(CatalogTable.class).definition();
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
