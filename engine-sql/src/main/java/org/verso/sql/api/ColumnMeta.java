package org.verso.sql.api;

import org.verso.common.type.DataType;

/**
 * A result column or a statement parameter: its label, SQL type (engine-common's {@link DataType}), nullability and,
 * for a column read straight from a table, the table and column it comes from (null otherwise).
 */
public record ColumnMeta(String label, DataType type, boolean nullable, String tableName, String columnName) {
}
