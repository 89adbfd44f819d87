package org.verso.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.verso.common.ErrorCode;
import org.verso.common.SqlState;
import org.verso.common.VersoException;
import org.verso.common.type.Values;
import org.verso.common.util.SlotSet;
import org.verso.core.Database;
import org.verso.core.system.InformationSchema;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.sql.api.Cancellation;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.api.ExecutionResult;
import org.verso.sql.api.GeneratedKeys;
import org.verso.sql.api.Isolation;
import org.verso.sql.api.PreparedSql;
import org.verso.sql.api.ResultRows;
import org.verso.sql.api.SqlSession;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.GeneratedKeyCollector;
import org.verso.sql.exec.RowSource;
import org.verso.sql.parse.ast.TransactionControl;
import org.verso.sql.prepare.CompiledStatement;
import org.verso.sql.prepare.StatementKind;

/**
 * The engine's {@link SqlSession}; see there for the transaction rules. Not thread safe.
 *
 * <p>A query returns a {@link QueryCursor} that pulls rows from the operators as they are read. The session keeps
 * its open cursors: with autocommit each owns its read-only transaction and ends it when it is exhausted or closed;
 * without autocommit they read in the session's transaction, and commit, rollback and an abort close them first.
 */
public final class Session implements SqlSession {
    private static final Object[] NO_PARAMS = new Object[0];
    private static final int IMPLICIT_RETRIES = 1000;

    private final SqlEngine engine;
    private final Database database;
    /** The session's transaction: open while autocommit is off, or while a change statement runs. */
    private Transaction transaction;
    // Set when a statement failed with SQLState class 40 outside autocommit: the engine rolled the transaction
    // back, and the session refuses further statements (25P02) until rollback().
    private VersoException abortCause;
    private boolean autoCommit = true;
    private IsolationLevel isolation = IsolationLevel.SNAPSHOT;
    // The level SET TRANSACTION or BEGIN ISOLATION LEVEL asked for the transaction about to start, or null; it
    // ends with that transaction.
    private IsolationLevel nextTransactionIsolation;
    private boolean readOnly;
    // Set while SQL's BEGIN has suspended autocommit: COMMIT or ROLLBACK ends the block and resumes it.
    private boolean transactionBlock;
    private final SessionSavepoints savepoints = new SessionSavepoints();
    private final CommitActions commitActions = new CommitActions();
    private final SlotSet<QueryCursor> cursors = new SlotSet<>(c -> c.slot, (c, slot) -> c.slot = slot);
    private final RecentPlans recentPlans = new RecentPlans();
    private boolean closed;

    Session(SqlEngine engine, Database database) {
        this.engine = engine;
        this.database = database;
    }

    @Override
    public PreparedSql prepare(String sql, Cancellation cancellation) {
        checkOpen();
        PlannedSql plan = recentPlans.get(sql, database.catalog().version());
        if (plan == null) {
            plan = engine.prepare(sql, cancellation);
            if (!plan.isDdl()) { // as the shared cache, which never holds DDL: running it moves the version
                recentPlans.put(sql, plan);
            }
        }
        return plan;
    }

    @Override
    public ExecutionResult execute(PreparedSql statement, Object[] params, Cancellation cancellation,
                                   GeneratedKeys keys) {
        checkOpen();
        PlannedSql planned = ownPlan(statement);
        database.awaitColumns(); // a statement that starts while a table's columns change runs after the change
        PlannedSql current = planned.catalogVersion() == database.catalog().version() || planned.isDdl()
            ? planned
            : engine.prepare(planned.sql(), cancellation); // planned before a DDL statement: plan it again
        Object[] values = bind(current, params == null ? NO_PARAMS : params);
        CompiledStatement compiled = current.compiled();
        boolean changes = compiled.kind() == StatementKind.DML || compiled.kind() == StatementKind.ANALYZE_CHANGE;
        if (readOnly && (compiled.kind() == StatementKind.DDL || changes || compiled.forUpdate())) {
            cancellation.finish();
            throw ErrorCode.READ_ONLY.exception(compiled.kind() == StatementKind.DDL ? "a schema change"
                : changes ? "a data change" : "SELECT ... FOR UPDATE");
        }
        switch (compiled.kind()) {
            case DDL:
                return runOutsideTransaction(cancellation, () -> compiled.ddl().execute(database));
            case TRANSACTION:
                return runOutsideTransaction(cancellation, () -> control(compiled.control()));
            case QUERY:
            case EXPLAIN:
            case ANALYZE_QUERY:
                return ExecutionResult.query(openCursor(compiled, values, cancellation));
            default:
                try {
                    if (compiled.returning() != null) { // ... RETURNING: the changed rows' columns
                        return ExecutionResult.query(executeChange(compiled, values, cancellation,
                            compiled.returning()).generatedKeys());
                    }
                    return executeChange(compiled, values, cancellation, keys);
                } finally {
                    cancellation.finish();
                }
        }
    }

    @Override
    public boolean autoCommit() {
        return autoCommit;
    }

    @Override
    public void setAutoCommit(boolean autoCommit) {
        checkOpen();
        if (autoCommit && !this.autoCommit && (transaction != null || abortCause != null)) {
            commit();
        }
        this.autoCommit = autoCommit;
        transactionBlock = false;
        nextTransactionIsolation = null;
    }

    /** Runs DDL or a transaction-control statement: at once, and not as a statement of the transaction. */
    private ExecutionResult runOutsideTransaction(Cancellation cancellation, Runnable action) {
        try {
            cancellation.check();
            action.run();
        } catch (RuntimeException | Error e) {
            throw asVersoException(e);
        } finally {
            cancellation.finish();
        }
        return ExecutionResult.update(0);
    }

    /** Runs BEGIN, COMMIT, ROLLBACK or a savepoint statement. */
    private void control(TransactionControl control) {
        switch (control.action()) {
            case BEGIN -> {
                // In autocommit mode BEGIN opens a block of statements that COMMIT or ROLLBACK ends; otherwise
                // the session's transaction is already such a block.
                if (autoCommit) {
                    autoCommit = false;
                    transactionBlock = true;
                }
                if (control.isolation() != null) {
                    setTransactionIsolation(control);
                }
            }
            case SET_TRANSACTION -> {
                if (autoCommit) {
                    throw ErrorCode.SET_TRANSACTION_IN_AUTOCOMMIT.exception();
                }
                setTransactionIsolation(control);
            }
            case SET_SESSION -> setIsolation(control.isolation());
            case COMMIT -> commit();
            case ROLLBACK -> rollback();
            case SAVEPOINT -> setSavepoint(control.savepoint());
            case ROLLBACK_TO -> rollbackToSavepoint(savepoints.idOf(currentTransaction(), control.savepoint()));
            case RELEASE -> releaseSavepoint(savepoints.idOf(currentTransaction(), control.savepoint()));
        }
    }

    /**
     * Gives the transaction about to start the level {@code control} names; fails with 25001 once the transaction
     * has run a statement, since its snapshot and its reads were taken at the level it began with.
     */
    private void setTransactionIsolation(TransactionControl control) {
        if (abortCause != null) {
            currentTransaction(); // fails with 25P02: the transaction failed and waits for ROLLBACK
        }
        if (transaction != null && transaction.isActive()) {
            throw ErrorCode.ISOLATION_AFTER_FIRST_STATEMENT.exception(control.sql());
        }
        nextTransactionIsolation = levelOf(control.isolation());
    }

    /** The level a transaction that starts now runs at: the one asked for it, else the session's. */
    private IsolationLevel startingIsolation() {
        IsolationLevel level = nextTransactionIsolation != null ? nextTransactionIsolation : isolation;
        nextTransactionIsolation = null;
        return level;
    }

    /** The transaction ended: a block that BEGIN opened is over, and autocommit resumes. */
    private void endBlock() {
        nextTransactionIsolation = null;
        if (transactionBlock) {
            transactionBlock = false;
            autoCommit = true;
        }
    }

    @Override
    public void commit() {
        checkOpen();
        try {
            commitOrFail();
        } finally {
            endBlock();
        }
    }

    private void commitOrFail() {
        closeTransactionCursors();
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

    @Override
    public void rollback() {
        checkOpen();
        try {
            closeTransactionCursors();
            abortCause = null;
            rollbackTransaction();
        } finally {
            endBlock();
        }
    }

    @Override
    public Isolation isolation() {
        return switch (isolation) {
            case READ_COMMITTED -> Isolation.READ_COMMITTED;
            case SNAPSHOT -> Isolation.REPEATABLE_READ;
            case SERIALIZABLE -> Isolation.SERIALIZABLE;
        };
    }

    @Override
    public void setIsolation(Isolation level) {
        checkOpen();
        this.isolation = levelOf(level);
    }

    private static IsolationLevel levelOf(Isolation level) {
        return switch (level) {
            case READ_UNCOMMITTED, READ_COMMITTED -> IsolationLevel.READ_COMMITTED;
            case REPEATABLE_READ -> IsolationLevel.SNAPSHOT;
            case SERIALIZABLE -> IsolationLevel.SERIALIZABLE;
        };
    }

    @Override
    public int setSavepoint(String name) {
        checkOpen();
        if (autoCommit) {
            throw ErrorCode.SAVEPOINT_IN_AUTOCOMMIT.exception();
        }
        Transaction tx = currentTransaction();
        return savepoints.set(tx, name, commitActions.place(tx));
    }

    @Override
    public void rollbackToSavepoint(int id) {
        checkOpen();
        Transaction tx = currentTransaction();
        commitActions.rollbackTo(tx, savepoints.rollbackTo(tx, id));
    }

    @Override
    public void releaseSavepoint(int id) {
        checkOpen();
        savepoints.release(currentTransaction(), id);
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public void setReadOnly(boolean readOnly) {
        checkOpen();
        this.readOnly = readOnly;
    }

    @Override
    public String schema() {
        return InformationSchema.USER_SCHEMA;
    }

    @Override
    public boolean inTransaction() {
        return transaction != null;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    /** Cursors of this session that are still open. */
    public int openCursors() {
        return cursors.size();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        RuntimeException failure = null;
        for (QueryCursor cursor : cursors.list()) {
            try {
                cursor.close();
            } catch (RuntimeException e) {
                failure = failure == null ? e : suppress(failure, e);
            }
        }
        cursors.clear();
        if (transaction != null && !database.isClosed()) {
            try {
                rollbackTransaction();
            } catch (RuntimeException e) {
                failure = failure == null ? e : suppress(failure, e);
            }
        }
        transaction = null;
        abortCause = null;
        if (failure != null) {
            throw asVersoException(failure);
        }
    }

    private static RuntimeException suppress(RuntimeException first, RuntimeException next) {
        first.addSuppressed(next);
        return first;
    }

    // ---- queries

    private QueryCursor openCursor(CompiledStatement compiled, Object[] values, Cancellation cancellation) {
        boolean ownsTransaction = autoCommit;
        Transaction tx;
        try {
            tx = ownsTransaction ? database.begin(startingIsolation()) : currentTransaction();
            if (!ownsTransaction) {
                tx.markStatement(); // at READ COMMITTED, a query in a transaction reads a fresh snapshot
            }
        } catch (RuntimeException e) {
            cancellation.finish();
            throw e;
        }
        ExecContext ctx = new ExecContext(database, tx, values, cancellation);
        BooleanSupplier columnsChanged = columnsGuard(compiled);
        RowSource source;
        try {
            ctx.checkCancelled();
            source = compiled.plan().open(ctx);
        } catch (RuntimeException | Error e) {
            VersoException error = statementError(e, columnsChanged);
            cancellation.finish();
            queryFailed(ownsTransaction ? tx : null, error);
            throw error;
        }
        QueryCursor cursor = new QueryCursor(this, compiled.columns(), source, ctx, ownsTransaction ? tx : null,
            columnsChanged);
        cursors.add(cursor);
        cursor.prefetch();
        return cursor;
    }

    /** A cursor was exhausted or closed: its statement is complete. Ends the transaction the cursor owns. */
    void cursorEnded(QueryCursor cursor) {
        cursors.remove(cursor);
        Transaction own = cursor.ownTransaction();
        if (own != null && own.isActive() && !database.isClosed()) {
            own.commit(); // read-only: nothing to write, it only releases the snapshot
        }
    }

    /** Reading a cursor failed; the query wrote nothing, so only a class-40 failure affects the transaction. */
    void cursorFailed(QueryCursor cursor, VersoException error) {
        cursors.remove(cursor);
        queryFailed(cursor.ownTransaction(), error);
    }

    private void queryFailed(Transaction own, VersoException error) {
        if (own != null) {
            rollbackQuietly(own, error);
        } else if (SqlState.isTransactionRollback(error.sqlState())) {
            transactionAborted(error);
        }
    }

    /** Canonical values of a result row, of exactly the classes of the columns' types. */
    static Object[] canonicalRow(Object[] row, List<ColumnMeta> columns) {
        Object[] out = new Object[columns.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = Values.canonical(row[i], columns.get(i).type());
        }
        return out;
    }

    /** Closes the cursors reading in the session's transaction, which is about to end. */
    private void closeTransactionCursors() {
        for (QueryCursor cursor : cursors.list()) {
            if (cursor.ownTransaction() == null) {
                cursor.closeWithTransaction();
                cursors.remove(cursor);
            }
        }
    }

    // ---- changes (INSERT, UPDATE, DELETE)

    /**
     * Runs an INSERT, UPDATE or DELETE. With autocommit, the statement is its own (implicit) transaction and nothing
     * of it has reached the client until it returns, so a serialization failure or deadlock (class 40), which has
     * rolled the whole transaction back, is not reported: the statement runs again on a new snapshot, up to
     * {@value #IMPLICIT_RETRIES} times, as CockroachDB does for implicit transactions. An application without retry
     * logic thus never sees 40001 from a single autocommit statement such as {@code UPDATE t SET c = c + 1}.
     */
    private ExecutionResult executeChange(CompiledStatement compiled, Object[] values, Cancellation cancellation,
                                          GeneratedKeys keys) {
        for (int attempt = 1; ; attempt++) {
            try {
                return executeChangeOnce(compiled, values, cancellation, keys);
            } catch (VersoException e) {
                if (!autoCommit || !SqlState.isTransactionRollback(e.sqlState()) || attempt >= IMPLICIT_RETRIES) {
                    throw e;
                }
                cancellation.check();
                // A short random pause spreads out the transactions that keep meeting on the same row.
                LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1_000L * Math.min(attempt, 50)));
            }
        }
    }

    private ExecutionResult executeChangeOnce(CompiledStatement compiled, Object[] values, Cancellation cancellation,
                                              GeneratedKeys keys) {
        Transaction tx = currentTransaction();
        int mark = tx.markStatement();
        long count = 0;
        List<Object[]> analyzed = null; // EXPLAIN ANALYZE of a change: the plan's lines
        GeneratedKeyCollector collector = keys.kind() == GeneratedKeys.Kind.NONE ? null
            : new GeneratedKeyCollector(keys, compiled.returning() != null);
        BooleanSupplier columnsChanged = columnsGuard(compiled);
        ExecContext ctx = new ExecContext(database, tx, values, cancellation);
        try {
            ctx.collectGeneratedKeys(collector);
            ctx.checkCancelled();
            RowSource source = compiled.plan().open(ctx);
            if (compiled.kind() == StatementKind.ANALYZE_CHANGE) {
                analyzed = new ArrayList<>();
                for (Object[] line = source.next(); line != null; line = source.next()) {
                    analyzed.add(line);
                }
            } else {
                count = ((Number) source.next()[0]).longValue();
            }
            if (columnsChanged.getAsBoolean()) {
                throw ErrorCode.COLUMNS_CHANGED_MEANWHILE.exception();
            }
        } catch (RuntimeException | Error e) {
            VersoException error = statementError(e, columnsChanged);
            statementFailed(tx, mark, error);
            throw error;
        }
        commitActions.add(tx, ctx.commitActions());
        if (autoCommit) {
            commitTransaction();
        }
        if (analyzed != null) {
            return ExecutionResult.query(ResultRows.of(compiled.columns(), analyzed));
        }
        return collector == null ? ExecutionResult.update(count) : ExecutionResult.update(count, collector.rows());
    }

    private Transaction currentTransaction() {
        if (abortCause != null) {
            throw ErrorCode.TRANSACTION_ABORTED.exception(abortCause, transaction.id(), abortCause.sqlState());
        }
        if (transaction != null && !transaction.isActive()) {
            transaction = null;
        }
        if (transaction == null) {
            transaction = database.begin(startingIsolation());
        }
        return transaction;
    }

    /** Undoes what the failed statement wrote; see the class comment of SqlSession for the cases. */
    private void statementFailed(Transaction tx, int mark, VersoException error) {
        if (SqlState.isTransactionRollback(error.sqlState())) {
            if (autoCommit) {
                transaction = null;
            } else {
                transactionAborted(error);
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
            rollbackQuietly(tx, error);
        }
    }

    /**
     * engine-core has aborted the session's transaction. Outside autocommit it stays the session's, marked aborted,
     * until the application rolls back: its later statements must not run in a new one. Its cursors close.
     */
    private void transactionAborted(VersoException error) {
        closeTransactionCursors();
        abortCause = error;
    }

    private void commitTransaction() {
        Transaction tx = transaction;
        transaction = null;
        try {
            tx.commit();
            commitActions.committed(tx, database);
        } catch (RuntimeException e) {
            VersoException error = asVersoException(e);
            if (!SqlState.isTransactionRollback(error.sqlState()) && tx.isActive()) {
                rollbackQuietly(tx, error);
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

    private static void rollbackQuietly(Transaction tx, VersoException error) {
        try {
            tx.rollback();
        } catch (RuntimeException e) {
            // the transaction is unusable either way; the original error is what the caller needs
            error.addSuppressed(e);
        }
    }

    private PlannedSql ownPlan(PreparedSql statement) {
        if (statement instanceof PlannedSql planned && planned.engine() == engine) {
            return planned;
        }
        throw ErrorCode.INTERNAL_ERROR.exception("statement '" + statement.sql()
            + "' was not prepared by a session of database " + database.name());
    }

    private static Object[] bind(PlannedSql statement, Object[] params) {
        if (statement.literals() != null && params.length == 0) {
            return statement.literals(); // converted when the statement was prepared
        }
        List<ColumnMeta> types = statement.parameters();
        if (statement.isExplain() && params.length == 0) {
            return new Object[types.size()]; // nothing runs, so no value is needed
        }
        if (params.length != types.size()) {
            throw ErrorCode.PARAMETER_COUNT_MISMATCH.exception(types.size(), params.length);
        }
        Object[] values = new Object[params.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = Values.parameter(params[i], types.get(i).type());
        }
        return values;
    }

    /**
     * Whether a DROP or ADD COLUMN overlapped the statement, asked as its rows come: taken when it starts, the rest is
     * one volatile read. A change after the plan and before the start is known at once; one after the start moves the
     * epoch away from the mark.
     */
    private BooleanSupplier columnsGuard(CompiledStatement compiled) {
        long mark = database.columnsMark();
        if (database.columnsChanged(compiled.catalogVersion(), mark)) {
            return () -> true;
        }
        return () -> database.columnsMark() != mark;
    }

    /**
     * The error a statement that failed reports: its own, unless a DROP COLUMN overlapped it, in which case the
     * failure may come from rows of the other shape (an engine-core abort, class 40, is still reported as itself).
     */
    static VersoException statementError(Throwable e, BooleanSupplier columnsChanged) {
        VersoException error = asVersoException(e);
        if (!SqlState.isTransactionRollback(error.sqlState())
                && error.code() != ErrorCode.COLUMNS_CHANGED_MEANWHILE && columnsChanged.getAsBoolean()) {
            VersoException changed = ErrorCode.COLUMNS_CHANGED_MEANWHILE.exception();
            changed.addSuppressed(error);
            return changed;
        }
        return error;
    }

    static VersoException asVersoException(Throwable e) {
        return e instanceof VersoException v ? v : ErrorCode.INTERNAL_ERROR.exception(e, String.valueOf(e));
    }

    void checkOpen() {
        if (closed) {
            throw ErrorCode.CONNECTION_CLOSED.exception();
        }
        if (database.isClosed()) {
            throw ErrorCode.DATABASE_CLOSED.exception(database.name());
        }
    }
}
