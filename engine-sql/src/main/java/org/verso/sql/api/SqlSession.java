package org.verso.sql.api;

/**
 * One SQL session: what a JDBC connection (or a network client) talks to. It holds the current transaction,
 * autocommit and the isolation level, and runs prepared statements.
 *
 * <p>Transactions. A transaction begins at the first statement that needs one.
 * <ul>
 *   <li>With autocommit (the default), every statement is its own transaction. INSERT, UPDATE, DELETE commit when
 *       {@link #execute} returns and roll back when it fails. A query's transaction is read-only; it ends (its
 *       commit is trivial) when its cursor is exhausted or closed, and until then its snapshot stays, so the rows
 *       read are those of the moment the query ran. Other statements of the session may run meanwhile, each in
 *       its own transaction.</li>
 *   <li>Without autocommit, statements run in the session's transaction until {@link #commit} or
 *       {@link #rollback}, which close the cursors still open in it (their results are not held over the end of
 *       the transaction). A failed statement is rolled back to its start and the transaction stays usable, unless
 *       the failure is of SQLState class 40 (write conflict, deadlock): then the engine has rolled the whole
 *       transaction back, and further statements and {@code commit} fail with 25P02 until {@code rollback}.</li>
 *   <li>DDL is not transactional: it takes effect at once for every session; an open transaction stays open.</li>
 *   <li>SQL's transaction statements act on the same transaction: {@code COMMIT} and {@code ROLLBACK} as
 *       {@link #commit} and {@link #rollback}; {@code SAVEPOINT}, {@code ROLLBACK TO} and {@code RELEASE} as the
 *       savepoint methods; {@code BEGIN} (or {@code START TRANSACTION}) with autocommit on suspends autocommit
 *       until the next {@code COMMIT} or {@code ROLLBACK}, and does nothing otherwise.</li>
 * </ul>
 *
 * <p>Threading: a session is used by one thread at a time, and so are its cursors. The one call that may come
 * from another thread is {@link Cancellation#cancel()} on the flag an execution was given.
 */
public interface SqlSession extends AutoCloseable {
    /** Plans the statement or takes it from the shared plan cache. 42xxx on bad SQL. */
    default PreparedSql prepare(String sql) {
        return prepare(sql, new Cancellation());
    }

    /**
     * Plans the statement or takes it from the shared plan cache; planning checks {@code cancellation}, so a query
     * timeout or a cancel also ends a statement that is still being planned (57014).
     */
    PreparedSql prepare(String sql, Cancellation cancellation);

    /**
     * Runs a prepared statement. {@code params} holds one value per '?', as plain Java objects, which
     * engine-common's {@link org.verso.common.type.Values#parameter} converts to the parameter's type.
     * {@code cancellation} is the statement's cancel flag (and timeout); it stays in force while a query's rows are
     * read. A query's rows stream: the caller must close them.
     */
    default ExecutionResult execute(PreparedSql statement, Object[] params, Cancellation cancellation) {
        return execute(statement, params, cancellation, GeneratedKeys.NONE);
    }

    /**
     * {@link #execute(PreparedSql, Object[], Cancellation)}, handing back the generated keys {@code keys} asks for
     * of the rows an INSERT adds ({@link ExecutionResult#generatedKeys()}); ignored for queries and DDL.
     */
    ExecutionResult execute(PreparedSql statement, Object[] params, Cancellation cancellation, GeneratedKeys keys);

    /** {@link #execute(PreparedSql, Object[], Cancellation)} without a cancel flag of the caller's. */
    default ExecutionResult execute(PreparedSql statement, Object[] params) {
        return execute(statement, params, new Cancellation());
    }

    /** prepare + execute without parameters. */
    default ExecutionResult execute(String sql) {
        return execute(prepare(sql), new Object[0]);
    }

    boolean autoCommit();

    /** Switching autocommit on commits an open transaction, as JDBC requires. */
    void setAutoCommit(boolean autoCommit);

    /**
     * Commits the open transaction, closing its cursors first. If a statement of it failed with a serialization
     * failure or deadlock, the engine has already rolled it back: the call ends it and fails with 25P02.
     */
    void commit();

    /** Rolls back the open transaction, closing its cursors first; harmless when there is none. */
    void rollback();

    /** The level the session serves (see {@link Isolation}). */
    Isolation isolation();

    /** Takes effect for the next transaction the session begins. */
    void setIsolation(Isolation isolation);

    /**
     * Sets a savepoint in the open transaction (beginning one if needed) and returns its id. Needs autocommit off
     * (25000 otherwise). {@code name}, if not null, lets SQL's {@code ROLLBACK TO name} and {@code RELEASE name}
     * find it.
     */
    int setSavepoint(String name);

    /** {@link #setSavepoint(String)} without a name. */
    default int setSavepoint() {
        return setSavepoint(null);
    }

    /**
     * Undoes every change the transaction made after savepoint {@code id}; the savepoint stays, later ones are
     * gone, and the transaction goes on. 3B001 for a savepoint that does not exist; 25P02 when the transaction was
     * rolled back by a 40xxx error (roll the whole transaction back then).
     */
    void rollbackToSavepoint(int id);

    /** Forgets savepoint {@code id} and every later one, keeping their changes; 3B001 if it does not exist. */
    void releaseSavepoint(int id);

    /** Whether the session refuses statements that write (see {@link #setReadOnly}). */
    boolean readOnly();

    /**
     * While set, statements that change data or the schema, and SELECT ... FOR UPDATE, fail with 25006 before they
     * run; queries run as before.
     */
    void setReadOnly(boolean readOnly);

    /** The schema unqualified table names resolve in: {@code PUBLIC}, the schema of every user table. */
    String schema();

    /** Whether the session holds an open transaction of its own (autocommit off, or a statement running). */
    boolean inTransaction();

    boolean isClosed();

    /** Closes every open cursor, rolls back an open transaction and releases the session. Idempotent. */
    @Override
    void close();
}
