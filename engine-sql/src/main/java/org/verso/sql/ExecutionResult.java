package org.verso.sql;

/** STUB (API outline). The outcome of one execution: rows for a query, an update count otherwise. */
public final class ExecutionResult {
    public boolean isQuery() { throw new UnsupportedOperationException(); }
    /** Rows affected by INSERT/UPDATE/DELETE; 0 for DDL; -1 for a query. */
    public long updateCount() { throw new UnsupportedOperationException(); }
    /** The rows of a query; null otherwise. */
    public ResultRows rows() { throw new UnsupportedOperationException(); }
}
