package org.verso.sql.exec.constraint;

import java.util.List;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.ForeignKey;
import org.verso.common.RowCursor;
import org.verso.core.table.KeyShare;
import org.verso.core.table.Table;
import org.verso.core.tx.Transaction;
import org.verso.sql.exec.ExecContext;
import org.verso.storage.version.Snapshot;

/**
 * The child side of a table's foreign keys: every row an INSERT or UPDATE writes must find its parent row, visible
 * to the transaction, after the statement's writes (so rows of one statement may reference each other). A key with
 * a NULL references nothing. The parent is found through an index on the referenced columns (the primary key's,
 * or a UNIQUE constraint's), else by a scan, and the transaction then holds a key-share lock on it.
 */
final class ParentKeys {
    /**
     * One foreign key, with the parent's index that finds a parent by the referenced columns (null: none does).
     */
    record Reference(ForeignKey key, KeyIndex parentIndex) {
    }

    private final String table;
    private final List<Reference> references;

    ParentKeys(String table, List<Reference> references) {
        this.table = table;
        this.references = List.copyOf(references);
    }

    boolean isEmpty() {
        return references.isEmpty();
    }

    /** Checks the rows written; for an UPDATE, {@code oldRows} (same order) lets unchanged keys skip the check. */
    void check(ExecContext ctx, List<Object[]> newRows, List<Object[]> oldRows) {
        for (Reference reference : references) {
            ForeignKey key = reference.key();
            int[] columns = key.columns();
            for (int r = 0; r < newRows.size(); r++) {
                KeyValues values = KeyValues.of(newRows.get(r), columns);
                if (values.hasNull() || oldRows != null && values.equals(KeyValues.of(oldRows.get(r), columns))) {
                    continue;
                }
                if (!parentExists(ctx, reference, newRows.get(r), values)) {
                    throw ErrorCode.FOREIGN_KEY_MISSING_PARENT.exception(table, key.name(), values,
                        key.referencedTable());
                }
            }
        }
    }

    /**
     * Whether the row's parent exists for the transaction; if it does, the transaction holds a key-share lock on it
     * until it ends, so a concurrent delete of the parent or change of its key waits for it (see
     * {@link Table#keyShare}). At READ COMMITTED, a parent the statement's snapshot shows but a later commit deleted
     * or re-keyed is looked for again in the newest committed state, which may hold another row with that key.
     */
    private static boolean parentExists(ExecContext ctx, Reference reference, Object[] row, KeyValues values) {
        Transaction tx = ctx.transaction();
        Snapshot snapshot = tx.snapshot();
        while (true) {
            KeyShare found = findParent(ctx, reference, row, values, snapshot);
            if (found != KeyShare.CHANGED) {
                return found == KeyShare.HELD;
            }
            snapshot = tx.latestSnapshot();
        }
    }

    /** Finds the parent visible at {@code snapshot} and takes its key-share lock; GONE if there is none. */
    private static KeyShare findParent(ExecContext ctx, Reference reference, Object[] row, KeyValues values,
                                       Snapshot snapshot) {
        ForeignKey key = reference.key();
        Table parent = ctx.table(key.referencedTable());
        Transaction tx = ctx.transaction();
        int[] referenced = key.referencedColumns();
        RowCursor candidates;
        if (reference.parentIndex() != null) {
            Object[] lookup = new Object[referenced.length];
            for (int i = 0; i < lookup.length; i++) {
                lookup[i] = row[key.columns()[i]];
            }
            candidates = reference.parentIndex().rows(parent, tx, snapshot, lookup);
        } else {
            candidates = parent.scan(tx, snapshot);
        }
        while (candidates.next()) {
            if (values.equals(KeyValues.of(candidates.row(), referenced))) {
                return parent.keyShare(tx, snapshot, candidates.rowId(), candidates.row(), referenced);
            }
        }
        return KeyShare.GONE;
    }
}
