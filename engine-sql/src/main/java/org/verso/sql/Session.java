package org.verso.sql;

import org.verso.common.type.Values;
import java.util.ArrayList;
import java.util.List;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.core.Database;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.RowSource;
import org.verso.sql.prepare.CompiledStatement;

/**
 * One SQL session = one JDBC connection: the current transaction, autocommit, isolation. Not thread safe.
 *
 * <p>Transactions: the session begins one lazily at the first statement that needs it. With autocommit (the
 * default) every statement commits on success and rolls back on failure. Without it, a failed statement is
 * rolled back to its start ({@code Transaction.markStatement}/{@code rollbackStatement}): it leaves nothing
 * written and the transaction stays usable. A failure of SQLState class 40 (write conflict, deadlock) means
 * engine-core has already aborted the transaction. With autocommit the next statement begins a new one; without
 * it, the session keeps the aborted transaction and refuses further statements and {@link #commit} with 25P02 until
 * {@link #rollback}, so no part of a failed transaction is committed.
 *
 * <p>DDL is not transactional: CREATE and DROP TABLE run on their own, outside the session's transaction (which
 * stays open if there is one), and take effect immediately for every session.
 */
public final class Session implements AutoCloseable {
    private static final Object[] NO_PARAMS = new Object[0];

    private final SqlEngine engine;
    private final Database database;
    private Transaction transaction;
    // Set when a statement failed with SQLState class 40 outside autocommit: the engine rolled the transaction
    // back, and the session refuses further statements (25P02) until rollback().
    private VersoException abortCause;
    private boolean autoCommit = true;
    private IsolationLevel isolation = IsolationLevel.SNAPSHOT;
    private boolean closed;

    Session(SqlEngine engine, Database database) {
        this.engine = engine;
        this.database = database;
    }

    /** Plans the statement or takes it from the shared plan cache. Throws VersoException (42xxx) on bad SQL. */
    public PreparedSql prepare(String sql) {
        checkOpen();
        return engine.prepare(sql);
    }

    /**
     * Runs a prepared statement. {@code params} holds one value per '?', as plain Java objects (Integer, Long,
     * Short, BigDecimal, Double, Float, String, Boolean, java.sql.Date/Time/Timestamp, LocalDate, LocalDateTime,
     * or null); they are converted to the parameter's SQL type. Query results are fully materialised.
     */
    public ExecutionResult execute(PreparedSql statement, Object[] params) {
        checkOpen();
        PreparedSql current = statement.catalogVersion() == database.catalog().version() || statement.isDdl()
            ? statement
            : engine.prepare(statement.sql()); // planned before a DDL statement: plan it again
        Object[] values = bind(current, params == null ? NO_PARAMS : params);
        CompiledStatement compiled = current.compiled();
        if (current.isDdl()) {
            try {
                compiled.ddl().execute(database);
            } catch (RuntimeException | Error e) {
                throw asVersoException(e);
            }
            return ExecutionResult.update(0);
        }
        return executeInTransaction(compiled, values);
    }

    /** prepare + execute without parameters. */
    public ExecutionResult execute(String sql) {
        return execute(prepare(sql), NO_PARAMS);
    }

    public boolean autoCommit() {
        return autoCommit;
    }

    /** Switching autocommit on commits an open transaction, as JDBC requires. */
    public void setAutoCommit(boolean autoCommit) {
        checkOpen();
        if (autoCommit && !this.autoCommit && (transaction != null || abortCause != null)) {
            commit();
        }
        this.autoCommit = autoCommit;
    }

    /**
     * Commits the open transaction. If a statement of it failed with a serialization failure or deadlock, the
     * engine has already rolled it back: the call ends it and fails with 25P02, so a partly failed transaction is
     * never reported as committed.
     */
    public void commit() {
        checkOpen();
        if (abortCause != null) {
            VersoException cause = abortCause;
            long txid = transaction.id();
            transaction = null;
            abortCause = null;
            throw ErrorCode.COMMIT_OF_ABORTED.exception(cause, txid, cause.sqlState(), cause.getMessage());
        }
        if (transaction != null) {
            commitTransaction();
        }
    }

    public void rollback() {
        checkOpen();
        abortCause = null;
        rollbackTransaction();
    }

    public IsolationLevel isolation() {
        return isolation;
    }

    /** Takes effect for the next transaction the session begins. */
    public void setIsolation(IsolationLevel level) {
        checkOpen();
        this.isolation = level;
    }

    public boolean inTransaction() {
        return transaction != null;
    }

    public boolean isClosed() {
        return closed;
    }

    /** Rolls back an open transaction and releases the session. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (transaction != null && !database.isClosed()) {
            rollbackTransaction();
        }
        transaction = null;
        abortCause = null;
    }

    private ExecutionResult executeInTransaction(CompiledStatement compiled, Object[] values) {
        Transaction tx = currentTransaction();
        int mark = tx.markStatement();
        ExecutionResult result;
        try {
            result = run(compiled, tx, values);
        } catch (RuntimeException | Error e) {
            VersoException error = asVersoException(e);
            statementFailed(tx, mark, error);
            throw error;
        }
        if (autoCommit) {
            commitTransaction();
        }
        return result;
    }

    private ExecutionResult run(CompiledStatement compiled, Transaction tx, Object[] values) {
        RowSource source = compiled.plan().open(new ExecContext(database, tx, values));
        switch (compiled.kind()) {
            case QUERY: {
                List<ColumnMeta> columns = compiled.columns();
                List<Object[]> rows = new ArrayList<>();
                for (Object[] row = source.next(); row != null; row = source.next()) {
                    Object[] out = new Object[columns.size()];
                    for (int i = 0; i < out.length; i++) {
                        out[i] = Values.canonical(row[i], columns.get(i).type());
                    }
                    rows.add(out);
                }
                return ExecutionResult.query(new MaterializedRows(columns, rows));
            }
            case DML: {
                Object[] row = source.next();
                return ExecutionResult.update(((Number) row[0]).longValue());
            }
            default:
                throw ErrorCode.INTERNAL_ERROR.exception("unexpected statement kind " + compiled.kind());
        }
    }

    private Transaction currentTransaction() {
        if (abortCause != null) {
            throw ErrorCode.TRANSACTION_ABORTED.exception(abortCause, transaction.id(), abortCause.sqlState());
        }
        if (transaction != null && !transaction.isActive()) {
            transaction = null;
        }
        if (transaction == null) {
            transaction = database.begin(isolation);
        }
        return transaction;
    }

    /** Undoes what the failed statement wrote; see the class comment for the cases. */
    private void statementFailed(Transaction tx, int mark, VersoException error) {
        if (error.sqlState().startsWith("40")) {
            // engine-core has aborted it already. Outside autocommit the transaction stays the session's, marked
            // aborted, until the application rolls back: its later statements must not run in a new one.
            if (autoCommit) {
                transaction = null;
            } else {
                abortCause = error;
            }
            return;
        }
        try {
            if (autoCommit) {
                rollbackTransaction();
            } else {
                tx.rollbackStatement(mark);
            }
        } catch (RuntimeException e) {
            error.addSuppressed(e);
            transaction = null;
            try {
                tx.rollback();
            } catch (RuntimeException ignored) {
                // the transaction is unusable either way; the original error is what the caller needs
            }
        }
    }

    private void commitTransaction() {
        Transaction tx = transaction;
        transaction = null;
        try {
            tx.commit();
        } catch (RuntimeException e) {
            VersoException error = asVersoException(e);
            if (!error.sqlState().startsWith("40") && tx.isActive()) {
                try {
                    tx.rollback();
                } catch (RuntimeException suppressed) {
                    error.addSuppressed(suppressed);
                }
            }
            throw error;
        }
    }

    private void rollbackTransaction() {
        Transaction tx = transaction;
        transaction = null;
        if (tx != null && tx.isActive()) {
            tx.rollback();
        }
    }

    private static Object[] bind(PreparedSql statement, Object[] params) {
        List<ColumnMeta> types = statement.parameters();
        if (params.length != types.size()) {
            throw ErrorCode.PARAMETER_COUNT_MISMATCH.exception(types.size(), params.length);
        }
        Object[] values = new Object[params.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = Values.parameter(params[i], types.get(i).type());
        }
        return values;
    }

    private static VersoException asVersoException(Throwable e) {
        return e instanceof VersoException v ? v : ErrorCode.INTERNAL_ERROR.exception(e, String.valueOf(e));
    }

    private void checkOpen() {
        if (closed) {
            throw ErrorCode.CONNECTION_CLOSED.exception();
        }
        if (database.isClosed()) {
            throw ErrorCode.DATABASE_CLOSED.exception(database.name());
        }
    }
}
