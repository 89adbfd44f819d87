package org.verso.sql;

import org.verso.common.type.DataType;

/**
 * A result column or a parameter: its label, SQL type, nullability and, for a column read straight from a table,
 * the table and column it comes from (null otherwise).
 */
public record ColumnMeta(String label, DataType type, boolean nullable, String tableName, String columnName) {
}
