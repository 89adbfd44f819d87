package org.verso.sql.exec.constraint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.verso.core.Database;
import org.verso.core.catalog.TableDefinition;
import org.verso.common.RowCursor;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.sql.api.Cancellation;
import org.verso.sql.exec.ExecContext;

/**
 * Checks the rows a table already has against constraints that ALTER TABLE is about to add, as if every row were
 * inserted again: CHECK, UNIQUE and the table's foreign keys. Reads one snapshot, in a transaction of its own that
 * writes nothing.
 */
public final class ExistingRows {
    private ExistingRows() {
    }

    /**
     * @param table the table's new definition: a column it adds is read from every row as the column's added
     *              value, as the rows will read it once the definition is stored
     */
    public static void check(Database database, TableDefinition table, TableConstraints constraints) {
        Transaction tx = database.begin(IsolationLevel.SNAPSHOT);
        try {
            ExecContext ctx = new ExecContext(database, tx, new Object[0], new Cancellation());
            List<Object[]> rows = new ArrayList<>();
            RowCursor cursor = database.table(table.name()).scan(tx);
            while (cursor.next()) {
                Object[] stored = cursor.row();
                Object[] row = Arrays.copyOf(stored, table.columnCount());
                for (int i = stored.length; i < row.length; i++) {
                    row[i] = table.column(i).addedValue();
                }
                rows.add(row);
            }
            constraints.checkExisting(ctx, rows);
        } finally {
            tx.rollback();
        }
    }

    /** Whether a row that a new snapshot sees has NULL in column {@code column} (ALTER COLUMN ... SET NOT NULL). */
    public static boolean anyNull(Database database, String table, int column) {
        Transaction tx = database.begin(IsolationLevel.SNAPSHOT);
        try (RowCursor cursor = database.table(table).scan(tx)) {
            while (cursor.next()) {
                if (cursor.row()[column] == null) {
                    return true;
                }
            }
            return false;
        } finally {
            tx.rollback();
        }
    }

    /** Whether the table has no row that a new snapshot sees. */
    public static boolean isEmpty(Database database, String table) {
        Transaction tx = database.begin(IsolationLevel.SNAPSHOT);
        try {
            return !database.table(table).scan(tx).next();
        } finally {
            tx.rollback();
        }
    }
}
