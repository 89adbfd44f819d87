package org.verso.jdbc;

import org.verso.common.SqlState;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.common.util.SlotSet;
import org.verso.sql.api.Cancellation;
import org.verso.sql.api.DatabaseLease;
import org.verso.sql.api.ExecutionResult;
import org.verso.sql.api.GeneratedKeys;
import org.verso.sql.api.Isolation;
import org.verso.sql.api.PreparedSql;
import org.verso.sql.api.ResultRows;
import org.verso.sql.api.SqlSession;

/**
 * A connection to a Verso database: one engine {@link SqlSession}, holding the current transaction, autocommit and
 * isolation, and one lease on a database shared with the other connections to the same location.
 *
 * <p>Transactions follow the session's rules. With autocommit, a query's transaction ends when its result set is
 * fully read or closed (closing or re-executing its statement, or closing the connection, closes it); other
 * statements may run meanwhile, each in its own transaction. Without autocommit, {@link #commit} and
 * {@link #rollback} close the result sets still open in the transaction (holdability CLOSE_CURSORS_AT_COMMIT).
 *
 * <p>Isolation: TRANSACTION_REPEATABLE_READ is snapshot isolation and the default. READ_COMMITTED has PostgreSQL's
 * semantics (a snapshot per statement; a write that meets a concurrently changed row waits, then re-evaluates its
 * condition on the newest committed version); READ_UNCOMMITTED is upgraded to it, and
 * {@link #getTransactionIsolation()} then reports READ_COMMITTED. SERIALIZABLE is Serializable Snapshot Isolation.
 *
 * <p>Threading: calls into the session, including reading rows of a result set, are synchronised on the connection,
 * so a connection shared by threads stays consistent (statements still run one at a time). Statements and result
 * sets themselves are not thread safe, except {@link java.sql.Statement#cancel}, which only sets the running
 * statement's cancel flag and takes no lock.
 */
public final class VersoConnection implements Connection {
    private final ConnectionUrl url;
    private final DatabaseLease lease;
    private final SqlSession session;
    private final SlotSet<VersoStatement> statements = new SlotSet<>(st -> st.slot, (st, slot) -> st.slot = slot);
    private final Properties clientInfo = new Properties();
    private volatile boolean closed;
    private int networkTimeout;

    VersoConnection(ConnectionUrl url, DatabaseLease lease) throws SQLException {
        this.url = url;
        this.lease = lease;
        try {
            this.session = lease.openSession();
        } catch (RuntimeException e) {
            SQLException failure = SqlExceptions.of(e);
            releaseLease(failure);
            throw failure;
        }
    }

    /** Runs {@code call} on the session: checks the connection is open and maps engine exceptions. */
    private synchronized <T> T withSession(Function<SqlSession, T> call) throws SQLException {
        checkOpen();
        try {
            return call.apply(session);
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        }
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw SqlExceptions.connectionClosed();
        }
    }

    PreparedSql prepare(String sql) throws SQLException {
        return withSession(s -> s.prepare(sql));
    }

    /** Plans {@code sql}; the planning ends with 57014 once {@code cancellation} is set. */
    PreparedSql prepare(String sql, Cancellation cancellation) throws SQLException {
        return withSession(s -> s.prepare(sql, cancellation));
    }

    ExecutionResult execute(PreparedSql prepared, Object[] params, Cancellation cancellation, GeneratedKeys keys)
        throws SQLException {
        return withSession(s -> s.execute(prepared, params, cancellation, keys));
    }

    /** The next row of a result set: reading runs the query's operators in the session, so it is serialised too. */
    synchronized boolean next(ResultRows rows) throws SQLException {
        checkOpen();
        try {
            return rows.next();
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        }
    }

    /** Closes a result set's rows, which may end the query's transaction. */
    synchronized void close(ResultRows rows) throws SQLException {
        try {
            rows.close();
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        }
    }

    /** The schema every table is in. */
    String schema() {
        return session.schema();
    }

    ConnectionUrl connectionUrl() {
        return url;
    }

    private <S extends VersoStatement> S register(S statement) {
        synchronized (statements) {
            statements.add(statement);
        }
        return statement;
    }

    /** A statement closed itself; the connection no longer needs to close it. */
    void forget(VersoStatement statement) {
        synchronized (statements) {
            statements.remove(statement);
        }
    }

    // ---- statements

    @Override
    public Statement createStatement() throws SQLException {
        checkOpen();
        return register(new VersoStatement(this));
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        return createStatement(resultSetType, resultSetConcurrency, ResultSet.CLOSE_CURSORS_AT_COMMIT);
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability)
        throws SQLException {
        int type = checkResultSetOptions(resultSetType, resultSetConcurrency, resultSetHoldability);
        VersoStatement statement = (VersoStatement) createStatement();
        statement.setResultSetType(type);
        return statement;
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        checkOpen();
        if (sql == null) {
            throw SqlExceptions.create("the SQL text is null", SqlState.INVALID_PARAMETER_VALUE);
        }
        return register(new VersoPreparedStatement(this, prepare(sql)));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency)
        throws SQLException {
        return prepareStatement(sql, resultSetType, resultSetConcurrency, ResultSet.CLOSE_CURSORS_AT_COMMIT);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency,
                                              int resultSetHoldability) throws SQLException {
        int type = checkResultSetOptions(resultSetType, resultSetConcurrency, resultSetHoldability);
        VersoPreparedStatement statement = (VersoPreparedStatement) prepareStatement(sql);
        statement.setResultSetType(type);
        return statement;
    }

    // Generated keys: the statement asks the engine for the keys of the rows each execution inserts.

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        return withKeys(prepareStatement(sql), VersoStatement.requestedKeys(autoGeneratedKeys));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        return withKeys(prepareStatement(sql), VersoStatement.requestedKeys(columnIndexes));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        return withKeys(prepareStatement(sql), VersoStatement.requestedKeys(columnNames));
    }

    private static PreparedStatement withKeys(PreparedStatement statement, GeneratedKeys keys) {
        ((VersoPreparedStatement) statement).returnGeneratedKeys(keys);
        return statement;
    }

    /**
     * Results are read only. Forward-only ones stream from the engine, so a result set read in a transaction closes
     * when the transaction ends (CLOSE_CURSORS_AT_COMMIT); with autocommit a query's transaction ends with its
     * result set. Scrollable ones are scroll-insensitive: their rows are read at execution and held. A request for
     * TYPE_SCROLL_SENSITIVE gets that too, as JDBC lets a driver choose the nearest type it has; the result set's
     * getType tells. Returns the type the statement's result sets will have.
     */
    private int checkResultSetOptions(int type, int concurrency, int holdability) throws SQLException {
        checkOpen();
        if (type != ResultSet.TYPE_FORWARD_ONLY && type != ResultSet.TYPE_SCROLL_INSENSITIVE
            && type != ResultSet.TYPE_SCROLL_SENSITIVE) {
            throw SqlExceptions.create("unknown result set type " + type, SqlState.INVALID_PARAMETER_VALUE);
        }
        if (concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw SqlExceptions.unsupported("updatable result sets (only CONCUR_READ_ONLY)");
        }
        if (holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT) {
            throw SqlExceptions.unsupported("HOLD_CURSORS_OVER_COMMIT (result sets stream and close when their "
                + "transaction ends)");
        }
        if (holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
            throw SqlExceptions.create("unknown result set holdability " + holdability,
                SqlState.INVALID_PARAMETER_VALUE);
        }
        return type == ResultSet.TYPE_FORWARD_ONLY ? type : ResultSet.TYPE_SCROLL_INSENSITIVE;
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        throw SqlExceptions.unsupported("stored procedures (prepareCall)");
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
        throw SqlExceptions.unsupported("stored procedures (prepareCall)");
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency,
                                         int resultSetHoldability) throws SQLException {
        throw SqlExceptions.unsupported("stored procedures (prepareCall)");
    }

    /** JDBC escape syntax is not translated: the text reaches the engine as written. */
    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        return sql;
    }

    // ---- transactions

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        withSession(s -> {
            s.setAutoCommit(autoCommit);
            return null;
        });
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        return withSession(SqlSession::autoCommit);
    }

    /**
     * Commits the current transaction. In autocommit mode there is nothing to commit and the call does nothing,
     * rather than failing, because loaders commonly call it regardless of the mode.
     */
    @Override
    public void commit() throws SQLException {
        withSession(s -> {
            if (!s.autoCommit() || s.inTransaction()) {
                s.commit();
            }
            return null;
        });
    }

    /** Rolls back the current transaction; harmless when there is none or the engine already aborted it. */
    @Override
    public void rollback() throws SQLException {
        withSession(s -> {
            if (!s.autoCommit() || s.inTransaction()) {
                s.rollback();
            }
            return null;
        });
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        Isolation isolation = switch (level) {
            case TRANSACTION_READ_UNCOMMITTED -> Isolation.READ_UNCOMMITTED;
            case TRANSACTION_READ_COMMITTED -> Isolation.READ_COMMITTED;
            case TRANSACTION_REPEATABLE_READ -> Isolation.REPEATABLE_READ;
            case TRANSACTION_SERIALIZABLE -> Isolation.SERIALIZABLE;
            case TRANSACTION_NONE -> throw SqlExceptions.unsupported("TRANSACTION_NONE: every statement runs in a "
                + "transaction, so transactions cannot be switched off");
            default -> throw SqlExceptions.create("unknown transaction isolation level " + level,
                SqlState.INVALID_PARAMETER_VALUE);
        };
        withSession(s -> {
            s.setIsolation(isolation);
            return null;
        });
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        return withSession(s -> switch (s.isolation()) {
            case READ_UNCOMMITTED -> TRANSACTION_READ_UNCOMMITTED;
            case READ_COMMITTED -> TRANSACTION_READ_COMMITTED;
            case REPEATABLE_READ -> TRANSACTION_REPEATABLE_READ;
            case SERIALIZABLE -> TRANSACTION_SERIALIZABLE;
        });
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        return withSession(s -> new VersoSavepoint(this, s.setSavepoint(), null));
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        if (name == null) {
            throw new SQLException("a named savepoint needs a name", "3B001");
        }
        return withSession(s -> new VersoSavepoint(this, s.setSavepoint(name), name));
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        int id = VersoSavepoint.idOf(savepoint, this);
        withSession(s -> {
            s.rollbackToSavepoint(id);
            return null;
        });
    }

    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        int id = VersoSavepoint.idOf(savepoint, this);
        withSession(s -> {
            s.releaseSavepoint(id);
            return null;
        });
    }

    // ---- lifecycle

    /**
     * Closes the statements and their result sets (ending their queries' transactions), rolls back an open
     * transaction and releases this connection's lease on the database. A statement still running in another thread
     * is cancelled first, so closing does not wait for it to finish on its own.
     */
    @Override
    public void close() throws SQLException {
        List<VersoStatement> open;
        synchronized (statements) {
            open = statements.list();
        }
        for (VersoStatement statement : open) {
            statement.cancelRunning();
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            synchronized (statements) {
                open = statements.list();
                statements.clear();
            }
            for (VersoStatement statement : open) {
                statement.closeForConnection();
            }
            SQLException failure = null;
            try {
                session.close();
            } catch (RuntimeException e) {
                failure = SqlExceptions.of(e);
            }
            releaseLease(failure);
            if (failure != null) {
                throw failure;
            }
        }
    }

    private void releaseLease(SQLException failure) throws SQLException {
        try {
            lease.close();
        } catch (VersoException e) {
            if (failure == null) {
                throw SqlExceptions.of(e);
            }
            failure.addSuppressed(e);
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void abort(Executor executor) throws SQLException {
        if (executor == null) {
            throw SqlExceptions.create("abort needs an executor", SqlState.INVALID_PARAMETER_VALUE);
        }
        close();
    }

    @Override
    public boolean isValid(int timeout) throws SQLException {
        if (timeout < 0) {
            throw SqlExceptions.create("timeout must not be negative", SqlState.INVALID_PARAMETER_VALUE);
        }
        if (closed) {
            return false;
        }
        return !lease.isReleased() && !session.isClosed();
    }

    // ---- properties

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        return new VersoDatabaseMetaData(this);
    }

    /**
     * Enforced: while set, INSERT, UPDATE, DELETE, DDL and SELECT ... FOR UPDATE fail with 25006 (read-only SQL
     * transaction); queries run.
     */
    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkOpen();
        session.setReadOnly(readOnly);
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkOpen();
        return session.readOnly();
    }

    /** Verso has no catalogs; JDBC says a driver without catalogs ignores this call. */
    @Override
    public void setCatalog(String catalog) throws SQLException {
        checkOpen();
    }

    /** Null: Verso has no catalogs (and a null catalog filter in DatabaseMetaData means "any"). */
    @Override
    public String getCatalog() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void setSchema(String schema) throws SQLException {
        checkOpen();
        if (schema == null || !schema.equalsIgnoreCase(session.schema())) {
            throw SqlExceptions.create("schema " + schema + " does not exist (the only schema is "
                + session.schema() + ")", SqlState.INVALID_SCHEMA_NAME);
        }
    }

    @Override
    public String getSchema() throws SQLException {
        checkOpen();
        return session.schema();
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
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        checkOpen();
        return Map.of();
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
        checkOpen();
        if (map != null && !map.isEmpty()) {
            throw SqlExceptions.unsupported("user-defined type maps");
        }
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        checkResultSetOptions(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY, holdability);
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        if (closed) {
            throw new SQLClientInfoException(ErrorCode.CONNECTION_CLOSED.exception().getMessage(),
                SqlState.CONNECTION_DOES_NOT_EXIST, 0, Map.of());
        }
        if (value == null) {
            clientInfo.remove(name);
        } else {
            clientInfo.setProperty(name, value);
        }
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        if (closed) {
            throw new SQLClientInfoException(ErrorCode.CONNECTION_CLOSED.exception().getMessage(),
                SqlState.CONNECTION_DOES_NOT_EXIST, 0, Map.of());
        }
        clientInfo.clear();
        if (properties != null) {
            clientInfo.putAll(properties);
        }
    }

    @Override
    public String getClientInfo(String name) throws SQLException {
        checkOpen();
        return clientInfo.getProperty(name);
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        checkOpen();
        Properties copy = new Properties();
        copy.putAll(clientInfo);
        return copy;
    }

    /** Remembered only: an embedded connection has no network to time out. */
    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        checkOpen();
        if (milliseconds < 0) {
            throw SqlExceptions.create("timeout must not be negative", SqlState.INVALID_PARAMETER_VALUE);
        }
        networkTimeout = milliseconds;
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        checkOpen();
        return networkTimeout;
    }

    @Override
    public Clob createClob() throws SQLException {
        throw SqlExceptions.unsupported("CLOB values");
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw SqlExceptions.unsupported("BLOB values");
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw SqlExceptions.unsupported("NCLOB values");
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw SqlExceptions.unsupported("SQLXML values");
    }

    @Override
    public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        throw SqlExceptions.unsupported("ARRAY values");
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        throw SqlExceptions.unsupported("STRUCT values");
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
