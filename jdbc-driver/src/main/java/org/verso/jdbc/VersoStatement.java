package org.verso.jdbc;

import org.verso.common.SqlState;
import java.sql.BatchUpdateException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import org.verso.common.util.SlotSet;
import org.verso.sql.api.Cancellation;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.api.ExecutionResult;
import org.verso.sql.api.GeneratedKeys;
import org.verso.sql.api.PreparedSql;
import org.verso.sql.api.ResultRows;

/**
 * A JDBC Statement: runs SQL text through the connection's session. Each statement text is prepared first (the
 * engine's plan cache makes a repeated text cheap), so executeQuery refuses a statement that returns no rows, and
 * executeUpdate one that does, before anything runs.
 *
 * <p>One result per execution: a result set for a query, an update count otherwise (0 for DDL). Executing again or
 * closing the statement closes its result set.
 *
 * <p>Cancelling: every execution gets its own engine {@link Cancellation}. {@link #cancel} sets it from any thread,
 * and a query timeout sets it from the engine's timer thread; the statement then fails with 57014, whether it is
 * still executing or its result set is being read. A query runs until its result set is exhausted or closed, so the
 * timeout counts until then. Not thread safe otherwise.
 */
public class VersoStatement implements Statement {
    private static final Object[] NO_PARAMETERS = new Object[0];
    /** How often an autocommit batch runs again after a serialization failure or deadlock. */
    private static final int BATCH_RETRIES = 100;

    final VersoConnection connection;
    /** Its position among the connection's open statements; guarded by that set. */
    int slot = SlotSet.NONE;
    private final List<String> batch = new ArrayList<>();
    private VersoResultSet resultSet;
    private long updateCount = -1;
    private boolean closed;
    private long maxRows;
    private final FetchHints fetchHints = new FetchHints();
    private int queryTimeout;
    /** The cancel flag of the current execution (kept while its result set is open); null before the first. */
    private volatile Cancellation running;
    /** The flag armed for the statement {@link #prepareText} just planned, which its execution takes over. */
    private Cancellation planned;
    private boolean closeOnCompletion;
    private boolean poolable;
    /** TYPE_FORWARD_ONLY (rows stream) or TYPE_SCROLL_INSENSITIVE (rows are read at execution and held). */
    private int resultSetType = ResultSet.TYPE_FORWARD_ONLY;
    /** The generated keys the executions ask for: a prepared statement's, or the current call's. */
    private GeneratedKeys keyRequest = GeneratedKeys.NONE;
    /** The generated keys of the last execution or batch; empty columns when none were asked for. */
    private List<ColumnMeta> keyColumns = List.of();
    private final List<Object[]> keyRows = new ArrayList<>();

    VersoStatement(VersoConnection connection) {
        this.connection = connection;
    }

    void checkOpen() throws SQLException {
        if (connection.isClosed()) {
            throw SqlExceptions.connectionClosed();
        }
        if (closed) {
            throw SqlExceptions.create("the statement is closed", SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE);
        }
    }

    /** Prepares {@code sql} for this plain statement, which has no way to bind a '?'. */
    private PreparedSql prepareText(String sql) throws SQLException {
        checkOpen();
        if (sql == null) {
            throw SqlExceptions.create("the SQL text is null", SqlState.INVALID_PARAMETER_VALUE);
        }
        // The execution's flag is armed before planning, so that its timeout and cancel() cover the planning too.
        Cancellation cancellation = newExecution();
        PreparedSql prepared = connection.prepare(sql, cancellation);
        if (prepared.parameterCount() > 0 && !prepared.isExplain()) {
            throw SqlExceptions.create("the statement has " + prepared.parameterCount()
                + " parameters ('?'); use a PreparedStatement to give them values", SqlState.PARAMETER_MISMATCH);
        }
        planned = cancellation;
        return prepared;
    }

    /** A fresh cancel flag for the next execution, with the query timeout armed. */
    private Cancellation newExecution() {
        Cancellation cancellation = new Cancellation();
        if (queryTimeout > 0) {
            cancellation.timeoutAfter(Duration.ofSeconds(queryTimeout));
        }
        running = cancellation;
        return cancellation;
    }

    /** Runs a prepared statement and makes its outcome this statement's current result. */
    final boolean run(PreparedSql prepared, Object[] params) throws SQLException {
        closeResultSet();
        updateCount = -1;
        clearGeneratedKeys();
        ExecutionResult result = execute(prepared, params);
        if (result.isQuery()) {
            resultSet = resultSetType == ResultSet.TYPE_SCROLL_INSENSITIVE
                ? VersoResultSet.scrollable(result.rows(), connection, this, maxRows)
                : new VersoResultSet(result.rows(), connection, this, maxRows);
            if (closeOnCompletion) {
                resultSet.onClose(this::closeQuietly);
            }
            return true;
        }
        updateCount = result.updateCount();
        return false;
    }

    final ResultSet runQuery(PreparedSql prepared, Object[] params) throws SQLException {
        if (!prepared.isQuery()) {
            throw SqlExceptions.create("the statement returns no rows; use executeUpdate or execute", SqlState.NO_DATA);
        }
        run(prepared, params);
        return resultSet;
    }

    final long runUpdate(PreparedSql prepared, Object[] params) throws SQLException {
        if (prepared.isQuery()) {
            throw SqlExceptions.create("the statement returns rows; use executeQuery or execute",
                SqlState.RESULT_SETS_RETURNED);
        }
        run(prepared, params);
        return updateCount;
    }

    /** The update count of one batch entry; a query in a batch is an error, as JDBC requires. */
    final long runBatchEntry(PreparedSql prepared, Object[] params) throws SQLException {
        if (prepared.isQuery()) {
            throw SqlExceptions.create("a batch must not contain a query: " + prepared.sql(),
                SqlState.RESULT_SETS_RETURNED);
        }
        return execute(prepared, params).updateCount();
    }

    /** Executes with a fresh cancel flag, adding the generated keys the execution hands back to those held. */
    private ExecutionResult execute(PreparedSql prepared, Object[] params) throws SQLException {
        Cancellation cancellation = planned != null ? planned : newExecution();
        planned = null;
        ExecutionResult result = connection.execute(prepared, params, cancellation, keyRequest);
        ResultRows keys = result.generatedKeys();
        if (keys != null) {
            if (keyRows.isEmpty() && !keys.columns().isEmpty()) {
                keyColumns = keys.columns();
            }
            while (keys.next()) {
                keyRows.add(VersoResultSet.currentRow(keys));
            }
        }
        return result;
    }

    /** Forgets the keys of the previous execution or batch. */
    final void clearGeneratedKeys() {
        keyColumns = List.of();
        keyRows.clear();
    }

    /** The keys every execution of this (prepared) statement hands back. */
    final void returnGeneratedKeys(GeneratedKeys keys) {
        keyRequest = keys;
    }

    /** JDBC's autoGeneratedKeys flag as an engine request. */
    static GeneratedKeys requestedKeys(int autoGeneratedKeys) throws SQLException {
        if (autoGeneratedKeys == RETURN_GENERATED_KEYS) {
            return GeneratedKeys.tableKeys();
        }
        if (autoGeneratedKeys == NO_GENERATED_KEYS) {
            return GeneratedKeys.NONE;
        }
        throw SqlExceptions.create("autoGeneratedKeys must be RETURN_GENERATED_KEYS or NO_GENERATED_KEYS, not "
            + autoGeneratedKeys, SqlState.INVALID_PARAMETER_VALUE);
    }

    /** The columns at these 1-based positions; none for a null or empty array. */
    static GeneratedKeys requestedKeys(int[] columnIndexes) {
        return columnIndexes == null || columnIndexes.length == 0 ? GeneratedKeys.NONE
            : GeneratedKeys.positions(columnIndexes);
    }

    /** The columns of these names; none for a null or empty array. */
    static GeneratedKeys requestedKeys(String[] columnNames) throws SQLException {
        if (columnNames == null || columnNames.length == 0) {
            return GeneratedKeys.NONE;
        }
        for (String name : columnNames) {
            if (name == null) {
                throw SqlExceptions.create("a generated key column name is null", SqlState.INVALID_PARAMETER_VALUE);
            }
        }
        return GeneratedKeys.names(columnNames);
    }

    /** Runs one call of a plain statement with the generated keys it asks for. */
    private <T> T withKeys(GeneratedKeys keys, SqlCall<T> call) throws SQLException {
        GeneratedKeys before = keyRequest;
        keyRequest = keys;
        try {
            return call.run();
        } finally {
            keyRequest = before;
        }
    }

    private interface SqlCall<T> {
        T run() throws SQLException;
    }

    static int[] toIntCounts(long[] counts) {
        int[] result = new int[counts.length];
        for (int i = 0; i < counts.length; i++) {
            result[i] = saturatedInt(counts[i]);
        }
        return result;
    }

    static int saturatedInt(long n) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, n));
    }

    private void closeResultSet() throws SQLException {
        if (resultSet != null) {
            VersoResultSet open = resultSet;
            resultSet = null;
            open.close();
        }
    }

    /** closeOnCompletion: the result set closed, so the statement closes (its result set is already closed). */
    private void closeQuietly() {
        closed = true;
        resultSet = null;
        connection.forget(this);
    }

    // ---- execution with SQL text

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        return runQuery(prepareText(sql), NO_PARAMETERS);
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        return saturatedInt(executeLargeUpdate(sql));
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        return runUpdate(prepareText(sql), NO_PARAMETERS);
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        return run(prepareText(sql), NO_PARAMETERS);
    }

    // Generated keys: a plain statement asks for them per call.

    @Override
    public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return withKeys(requestedKeys(autoGeneratedKeys), () -> executeUpdate(sql));
    }

    @Override
    public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return withKeys(requestedKeys(columnIndexes), () -> executeUpdate(sql));
    }

    @Override
    public int executeUpdate(String sql, String[] columnNames) throws SQLException {
        return withKeys(requestedKeys(columnNames), () -> executeUpdate(sql));
    }

    @Override
    public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return withKeys(requestedKeys(autoGeneratedKeys), () -> executeLargeUpdate(sql));
    }

    @Override
    public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return withKeys(requestedKeys(columnIndexes), () -> executeLargeUpdate(sql));
    }

    @Override
    public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
        return withKeys(requestedKeys(columnNames), () -> executeLargeUpdate(sql));
    }

    @Override
    public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        return withKeys(requestedKeys(autoGeneratedKeys), () -> execute(sql));
    }

    @Override
    public boolean execute(String sql, int[] columnIndexes) throws SQLException {
        return withKeys(requestedKeys(columnIndexes), () -> execute(sql));
    }

    @Override
    public boolean execute(String sql, String[] columnNames) throws SQLException {
        return withKeys(requestedKeys(columnNames), () -> execute(sql));
    }

    /**
     * The keys of the rows the last execution, or every entry of the last batch, inserted, as the statement asked
     * for them (see {@link GeneratedKeys}); an empty result set when it did not ask or inserted nothing.
     */
    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        checkOpen();
        return new VersoResultSet(ResultRows.of(keyColumns, new ArrayList<>(keyRows)), connection, this, 0);
    }

    // ---- batches

    @Override
    public void addBatch(String sql) throws SQLException {
        checkOpen();
        if (sql == null) {
            throw SqlExceptions.create("the SQL text is null", SqlState.INVALID_PARAMETER_VALUE);
        }
        batch.add(sql);
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        return toIntCounts(executeLargeBatch());
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        checkOpen();
        closeResultSet();
        updateCount = -1;
        clearGeneratedKeys();
        List<String> entries = new ArrayList<>(batch);
        batch.clear();
        return runBatch(entries, sql -> runBatchEntry(prepareText(sql), NO_PARAMETERS));
    }

    /** Runs one entry of a batch and returns its update count. */
    interface BatchEntryRunner<T> {
        long run(T entry) throws SQLException;
    }

    /**
     * Runs the entries of a batch. Without autocommit they run in the open transaction, as single statements would.
     * With autocommit the batch is one implicit transaction: its entries commit together, once, at the end (a row
     * per entry would otherwise cost a forced log write each), and an entry that fails rolls the whole batch back.
     * A serialization failure or deadlock there reaches no client before the batch returns, so the batch runs again
     * from its first entry on a new snapshot, as a single autocommit statement would.
     */
    final <T> long[] runBatch(List<T> entries, BatchEntryRunner<T> runner) throws SQLException {
        if (entries.size() < 2 || !connection.getAutoCommit()) {
            return runEntries(entries, runner);
        }
        for (int attempt = 1; ; attempt++) {
            connection.setAutoCommit(false);
            try {
                long[] counts = runEntries(entries, runner);
                try {
                    connection.commit();
                } catch (SQLException e) {
                    throw SqlExceptions.batchFailed("the batch's commit failed", e, counts);
                }
                return counts;
            } catch (BatchUpdateException e) {
                rollbackQuietly(e);
                if (!SqlState.isTransactionRollback(e.getSQLState()) || attempt >= BATCH_RETRIES) {
                    throw e;
                }
                clearGeneratedKeys();
                LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1_000L * Math.min(attempt, 50)));
            } finally {
                connection.setAutoCommit(true);
            }
        }
    }

    private <T> long[] runEntries(List<T> entries, BatchEntryRunner<T> runner) throws SQLException {
        long[] counts = new long[entries.size()];
        for (int i = 0; i < entries.size(); i++) {
            try {
                counts[i] = runner.run(entries.get(i));
            } catch (SQLException e) {
                throw SqlExceptions.batchFailed(e, Arrays.copyOf(counts, i));
            }
        }
        return counts;
    }

    private void rollbackQuietly(SQLException cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }

    // ---- results

    @Override
    public ResultSet getResultSet() throws SQLException {
        checkOpen();
        return resultSet;
    }

    @Override
    public int getUpdateCount() throws SQLException {
        return saturatedInt(getLargeUpdateCount());
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        checkOpen();
        return updateCount;
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        return getMoreResults(CLOSE_CURRENT_RESULT);
    }

    @Override
    public boolean getMoreResults(int current) throws SQLException {
        checkOpen();
        if (current != KEEP_CURRENT_RESULT) {
            closeResultSet();
        }
        resultSet = null;
        updateCount = -1;
        return false;
    }

    // ---- lifecycle and settings

    @Override
    public void close() throws SQLException {
        if (!closed) {
            closed = true;
            connection.forget(this);
            closeResultSet();
        }
    }

    /** Closes the statement because its connection closes. */
    void closeForConnection() {
        closed = true;
        try {
            closeResultSet();
        } catch (SQLException e) {
            // the connection's close ends the session and its cursors anyway
        }
    }

    /** Sets the cancel flag of the running execution, if any; takes no lock (see {@link #cancel}). */
    void cancelRunning() {
        Cancellation current = running;
        if (current != null) {
            current.cancel();
        }
    }

    @Override
    public boolean isClosed() {
        return closed || connection.isClosed();
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        checkOpen();
        closeOnCompletion = true;
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        checkOpen();
        return closeOnCompletion;
    }

    @Override
    public int getMaxFieldSize() throws SQLException {
        checkOpen();
        return 0;
    }

    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw SqlExceptions.create("max field size must not be negative", SqlState.INVALID_PARAMETER_VALUE);
        }
        if (max != 0) {
            throw SqlExceptions.unsupported("truncating values to a maximum field size");
        }
    }

    @Override
    public int getMaxRows() throws SQLException {
        return saturatedInt(getLargeMaxRows());
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        setLargeMaxRows(max);
    }

    @Override
    public long getLargeMaxRows() throws SQLException {
        checkOpen();
        return maxRows;
    }

    @Override
    public void setLargeMaxRows(long max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw SqlExceptions.create("max rows must not be negative", SqlState.INVALID_PARAMETER_VALUE);
        }
        maxRows = max;
    }

    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        // JDBC escapes ({fn ...}, {d ...}) are not translated; the text goes to the engine as written either way.
        checkOpen();
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        checkOpen();
        return queryTimeout;
    }

    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        checkOpen();
        if (seconds < 0) {
            throw SqlExceptions.create("query timeout must not be negative", SqlState.INVALID_PARAMETER_VALUE);
        }
        queryTimeout = seconds;
    }

    /**
     * Cancels the statement's current execution from any thread: it fails with 57014 at its next row, and its
     * transaction is handled as after any failed statement. Nothing happens if nothing runs. The executing thread
     * is never interrupted.
     */
    @Override
    public void cancel() throws SQLException {
        checkOpen();
        cancelRunning();
    }

    /**
     * How far the current execution has got, in rows its operators produced or consumed (see
     * {@link Cancellation#progress}); 0 when nothing runs. Lets a test see a long statement at work without sleeping.
     */
    long executionProgress() {
        Cancellation current = running;
        return current == null || current.isFinished() ? 0 : current.progress();
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
    }

    @Override
    public void setCursorName(String name) throws SQLException {
        throw SqlExceptions.unsupported("named cursors");
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        fetchHints.setDirection(direction);
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return fetchHints.direction();
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        fetchHints.setSize(rows);
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchHints.size();
    }

    @Override
    public int getResultSetConcurrency() throws SQLException {
        checkOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetType() throws SQLException {
        checkOpen();
        return resultSetType;
    }

    /** The type of the result sets this statement makes: TYPE_FORWARD_ONLY or TYPE_SCROLL_INSENSITIVE. */
    final void setResultSetType(int type) {
        resultSetType = type;
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        checkOpen();
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public VersoConnection getConnection() throws SQLException {
        checkOpen();
        return connection;
    }

    @Override
    public void setPoolable(boolean poolable) throws SQLException {
        checkOpen();
        this.poolable = poolable;
    }

    @Override
    public boolean isPoolable() throws SQLException {
        checkOpen();
        return poolable;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return SqlExceptions.unwrap(this, iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
