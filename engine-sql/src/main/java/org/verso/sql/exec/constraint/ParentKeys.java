package org.verso.sql.exec.constraint;

import java.util.List;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.ForeignKey;
import org.verso.common.RowCursor;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;

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
     * {@link Table#keyShare}).
     */
    private static boolean parentExists(ExecContext ctx, Reference reference, Object[] row, KeyValues values) {
        ForeignKey key = reference.key();
        Table parent = ctx.table(key.referencedTable());
        int[] referenced = key.referencedColumns();
        if (reference.parentIndex() != null) {
            Object[] lookup = new Object[referenced.length];
            for (int i = 0; i < lookup.length; i++) {
                lookup[i] = row[key.columns()[i]];
            }
            RowCursor found = reference.parentIndex().rows(parent, ctx.transaction(), lookup);
            while (found.next()) {
                if (values.equals(KeyValues.of(found.row(), referenced))) {
                    return parent.keyShare(ctx.transaction(), found.rowId(), found.row(), referenced);
                }
            }
            return false;
        }
        RowCursor rows = parent.scan(ctx.transaction());
        while (rows.next()) {
            if (values.equals(KeyValues.of(rows.row(), referenced))) {
                return parent.keyShare(ctx.transaction(), rows.rowId(), rows.row(), referenced);
            }
        }
        return false;
    }
}
