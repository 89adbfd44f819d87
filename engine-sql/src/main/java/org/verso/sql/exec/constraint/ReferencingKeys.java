package org.verso.sql.exec.constraint;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.ForeignKey;
import org.verso.core.catalog.ForeignKeyAction;
import org.verso.common.RowCursor;
import org.verso.core.table.RowRecheck;
import org.verso.core.table.Table;
import org.verso.core.tx.Transaction;
import org.verso.sql.exec.ExecContext;
import org.verso.storage.version.Snapshot;

/**
 * The parent side of foreign keys: what happens to rows of other tables (or this one) that reference keys a
 * DELETE or UPDATE of this table removed. After the statement's writes, it waits for the transactions whose
 * foreign-key checks hold a key-share lock on the rows that lost their key (40001 if one committed after the
 * snapshot; at READ COMMITTED the references are looked for in the newest committed state instead), then looks for
 * the removed keys in each child table: through an index on the foreign key's columns if
 * the child has one, else by one scan. ON DELETE RESTRICT and NO ACTION fail with 23503 if a referencing row
 * remains; ON DELETE CASCADE deletes the referencing rows, and their own referencing rows in turn; ON DELETE SET
 * NULL sets their foreign key columns to NULL. A changed
 * referenced key is always checked as NO ACTION (Verso has no ON UPDATE CASCADE). Built once per plan; cascades
 * through cycles reuse the same objects.
 */
final class ReferencingKeys {
    /**
     * One foreign key of table {@code child} that references this table, with that table's own referencing keys and
     * its index that finds rows by the foreign key's columns (null: none does, and the child table is scanned).
     */
    private record Referrer(String child, ForeignKey key, ReferencingKeys childKeys, KeyIndex childIndex) {
    }

    private final String table;
    private final List<Referrer> referrers = new ArrayList<>();

    ReferencingKeys(String table) {
        this.table = table;
    }

    void add(String child, ForeignKey key, ReferencingKeys childKeys, KeyIndex childIndex) {
        referrers.add(new Referrer(child, key, childKeys, childIndex));
    }

    boolean isEmpty() {
        return referrers.isEmpty();
    }

    /** Acts on the rows referencing {@code deleted} rows of this table, whose row ids are {@code rowIds}. */
    void afterDelete(ExecContext ctx, List<Object[]> deleted, List<Long> rowIds) {
        awaitKeyShares(ctx, rowIds);
        for (Referrer referrer : referrers) {
            Set<KeyValues> removed = keys(deleted, referrer.key().referencedColumns());
            if (!removed.isEmpty()) {
                act(ctx, referrer, removed, referrer.key().onDelete());
            }
        }
    }

    /**
     * Checks that no row still references a key an UPDATE of this table changed (NO ACTION); {@code rowIds} are the
     * updated rows'.
     */
    void afterUpdate(ExecContext ctx, List<Object[]> oldRows, List<Object[]> newRows, List<Long> rowIds) {
        List<Long> rekeyed = new ArrayList<>();
        for (int i = 0; i < rowIds.size(); i++) {
            for (Referrer referrer : referrers) {
                int[] referenced = referrer.key().referencedColumns();
                if (!KeyValues.of(oldRows.get(i), referenced).equals(KeyValues.of(newRows.get(i), referenced))) {
                    rekeyed.add(rowIds.get(i));
                    break;
                }
            }
        }
        awaitKeyShares(ctx, rekeyed);
        for (Referrer referrer : referrers) {
            int[] referenced = referrer.key().referencedColumns();
            Set<KeyValues> removed = keys(oldRows, referenced);
            removed.removeAll(keys(newRows, referenced));
            if (!removed.isEmpty()) {
                act(ctx, referrer, removed, ForeignKeyAction.NO_ACTION);
            }
        }
    }

    /**
     * Waits for the transactions whose foreign-key checks hold a key-share lock on rows this statement deleted or
     * re-keyed, before the referencing rows are looked for: one that committed after the snapshot may have added a
     * reference the snapshot cannot show (40001).
     */
    private void awaitKeyShares(ExecContext ctx, List<Long> rowIds) {
        Table self = ctx.table(table);
        for (long rowId : rowIds) {
            self.awaitKeyShares(ctx.transaction(), rowId);
        }
    }

    /**
     * The state in which references are looked for: the transaction's snapshot, or at READ COMMITTED the newest
     * committed state, taken after the key-share locks' holders ended, so that a child one of them committed is seen
     * (as PostgreSQL's checks do: 23503, or the child deleted by a cascade).
     */
    private static Snapshot referenceSnapshot(Transaction tx) {
        return tx.control().followsConcurrentUpdates() ? tx.latestSnapshot() : tx.snapshot();
    }

    private static Set<KeyValues> keys(List<Object[]> rows, int[] columns) {
        Set<KeyValues> keys = new HashSet<>();
        for (Object[] row : rows) {
            KeyValues key = KeyValues.of(row, columns);
            if (!key.hasNull()) {
                keys.add(key);
            }
        }
        return keys;
    }

    private void act(ExecContext ctx, Referrer referrer, Set<KeyValues> removed, ForeignKeyAction action) {
        Table child = ctx.table(referrer.child());
        Transaction tx = ctx.transaction();
        Snapshot snapshot = referenceSnapshot(tx);
        int[] columns = referrer.key().columns();
        List<Long> rowIds = new ArrayList<>();
        List<Object[]> rows = new ArrayList<>();
        List<RowCursor> cursors = new ArrayList<>();
        if (referrer.childIndex() == null) {
            cursors.add(child.scan(tx, snapshot));
        } else {
            for (KeyValues key : removed) {
                cursors.add(referrer.childIndex().rows(child, tx, snapshot, key.values()));
            }
        }
        for (RowCursor cursor : cursors) {
            while (cursor.next()) {
                KeyValues key = KeyValues.of(cursor.row(), columns);
                if (!removed.contains(key)) {
                    continue;
                }
                if (!acts(action) && !stillPresent(ctx, referrer, key, snapshot)) {
                    throw ErrorCode.FOREIGN_KEY_REFERENCED.exception(table, referrer.key().name(), referrer.child(),
                        key);
                }
                rowIds.add(cursor.rowId());
                rows.add(cursor.row());
            }
        }
        if (!acts(action)) {
            return;
        }
        if (action == ForeignKeyAction.SET_NULL) {
            setNull(ctx, referrer, removed, rowIds, rows);
            return;
        }
        List<Object[]> deleted = new ArrayList<>();
        List<Long> deletedIds = new ArrayList<>();
        // At READ COMMITTED a child changed since the snapshot is followed, as a DELETE follows a row: deleted if it
        // still references a removed key. Other levels fail with 40001 there.
        RowRecheck stillReferencing = newest -> removed.contains(KeyValues.of(newest, columns)) ? newest : null;
        for (int i = 0; i < rowIds.size(); i++) {
            if (child.delete(tx, rowIds.get(i), stillReferencing)) {
                deleted.add(rows.get(i));
                deletedIds.add(rowIds.get(i));
            }
        }
        if (!deleted.isEmpty()) {
            referrer.childKeys().afterDelete(ctx, deleted, deletedIds);
        }
    }

    /** Whether the action changes the referencing rows (CASCADE, SET NULL) rather than refusing to leave them. */
    private static boolean acts(ForeignKeyAction action) {
        return action == ForeignKeyAction.CASCADE || action == ForeignKeyAction.SET_NULL;
    }

    /**
     * ON DELETE SET NULL: the referencing rows' foreign key columns become NULL (23502 if one of them is NOT NULL),
     * an update whose own referencing rows in turn are checked as for any update of that table. At READ COMMITTED
     * a row changed since the snapshot is followed, as for CASCADE.
     */
    private void setNull(ExecContext ctx, Referrer referrer, Set<KeyValues> removed, List<Long> rowIds,
                         List<Object[]> rows) {
        Table child = ctx.table(referrer.child());
        int[] columns = referrer.key().columns();
        RowRecheck stillReferencing = newest -> removed.contains(KeyValues.of(newest, columns))
            ? withNulls(newest, columns) : null;
        List<Object[]> oldRows = new ArrayList<>();
        List<Object[]> newRows = new ArrayList<>();
        List<Long> updatedIds = new ArrayList<>();
        for (int i = 0; i < rowIds.size(); i++) {
            Object[] nulled = withNulls(rows.get(i), columns);
            if (child.update(ctx.transaction(), rowIds.get(i), rows.get(i), nulled, stillReferencing)) {
                oldRows.add(rows.get(i));
                newRows.add(nulled);
                updatedIds.add(rowIds.get(i));
            }
        }
        if (!updatedIds.isEmpty()) {
            referrer.childKeys().afterUpdate(ctx, oldRows, newRows, updatedIds);
        }
    }

    private static Object[] withNulls(Object[] row, int[] columns) {
        Object[] nulled = row.clone();
        for (int column : columns) {
            nulled[column] = null;
        }
        return nulled;
    }

    /**
     * Whether another row of this table now has the removed key (an UPDATE that swapped keys between rows), so the
     * reference is still satisfied.
     */
    private boolean stillPresent(ExecContext ctx, Referrer referrer, KeyValues key, Snapshot snapshot) {
        RowCursor rows = ctx.table(table).scan(ctx.transaction(), snapshot);
        int[] referenced = referrer.key().referencedColumns();
        while (rows.next()) {
            if (key.equals(KeyValues.of(rows.row(), referenced))) {
                return true;
            }
        }
        return false;
    }
}
