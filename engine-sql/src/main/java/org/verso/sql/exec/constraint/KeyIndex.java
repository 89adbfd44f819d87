package org.verso.sql.exec.constraint;

import org.verso.common.RowCursor;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.table.Table;
import org.verso.core.tx.Transaction;
import org.verso.storage.version.Snapshot;

/**
 * An index whose leading columns are exactly some key's columns (a foreign key's, or the key it references), so the
 * rows with one value of that key are found by a lookup instead of a scan: the primary key's index if it fits, else
 * the first that does (UNIQUE constraints' indexes come before those of CREATE INDEX).
 *
 * @param index the index's name
 * @param order for each of the index's leading columns, the position in the key of its value
 */
record KeyIndex(String index, int[] order) {
    /** The index of {@code table} that serves lookups by {@code columns}, or null if none does. */
    static KeyIndex of(TableDefinition table, int[] columns) {
        for (IndexDefinition index : table.indexes()) {
            int[] indexed = index.columns();
            if (indexed.length < columns.length) {
                continue;
            }
            int[] order = new int[columns.length];
            boolean fits = true;
            for (int i = 0; i < columns.length && fits; i++) {
                order[i] = -1;
                for (int j = 0; j < columns.length; j++) {
                    if (columns[j] == indexed[i]) {
                        order[i] = j;
                    }
                }
                fits = order[i] >= 0;
            }
            if (fits) {
                return new KeyIndex(index.name(), order);
            }
        }
        return null;
    }

    /**
     * The rows of {@code table} visible at {@code snapshot} (the transaction's, or at READ COMMITTED the newest
     * committed state) whose key is {@code key} (values in the key's order).
     */
    RowCursor rows(Table table, Transaction tx, Snapshot snapshot, Object[] key) {
        Object[] prefix = new Object[order.length];
        for (int i = 0; i < prefix.length; i++) {
            prefix[i] = key[order[i]];
        }
        return table.lookup(tx, snapshot, index, prefix);
    }
}
