package org.verso.sql;

import java.util.List;

/**
 * Rows of a query result, forward only. Values are canonical engine values (see
 * {@link org.verso.common.type.ValueType}): DATE as Integer days since the epoch, TIMESTAMP as Long
 * milliseconds of local wall-clock time since 1970-01-01T00:00. Not thread safe.
 */
public interface ResultRows extends AutoCloseable {
    /** Rows held in memory; values must be canonical engine values of the column types. */
    static ResultRows of(List<ColumnMeta> columns, List<Object[]> rows) {
        return new MaterializedRows(List.copyOf(columns), rows);
    }

    List<ColumnMeta> columns();

    /** Moves to the next row; false when there are no more. */
    boolean next();

    /** Value of column {@code index} (0-based) of the current row; null for SQL NULL. */
    Object get(int index);

    @Override
    void close();
}
