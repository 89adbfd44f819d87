package org.verso.sql.exec;

import java.time.LocalDateTime;
import org.verso.core.Database;
import org.verso.core.table.ReadableTable;
import org.verso.core.table.Table;
import org.verso.core.tx.Transaction;

/**
 * What one execution of a plan runs against: the database, the session's transaction and the bound parameter
 * values (already converted to the parameters' types). Created per execution; plans themselves hold no state.
 */
public final class ExecContext {
    private final Database database;
    private final Transaction transaction;
    private final Object[] params;
    private LocalDateTime statementTime;

    public ExecContext(Database database, Transaction transaction, Object[] params) {
        this.database = database;
        this.transaction = transaction;
        this.params = params;
    }

    public Transaction transaction() {
        return transaction;
    }

    public Object param(int index) {
        return params[index];
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
