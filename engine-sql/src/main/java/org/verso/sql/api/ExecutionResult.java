package org.verso.sql.api;

import java.util.Objects;

/** The outcome of one execution: rows for a query, an update count otherwise. */
public final class ExecutionResult {
    private final long updateCount;
    private final ResultRows rows;
    private final ResultRows generatedKeys;

    private ExecutionResult(long updateCount, ResultRows rows, ResultRows generatedKeys) {
        this.updateCount = updateCount;
        this.rows = rows;
        this.generatedKeys = generatedKeys;
    }

    /** The result of a query: its rows, which the caller must close. */
    public static ExecutionResult query(ResultRows rows) {
        return new ExecutionResult(-1, Objects.requireNonNull(rows, "rows"), null);
    }

    /** The result of INSERT, UPDATE or DELETE (rows changed) or of DDL (0). */
    public static ExecutionResult update(long count) {
        return new ExecutionResult(count, null, null);
    }

    /** The result of a change that was asked for its generated keys ({@link GeneratedKeys}). */
    public static ExecutionResult update(long count, ResultRows generatedKeys) {
        return new ExecutionResult(count, null, Objects.requireNonNull(generatedKeys, "generatedKeys"));
    }

    public boolean isQuery() {
        return rows != null;
    }

    /** Rows affected by INSERT/UPDATE/DELETE; 0 for DDL; -1 for a query. */
    public long updateCount() {
        return updateCount;
    }

    /** The rows of a query; null otherwise. */
    public ResultRows rows() {
        return rows;
    }

    /**
     * The generated keys of the rows an INSERT added, held in memory, when the execution asked for them; for other
     * changes an empty result; null when they were not asked for.
     */
    public ResultRows generatedKeys() {
        return generatedKeys;
    }
}
