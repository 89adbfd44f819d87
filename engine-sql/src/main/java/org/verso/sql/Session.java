package org.verso.sql;

import org.verso.core.tx.IsolationLevel;

/**
 * STUB (API outline; engine-sql implements it). One SQL session = one JDBC connection: the current transaction,
 * autocommit, isolation. Not thread safe.
 */
public final class Session implements AutoCloseable {
    /** Plans the statement or takes it from the shared plan cache. Throws VersoException (42xxx) on bad SQL. */
    public PreparedSql prepare(String sql) { throw new UnsupportedOperationException(); }
    /**
     * Runs a prepared statement. {@code params} holds one value per '?', as plain Java objects (Integer, Long,
     * Short, BigDecimal, Double, Float, String, Boolean, java.sql.Date/Time/Timestamp, LocalDate, LocalDateTime,
     * or null); they are converted to the parameter's SQL type. Query results are fully materialised.
     */
    public ExecutionResult execute(PreparedSql statement, Object[] params) { throw new UnsupportedOperationException(); }
    /** prepare + execute without parameters. */
    public ExecutionResult execute(String sql) { throw new UnsupportedOperationException(); }
    public boolean autoCommit() { throw new UnsupportedOperationException(); }
    /** Switching autocommit on commits an open transaction, as JDBC requires. */
    public void setAutoCommit(boolean autoCommit) { throw new UnsupportedOperationException(); }
    public void commit() { throw new UnsupportedOperationException(); }
    public void rollback() { throw new UnsupportedOperationException(); }
    public IsolationLevel isolation() { throw new UnsupportedOperationException(); }
    public void setIsolation(IsolationLevel level) { throw new UnsupportedOperationException(); }
    public boolean inTransaction() { throw new UnsupportedOperationException(); }
    public boolean isClosed() { throw new UnsupportedOperationException(); }
    /** Rolls back an open transaction and releases the session. */
    @Override public void close() { throw new UnsupportedOperationException(); }
}
