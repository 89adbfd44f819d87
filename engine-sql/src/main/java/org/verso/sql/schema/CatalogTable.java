package org.verso.sql.schema;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.util.ImmutableBitSet;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.type.TypeMapping;

/**
 * A catalog table as Calcite's validator and planner see it: the row type and the primary key. It holds no data
 * and no storage handle; the executor resolves the table by name when a plan runs.
 */
public final class CatalogTable extends AbstractTable {
    /** A guess that makes a scan cost more than a key lookup; there are no statistics yet. */
    private static final double ASSUMED_ROW_COUNT = 1000d;

    private final TableDefinition definition;

    public CatalogTable(TableDefinition definition) {
        this.definition = definition;
    }

    public TableDefinition definition() {
        return definition;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder builder = typeFactory.builder();
        for (ColumnDefinition column : definition.columns()) {
            builder.add(column.name(), TypeMapping.toRelType(typeFactory, column.type(), column.nullable()));
        }
        return builder.build();
    }

    @Override
    public Statistic getStatistic() {
        List<ImmutableBitSet> keys = definition.hasPrimaryKey()
            ? List.of(ImmutableBitSet.of(definition.primaryKey()))
            : List.of();
        return Statistics.of(ASSUMED_ROW_COUNT, keys);
    }
}
