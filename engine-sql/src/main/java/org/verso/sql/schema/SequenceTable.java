package org.verso.sql.schema;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A sequence as Calcite's validator sees it: an object of table type SEQUENCE, which is what
 * {@code NEXT VALUE FOR s} must name. It cannot be read as a table.
 */
final class SequenceTable extends AbstractTable {
    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        return typeFactory.builder().add("NEXT_VALUE", SqlTypeName.BIGINT).build();
    }

    @Override
    public Schema.TableType getJdbcTableType() {
        return Schema.TableType.SEQUENCE;
    }
}
