package org.verso.core.table;

import java.util.Arrays;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.tx.Transaction;
import org.verso.core.tx.TransactionManager;
import org.verso.core.tx.WriteRecord;
import org.verso.storage.heap.TableHeap;
import org.verso.storage.heap.VersionCursor;
import org.verso.storage.heap.WriteDecider;
import org.verso.storage.index.UniqueKeyIndex;
import org.verso.storage.version.Snapshot;
import org.verso.storage.version.VersionDirectory;

/**
 * The table-access API the executor calls: read, scan, insert, update and delete rows under a transaction. It
 * applies the transaction rules (snapshot reads, first-updater-wins, waiting for a row's writer, primary-key
 * uniqueness) on top of the table's heap and key index, and records every installed version with the transaction
 * so commit and rollback can finish it.
 *
 * <p>Values go in and come out canonical (see {@link org.verso.common.type.ValueType}); rows passed in are
 * checked and converted against the table definition first.
 *
 * <p>Thread safety: any number of transactions may use a table concurrently; one transaction uses it from one
 * thread at a time.
 */
public final class Table implements ReadableTable {
    private static final WriteDecider NEW_ROW = (vid, head, word) -> WriteDecider.Decision.PUT;

    private final TableDefinition definition;
    private final TableHeap heap;
    private final UniqueKeyIndex primaryKey;
    private final TransactionManager transactions;
    private final RowValidator validator;
    private final int[] keyColumns;

    public Table(TableDefinition definition, TableHeap heap, TransactionManager transactions) {
        this(definition, heap, transactions, definition.hasPrimaryKey() ? new UniqueKeyIndex() : null);
        if (primaryKey != null) {
            rebuildKeyIndex();
        }
    }

    private Table(TableDefinition definition, TableHeap heap, TransactionManager transactions,
                  UniqueKeyIndex primaryKey) {
        this.definition = definition;
        this.heap = heap;
        this.transactions = transactions;
        this.validator = new RowValidator(definition);
        this.keyColumns = definition.primaryKey();
        this.primaryKey = primaryKey;
    }

    /**
     * The same table under a changed definition that keeps the columns and primary key and may add columns at the
     * end (ALTER TABLE). It shares the heap and the key index, with the entries of transactions still running.
     */
    public Table withDefinition(TableDefinition changed) {
        if (!java.util.Arrays.equals(changed.primaryKey(), keyColumns)
            || changed.columnCount() < definition.columnCount()) {
            throw ErrorCode.INTERNAL_ERROR.exception("table " + definition.name() + " changed its columns or key");
        }
        return new Table(changed, heap, transactions, primaryKey);
    }

    private void rebuildKeyIndex() {
        VersionCursor rows = heap.scan(Snapshot.committedAt(Long.MAX_VALUE >>> 2));
        while (rows.next()) {
            primaryKey.putIfAbsent(keyOf(rows.row()), rows.vid());
        }
    }

    @Override
    public TableDefinition definition() {
        return definition;
    }

    /** The table's heap (for statistics and tests). */
    public TableHeap heap() {
        return heap;
    }

    /** Every row visible to the transaction, in no particular order. */
    @Override
    public RowCursor scan(Transaction tx) {
        VersionCursor versions = heap.scan(tx.snapshot());
        return new RowCursor() {
            @Override
            public boolean next() {
                return versions.next();
            }

            @Override
            public long rowId() {
                return versions.vid();
            }

            @Override
            public Object[] row() {
                return versions.row();
            }
        };
    }

    /**
     * The row with primary key {@code key} (values in key-column order) that the transaction sees: zero or one row.
     * A key with a NULL component matches nothing.
     */
    public RowCursor lookup(Transaction tx, Object[] key) {
        if (primaryKey == null) {
            throw ErrorCode.INTERNAL_ERROR.exception("table " + definition.name() + " has no primary key");
        }
        Snapshot snapshot = tx.snapshot();
        Object[] canonical = validator.canonicalKey(key);
        boolean matchable = !Arrays.asList(canonical).contains(null) && sameValues(key, canonical);
        long vid = matchable ? primaryKey.get(canonical) : UniqueKeyIndex.ABSENT;
        Object[] row = vid == UniqueKeyIndex.ABSENT ? null : heap.read(vid, snapshot);
        return new SingleRowCursor(vid, row);
    }

    /** Inserts a row; returns its row id. Fails with 23505 if the primary key is taken. */
    public long insert(Transaction tx, Object[] row) {
        Object[] values = validator.canonical(row);
        tx.snapshot();
        if (primaryKey == null) {
            long vid = heap.directory().newVid();
            int node = heap.write(vid, tx.id(), values, NEW_ROW);
            tx.recordWrite(new VersionWrite(vid, node, null));
            return vid;
        }
        Object[] key = keyOf(values);
        InsertDecider decider = new InsertDecider(tx, transactions, definition.name(), key);
        while (true) {
            long vid = primaryKey.get(key);
            if (vid == UniqueKeyIndex.ABSENT) {
                long fresh = heap.directory().newVid();
                if (primaryKey.putIfAbsent(key, fresh) != UniqueKeyIndex.ABSENT) {
                    continue;
                }
                int node;
                try {
                    node = heap.write(fresh, tx.id(), values, NEW_ROW);
                } catch (RuntimeException e) {
                    primaryKey.remove(key, fresh);
                    throw e;
                }
                tx.recordWrite(new VersionWrite(fresh, node, key));
                return fresh;
            }
            int node = heap.write(vid, tx.id(), values, decider);
            if (node != VersionDirectory.NONE) {
                tx.recordWrite(new VersionWrite(vid, node, null));
                return vid;
            }
            if (decider.retry()) {
                Thread.yield();
            } else {
                transactions.awaitOwner(tx, decider.blocker(), definition.name(), Arrays.toString(key));
            }
        }
    }

    /**
     * Replaces row {@code rowId} with {@code newRow}. Returns false if the row no longer exists for the
     * transaction. Fails with 40001 if a concurrent transaction changed the row first. A change of primary key is
     * carried out as a delete of the old row and an insert of the new one.
     */
    public boolean update(Transaction tx, long rowId, Object[] newRow) {
        Object[] values = validator.canonical(newRow);
        if (primaryKey != null) {
            Object[] old = heap.read(rowId, tx.snapshot());
            if (old == null) {
                return false;
            }
            if (!Arrays.equals(keyOf(old), keyOf(values))) {
                if (!writeVersion(tx, rowId, null)) {
                    return false;
                }
                insert(tx, values);
                return true;
            }
        }
        return writeVersion(tx, rowId, values);
    }

    /** Deletes row {@code rowId}. Returns false if it no longer exists for the transaction; 40001 as for update. */
    public boolean delete(Transaction tx, long rowId) {
        return writeVersion(tx, rowId, null);
    }

    private boolean writeVersion(Transaction tx, long vid, Object[] values) {
        FirstUpdaterWins decider = new FirstUpdaterWins(tx, transactions, definition.name());
        while (true) {
            int node = heap.write(vid, tx.id(), values, decider);
            if (node != VersionDirectory.NONE) {
                tx.recordWrite(new VersionWrite(vid, node, null));
                return true;
            }
            if (decider.vanished()) {
                return false;
            }
            long owner = decider.blocker();
            if (transactions.awaitOwner(tx, owner, definition.name(), vid)) {
                throw transactions.abortWith(tx, TransactionManager.AbortCause.WRITE_CONFLICT,
                    ErrorCode.WRITE_CONFLICT.exception(definition.name(), vid,
                        "was changed by transaction " + owner + ", which committed while this one waited"));
            }
        }
    }

    /**
     * Whether converting a lookup key to the column types kept every value: a key of 1.5 for an INTEGER column
     * becomes 2 on conversion, but must match no row.
     */
    private static boolean sameValues(Object[] given, Object[] canonical) {
        for (int i = 0; i < given.length; i++) {
            if (given[i] instanceof Number g && canonical[i] instanceof Number c && !(g.getClass() == c.getClass()
                && !(g instanceof java.math.BigDecimal) ? g.equals(c)
                : toBigDecimal(g).compareTo(toBigDecimal(c)) == 0)) {
                return false;
            }
        }
        return true;
    }

    private static java.math.BigDecimal toBigDecimal(Number n) {
        if (n instanceof java.math.BigDecimal d) {
            return d;
        }
        if (n instanceof Double || n instanceof Float) {
            return new java.math.BigDecimal(n.doubleValue());
        }
        return java.math.BigDecimal.valueOf(n.longValue());
    }

    private Object[] keyOf(Object[] values) {
        Object[] key = new Object[keyColumns.length];
        for (int i = 0; i < keyColumns.length; i++) {
            key[i] = values[keyColumns[i]];
        }
        return key;
    }

    /** A version this table installed for a transaction, with the key index entry the write added, if any. */
    private final class VersionWrite implements WriteRecord {
        private final long vid;
        private final int node;
        private final Object[] addedKey;

        VersionWrite(long vid, int node, Object[] addedKey) {
            this.vid = vid;
            this.node = node;
            this.addedKey = addedKey;
        }

        @Override
        public void commit(long commitTs) {
            heap.directory().commit(node, commitTs);
        }

        @Override
        public void undo(long txid, boolean transactionEnds) {
            heap.undo(vid, node, txid, transactionEnds);
            if (addedKey != null) {
                primaryKey.remove(addedKey, vid);
            }
        }
    }

    private static final class SingleRowCursor implements RowCursor {
        private final long vid;
        private Object[] row;
        private boolean consumed;

        SingleRowCursor(long vid, Object[] row) {
            this.vid = vid;
            this.row = row;
        }

        @Override
        public boolean next() {
            if (consumed || row == null) {
                row = null;
                return false;
            }
            consumed = true;
            return true;
        }

        @Override
        public long rowId() {
            return vid;
        }

        @Override
        public Object[] row() {
            return row;
        }
    }
}
