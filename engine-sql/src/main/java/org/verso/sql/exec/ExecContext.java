package org.verso.sql.exec;

import java.time.LocalDateTime;
import org.verso.core.Database;
import org.verso.core.table.ReadableTable;
import org.verso.core.table.Table;
import org.verso.core.tx.Transaction;
import org.verso.sql.api.Cancellation;

/**
 * What one execution of a plan runs against: the database, the session's transaction, the bound parameter values
 * (already converted to the parameters' types) and the statement's cancel flag. Created per execution; plans
 * themselves hold no state.
 *
 * <p>Operators call {@link #checkCancelled} for every row they produce or consume, including the rows of the loops
 * that fill a sort, an aggregate or a hash table and the writes of the change operators; it is one volatile read.
 */
public final class ExecContext {
    private final Database database;
    private final Transaction transaction;
    private final Object[] params;
    private final Cancellation cancellation;
    private LocalDateTime statementTime;

    public ExecContext(Database database, Transaction transaction, Object[] params, Cancellation cancellation) {
        this.database = database;
        this.transaction = transaction;
        this.params = params;
        this.cancellation = cancellation;
    }

    public Transaction transaction() {
        return transaction;
    }

    public Object param(int index) {
        return params[index];
    }

    public Cancellation cancellation() {
        return cancellation;
    }

    /** Fails with 57014 once the statement has been cancelled or its timeout has passed. */
    public void checkCancelled() {
        cancellation.check();
    }

    /** The wall-clock time of this execution: CURRENT_TIMESTAMP is the same for every row of a statement. */
    public LocalDateTime statementTime() {
        if (statementTime == null) {
            statementTime = LocalDateTime.now();
        }
        return statementTime;
    }

    /**
     * The table by its catalog name, resolved per execution so a plan never holds a storage handle. Sessions check
     * a plan's catalog version before running it, so the table is the one the plan was made for.
     */
    public Table table(String name) {
        return database.table(name);
    }

    /** The next value of sequence {@code key} (a catalog key); values are not given back on rollback. */
    public long nextValue(String key) {
        return database.nextValue(key);
    }

    /** A table or system view to scan. */
    public ReadableTable readable(String name) {
        return database.readable(name);
    }
}
