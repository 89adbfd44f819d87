package org.verso.sql.api;

import java.util.List;

/**
 * The rows of a query result, forward only: a cursor. Values are canonical engine values (see
 * {@link org.verso.common.type.ValueType}): DATE as Integer days since the epoch, TIME and TIMESTAMP as Long
 * microseconds, BINARY as byte[]; engine-common's {@link org.verso.common.type.Values} converts them.
 *
 * <p>A query's rows stream from the operators: each {@link #next} runs the plan until it produces one more row, so
 * a cursor holds its transaction's snapshot (and, with autocommit, its transaction) until it is exhausted or
 * closed. Always close it. A failure while reading is reported by {@link #next} as a
 * {@link org.verso.common.VersoException}, exactly as if the statement had failed when it was executed.
 *
 * <p>Threading: a cursor belongs to its session and is read by one thread at a time, like the session itself.
 */
public interface ResultRows extends AutoCloseable {
    /** Rows held in memory; values must be canonical engine values of the column types. */
    static MaterializedRows of(List<ColumnMeta> columns, List<Object[]> rows) {
        return new MaterializedRows(List.copyOf(columns), rows);
    }

    List<ColumnMeta> columns();

    /** Moves to the next row; false when there are no more (and after {@link #close}). */
    boolean next();

    /** Value of column {@code index} (0-based) of the current row; null for SQL NULL. */
    Object get(int index);

    /**
     * True once the cursor is closed: by {@link #close}, or by the end of the transaction it reads in (commit,
     * rollback, the session's close). A cursor that merely has no more rows is not closed.
     */
    boolean isClosed();

    /** Ends the cursor; idempotent. With autocommit this ends the query's transaction. */
    @Override
    void close();
}
