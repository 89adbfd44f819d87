package org.verso.core.table;

import org.verso.common.ErrorCode;
import org.verso.common.type.Values;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;

/**
 * Checks a row against its table's definition: NOT NULL (23502) here, and every value through
 * {@link Values#assign}, which converts it to the column's canonical class with SQL's assignment rules (length
 * 22001, range and precision 22003, DECIMAL rounded half up to the column's scale, trailing blanks of CHAR values
 * not stored, 22000 for a value of no fitting class).
 */
final class RowValidator {
    private final TableDefinition table;

    RowValidator(TableDefinition table) {
        this.table = table;
    }

    /** A new array holding the canonical values of {@code row}. */
    Object[] canonical(Object[] row) {
        if (row.length != table.columnCount()) {
            throw ErrorCode.INTERNAL_ERROR.exception("row of " + row.length + " values for table " + table.name()
                + " of " + table.columnCount() + " columns");
        }
        Object[] out = new Object[row.length];
        for (int i = 0; i < row.length; i++) {
            out[i] = value(table.column(i), row[i]);
        }
        return out;
    }

    private Object value(ColumnDefinition column, Object v) {
        if (v == null && !column.nullable()) {
            throw ErrorCode.NOT_NULL_VIOLATION.exception(column.name(), table.name());
        }
        return Values.assign(v, column.type(), column.name());
    }
}
