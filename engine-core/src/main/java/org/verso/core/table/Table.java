package org.verso.core.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.verso.common.ErrorCode;
import org.verso.common.RowCursor;
import org.verso.common.type.Values;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.tx.ConcurrencyControl;
import org.verso.core.tx.KeyShareLocks;
import org.verso.core.tx.SnapshotIsolation;
import org.verso.core.tx.Transaction;
import org.verso.core.tx.TransactionManager;
import org.verso.storage.heap.FetchedVersion;
import org.verso.storage.heap.HeapStatistics;
import org.verso.storage.heap.RowVersion;
import org.verso.storage.heap.PrunedVersions;
import org.verso.storage.heap.TableHeap;
import org.verso.storage.heap.WriteDecider;
import org.verso.storage.heap.WriteDecision;
import org.verso.storage.heap.WriteOutcome;
import org.verso.storage.index.IndexCursor;
import org.verso.storage.index.IndexLoader;
import org.verso.storage.index.IndexStatistics;
import org.verso.storage.index.KeyCodec;
import org.verso.storage.index.KeyRange;
import org.verso.storage.index.TableIndex;
import org.verso.storage.tuple.RowCodec;
import org.verso.storage.version.Snapshot;
import org.verso.storage.version.VersionWord;

/**
 * The table-access API the executor calls: read, scan, look up through an index, insert, update and delete rows
 * under a transaction. It applies the transaction's isolation rules ({@link org.verso.core.tx.ConcurrencyControl})
 * on top of the table's heap and indexes, maintains every index on the write path, enforces unique keys, and
 * records every installed version with the transaction so commit and rollback can finish it.
 *
 * <p>MV-IDX indexes map keys to row ids: an update that keeps a key does not touch that index; one that changes it
 * adds the new key and leaves the old entry for older snapshots, so a lookup rechecks the key of the version it
 * finds. Version-oblivious indexes map keys to tuple ids and get an entry for every version; a lookup fetches each
 * matching tuple and then checks its visibility ({@link IndexEntryRefs}). Unique keys are checked under a key latch against every row the index names for the key
 * ({@link UniqueKeyCheck}); a second inserter of a key waits for the first and fails with 23505 if it commits.
 *
 * <p>Values go in and come out canonical (see {@link org.verso.common.type.ValueType}); rows passed in are checked
 * and converted against the table definition first.
 *
 * <p>Locks, in the order they are taken: the table's schema lock (shared by every write, exclusive while an index is
 * built), then an index key latch (only around a unique check and its entry insert) or a heap row latch (inside
 * {@link TableHeap#write}); never two latches at once. Waiting for another transaction, aborting and retrying happen
 * with no latch held and the schema lock released, so a waiter never blocks anyone but the writers of its row.
 *
 * <p>Thread safety: any number of transactions may use a table concurrently; one transaction uses it from one
 * thread at a time.
 */
public final class Table implements ReadableTable {
    private static final int KEY_LATCHES = 64;

    private final TableHeap heap;
    private final TransactionManager transactions;
    private final ReentrantReadWriteLock schemaLock = new ReentrantReadWriteLock();
    private final Object[] keyLatches = new Object[KEY_LATCHES];
    private volatile TableDefinition definition;
    private volatile RowValidator validator;
    private volatile List<IndexAccess> indexes = List.of();
    private final KeyChangedRows keyChanged = new KeyChangedRows();

    /**
     * A table over {@code heap} whose indexes are {@code indexes} (one storage per index of the definition, by
     * index id). Indexes opened empty are filled from the heap's committed rows ({@link #fillIndexes}) by the caller.
     */
    public Table(TableDefinition definition, TableHeap heap, Map<Long, TableIndex> indexes,
                 TransactionManager transactions) {
        this.definition = definition;
        this.validator = new RowValidator(definition);
        this.heap = heap;
        this.transactions = transactions;
        List<IndexAccess> access = new ArrayList<>();
        for (IndexDefinition index : definition.indexes()) {
            access.add(new IndexAccess(definition, index, indexes.get(index.id())));
        }
        this.indexes = List.copyOf(access);
        for (int i = 0; i < KEY_LATCHES; i++) {
            keyLatches[i] = new Object();
        }
    }

    @Override
    public TableDefinition definition() {
        return definition;
    }

    /** The table's heap layout name. */
    public String layout() {
        return heap.layout();
    }

    /** Figures of the table's heap. */
    public HeapStatistics heapStatistics() {
        return heap.statistics();
    }

    /** Figures of reading through each index of the table, by index name. */
    public Map<String, IndexReadFigures> indexReads() {
        Map<String, IndexReadFigures> out = new HashMap<>();
        for (IndexAccess index : indexes) {
            out.put(index.definition().name(), index.reads().figures());
        }
        return out;
    }

    /** Figures of each index of the table, by index name. */
    public Map<String, IndexStatistics> indexStatistics() {
        Map<String, IndexStatistics> out = new HashMap<>();
        for (IndexAccess index : indexes) {
            out.put(index.definition().name(), index.storage().statistics());
        }
        return out;
    }

    /**
     * Forgets the versions no snapshot at or after {@code horizon} can see (see {@link TableHeap#forgetVersions}),
     * and the index entries that only those versions needed: a key no kept version of the row has. Runs under the
     * schema lock, shared, so an index build, which reads whole version chains, never overlaps it.
     */
    public void forgetVersions(long horizon, java.util.function.LongSupplier clock, long oldestRunningTxid) {
        schemaLock.readLock().lock();
        try {
            List<IndexAccess> current = indexes;
            heap.forgetVersions(horizon, clock, oldestRunningTxid, current.isEmpty() ? PrunedVersions.NONE
                : new IndexUpkeep(current, keyChanged));
        } finally {
            schemaLock.readLock().unlock();
        }
    }

    /** Asks the next round of {@link #forgetVersions} to look for space to give back in any case. */
    public void requestReclamation() {
        heap.requestReclamation();
    }

    /** Writes the heap's buffered pages. */
    public void flush() {
        heap.flush();
    }

    /** Closes the heap; the table must not be used afterwards. */
    public void close() {
        heap.close();
    }

    /**
     * Fills the indexes that {@code empty} names (by index id) from the heap: an entry for the newest committed
     * version of every row. Used when the database opens (no transaction is running, so no older version is needed)
     * for indexes that are not kept on disk or whose file is new.
     */
    public void fillIndexes(java.util.function.LongPredicate empty) {
        List<IndexAccess> toFill = indexes.stream().filter(i -> empty.test(i.definition().id())).toList();
        Snapshot newest = Snapshot.committedAt(Long.MAX_VALUE >>> 2);
        addEntriesOfMovedVersions(indexes.stream().filter(i -> !toFill.contains(i)).toList(), newest);
        if (toFill.isEmpty()) {
            return;
        }
        // One scan per index, each through the index's loader (a B+tree sorts and builds itself bottom up), so that
        // no more than one index's entries are buffered at a time.
        for (IndexAccess index : toFill) {
            IndexLoader loader = index.storage().loader();
            try (RowCursor rows = heap.scan(newest)) {
                while (rows.next()) {
                    long tid = heap.visibleTupleId(rows.rowId(), newest);
                    loader.add(index.keyOf(rows.row()), index.refs().refOf(rows.rowId(), tid));
                }
            }
            loader.finish();
        }
    }

    /**
     * Adds, to the indexes whose entries name tuple ids, the entries of versions a merge moved that replay brought
     * back: the move's entries may not have reached the log before a crash. An entry already there stays as it is.
     */
    private void addEntriesOfMovedVersions(List<IndexAccess> kept, Snapshot newest) {
        long[] moved = heap.rowsMovedByReplay();
        for (IndexAccess index : kept) {
            if (!index.refs().entryPerVersion()) {
                continue;
            }
            for (long rowId : moved) {
                Object[] row = heap.read(rowId, newest);
                if (row != null) {
                    index.storage().insert(index.keyOf(row),
                        index.refs().refOf(rowId, heap.visibleTupleId(rowId, newest)));
                }
            }
        }
    }

    // ---- reading ----

    /** Every row visible to the transaction, in no particular order. */
    @Override
    public RowCursor scan(Transaction tx) {
        return scan(tx, tx.snapshot());
    }

    /**
     * Every row visible at {@code snapshot}, for transaction {@code tx}: a READ COMMITTED check that must see the
     * newest committed state ({@link Transaction#latestSnapshot}) rather than its statement's.
     */
    public RowCursor scan(Transaction tx, Snapshot snapshot) {
        ConcurrencyControl control = tx.control();
        control.onTableScan(tx, definition.id());
        if (!control.tracksReads()) {
            return heap.scan(snapshot);
        }
        long tableId = definition.id();
        // The table lock covers every row; what is left to report are rows with versions the snapshot does not see.
        return heap.scan(snapshot, rowId -> control.onRowRead(tx, tableId, rowId, () -> heap.newestWord(rowId)));
    }

    /**
     * The row with primary key {@code key} (values in key-column order) that the transaction sees: zero or one row.
     * A key with a NULL component, or a value the key column cannot hold exactly, matches nothing.
     */
    public RowCursor lookup(Transaction tx, Object[] key) {
        IndexDefinition pk = definition.primaryKeyIndex()
            .orElseThrow(() -> ErrorCode.INTERNAL_ERROR.exception("table " + definition.name()
                + " has no primary key"));
        return lookup(tx, pk.name(), key);
    }

    /**
     * The rows the transaction sees whose key in index {@code indexName} starts with {@code key} (values in
     * key-column order; fewer values than key columns select a key prefix). A NULL component, or a value the key
     * column cannot hold exactly, matches nothing.
     */
    public RowCursor lookup(Transaction tx, String indexName, Object[] key) {
        return lookup(tx, tx.snapshot(), indexName, key);
    }

    /** As {@link #lookup(Transaction, String, Object[])}, but the rows visible at {@code snapshot}. */
    public RowCursor lookup(Transaction tx, Snapshot snapshot, String indexName, Object[] key) {
        IndexAccess index = index(indexName);
        int[] columns = index.columns();
        if (key.length > columns.length) {
            throw ErrorCode.INTERNAL_ERROR.exception("key of " + key.length + " values for index " + indexName
                + " of " + columns.length + " columns");
        }
        Object[] canonical = new Object[key.length];
        for (int i = 0; i < key.length; i++) {
            Optional<Object> exact = Values.exactKey(key[i], definition.column(columns[i]).type());
            if (exact.isEmpty()) {
                return RowCursor.empty();
            }
            canonical[i] = exact.get();
        }
        byte[] encoded = index.codec().encode(canonical);
        return indexScan(tx, snapshot, index,
            key.length == columns.length ? KeyRange.key(encoded) : KeyRange.prefix(encoded), false);
    }

    /**
     * The rows the transaction sees whose key in index {@code indexName} lies in {@code range}, in key order or,
     * with {@code descending}, in reverse key order. The range's values must be canonical for the key columns.
     */
    public RowCursor scan(Transaction tx, String indexName, IndexRange range, boolean descending) {
        IndexAccess index = index(indexName);
        KeyCodec codec = index.codec();
        KeyRange keys = KeyRange.between(range.low() == null ? null : codec.encode(range.low()), range.lowInclusive(),
            range.high() == null ? null : codec.encode(range.high()), range.highInclusive());
        return indexScan(tx, tx.snapshot(), index, keys, descending);
    }

    private IndexAccess index(String name) {
        for (IndexAccess index : indexes) {
            if (index.definition().name().equals(name)) {
                return index;
            }
        }
        throw ErrorCode.INDEX_NOT_FOUND.exception(name);
    }

    private RowCursor indexScan(Transaction tx, Snapshot snapshot, IndexAccess index, KeyRange range,
                                boolean descending) {
        tx.control().onIndexScan(tx, definition.id(), index.definition().id(), range);
        IndexCursor entries = index.storage().scan(range, descending);
        IndexEntryRefs refs = index.refs();
        boolean tracked = tx.control().tracksReads();
        return new RowCursor() {
            private long rowId;
            private Object[] row;

            @Override
            public boolean next() {
                while (entries.next()) {
                    FetchedVersion found = refs.read(heap, entries.ref(), snapshot);
                    if (found.gone()) {
                        continue; // an entry of a version from before a restart, whose space was reclaimed
                    }
                    long entryRow = found.rowId();
                    if (tracked) {
                        // Every entry counts as read, visible or not: an invisible one may be a concurrent insert.
                        tx.control().onRowRead(tx, definition.id(), entryRow, () -> heap.newestWord(entryRow));
                    }
                    // Through MV-IDX, the entry may belong to an older version whose key the row no longer has.
                    boolean matches = found.visible() && index.matches(found.row(), entries.key());
                    index.reads().entry(found.visible(), matches, refs.fetchesEveryEntry());
                    if (matches) {
                        rowId = entryRow;
                        row = found.row();
                        return true;
                    }
                }
                row = null;
                return false;
            }

            @Override
            public long rowId() {
                return rowId;
            }

            @Override
            public Object[] row() {
                return row;
            }

            @Override
            public void close() {
                entries.close();
            }
        };
    }

    // ---- writing ----

    /** Inserts a row; returns its row id. Fails with 23505 if a unique key is taken. */
    public long insert(Transaction tx, Object[] row) {
        tx.snapshot();
        schemaLock.readLock().lock();
        try {
            // Checked under the schema lock: ALTER TABLE changes the columns and the row codec under it, together.
            Object[] values = validator.canonical(row);
            long rowId = heap.newRowId();
            WriteOutcome outcome = heap.write(rowId, tx.id(), values, WriteDecider.NEW_ROW);
            VersionWrite write = new VersionWrite(heap, rowId, outcome.version());
            tx.recordWrite(write);
            tx.control().onWrite(tx, definition.id(), rowId);
            addIndexEntries(tx, rowId, null, values, write);
            return rowId;
        } finally {
            schemaLock.readLock().unlock();
        }
    }

    /**
     * The row that holds {@code row}'s key of the first of the unique indexes {@code indexNames} whose key some row
     * holds, for INSERT ... ON CONFLICT: a live row with that key, committed at any time or written by this
     * transaction, found as the unique-key check of an insert finds it ({@link UniqueKeyCheck}), after waiting for a
     * transaction still writing the key. Returns -1 if no row holds any of the keys (a key with a NULL never
     * conflicts); an insert of the row may still fail as {@link #insert} says, if another transaction takes a key
     * meanwhile or freed it after this one's snapshot. The probes count as reads of the keys for Serializable SI.
     */
    public long keyHolder(Transaction tx, List<String> indexNames, Object[] row) {
        Snapshot snapshot = tx.snapshot();
        schemaLock.readLock().lock();
        try {
            Object[] values = validator.canonical(row);
            probes:
            while (true) {
                for (String name : indexNames) {
                    IndexAccess index = index(name); // again after a wait: the index list may have changed
                    if (!index.definition().unique() || index.hasNullKey(values)) {
                        continue;
                    }
                    byte[] key = index.keyOf(values);
                    tx.control().onIndexScan(tx, definition.id(), index.definition().id(), KeyRange.key(key));
                    WriteDecision decision;
                    synchronized (keyLatch(index, key)) {
                        decision = checkUnique(index, key, -1, snapshot);
                    }
                    if (decision.kind() == WriteDecision.Kind.DUPLICATE) {
                        return decision.other();
                    }
                    if (decision.kind() == WriteDecision.Kind.WAIT) {
                        awaitWithoutSchemaLock(tx, decision.other());
                        continue probes;
                    }
                }
                return -1;
            }
        } finally {
            schemaLock.readLock().unlock();
        }
    }

    /**
     * Row {@code rowId} as the transaction's snapshot sees it or, with {@code newestCommitted}, its newest committed
     * version (READ COMMITTED acting on a row committed after its statement's snapshot); null where that version is
     * a deletion or there is none.
     */
    public Object[] row(Transaction tx, long rowId, boolean newestCommitted) {
        Snapshot snapshot = newestCommitted ? new Snapshot(Long.MAX_VALUE >>> 2, tx.id()) : tx.snapshot();
        tx.control().onRowRead(tx, definition.id(), rowId, () -> heap.newestWord(rowId));
        schemaLock.readLock().lock();
        try {
            return heap.read(rowId, snapshot);
        } finally {
            schemaLock.readLock().unlock();
        }
    }

    /**
     * The 40001 error, the transaction aborted, for a statement that must act on row {@code rowId} whose newest
     * version a transaction committed after this one's snapshot (INSERT ... ON CONFLICT meeting a row inserted
     * concurrently): under first-updater-wins a transaction acts only on rows its snapshot sees.
     */
    public RuntimeException committedAfterSnapshot(Transaction tx, long rowId) {
        return transactions.abort(tx, TransactionManager.AbortCause.WRITE_CONFLICT,
            ErrorCode.WRITE_CONFLICT.exception(definition.name(), describeRow(rowId, null),
                "was written by a transaction that committed after this transaction's snapshot"));
    }

    /**
     * Replaces row {@code rowId} with {@code newRow}. Returns false if the row no longer exists for the transaction.
     * Fails with 40001 if a concurrent transaction changed the row first, and with 23505 if the new row takes a
     * unique key that another row holds.
     */
    public boolean update(Transaction tx, long rowId, Object[] newRow) {
        return update(tx, rowId, newRow, null);
    }

    /**
     * Replaces row {@code rowId} with {@code newRow}; where the isolation level follows concurrent updates (READ
     * COMMITTED) and a transaction that committed after the statement's snapshot changed the row first,
     * {@code recheck} decides on the newest committed version what to write, if anything (null: fail with 40001 as
     * under Snapshot Isolation). Returns false if the row is left unchanged because it is gone or no longer
     * qualifies.
     */
    public boolean update(Transaction tx, long rowId, Object[] newRow, RowRecheck recheck) {
        return update(tx, rowId, null, newRow, recheck);
    }

    /**
     * As {@link #update(Transaction, long, Object[], RowRecheck)}, for a caller that has read the row already:
     * {@code oldRow} is the row as the transaction's snapshot sees it (null: read here), so that an update fetches
     * and decodes the row once.
     */
    public boolean update(Transaction tx, long rowId, Object[] oldRow, Object[] newRow, RowRecheck recheck) {
        schemaLock.readLock().lock();
        try {
            PendingWrite pending = new PendingWrite(validator.canonical(newRow), recheck); // as in insert
            pending.superseded = indexes.isEmpty() ? null
                : oldRow != null ? oldRow : heap.read(rowId, tx.snapshot());
            VersionWrite write = writeVersion(tx, rowId, pending);
            if (write == null) {
                return false;
            }
            if (pending.superseded != null) {
                addIndexEntries(tx, rowId, pending.superseded, pending.values, write);
            } else if (!indexes.isEmpty()) {
                keyChanged.mark(rowId);
            }
            return true;
        } finally {
            schemaLock.readLock().unlock();
        }
    }

    /** Deletes row {@code rowId}. Returns false if it no longer exists for the transaction; 40001 as for update. */
    public boolean delete(Transaction tx, long rowId) {
        return delete(tx, rowId, null);
    }

    /** Deletes row {@code rowId}, following concurrent updates with {@code recheck} as {@link #update} does. */
    public boolean delete(Transaction tx, long rowId, RowRecheck recheck) {
        schemaLock.readLock().lock();
        try {
            if (writeVersion(tx, rowId, new PendingWrite(null, recheck)) == null) {
                return false;
            }
            if (!indexes.isEmpty()) {
                keyChanged.mark(rowId); // the tombstone has no keys: the row's entries go when it is pruned
            }
            return true;
        } finally {
            schemaLock.readLock().unlock();
        }
    }

    /**
     * A write on its way into the heap: the values to install (null for a tombstone), the row they supersede (for
     * index maintenance) and how to follow a concurrent update.
     */
    private static final class PendingWrite {
        Object[] values;
        Object[] superseded;
        final RowRecheck recheck;

        PendingWrite(Object[] values, RowRecheck recheck) {
            this.values = values;
            this.recheck = recheck;
        }
    }

    /**
     * After a CONFLICT: under READ COMMITTED with a recheck, re-reads the row's newest committed version and asks
     * the recheck what to write; returns the decider that accepts that version, or null if the row is to be left
     * alone. Otherwise aborts the transaction with 40001.
     */
    private WriteDecider followConcurrentUpdate(Transaction tx, long rowId, PendingWrite pending,
                                                WriteDecision conflict, boolean tombstone) {
        if (pending.recheck == null || !tx.control().followsConcurrentUpdates()) {
            RuntimeException lost = conflict(tx, rowId, pending.values, conflict);
            awaitPublishedWithoutSchemaLock(conflict.other());
            throw lost;
        }
        RowVersion newest = newestCommitted(tx, rowId);
        if (newest == null || newest.row() == null) {
            return null;
        }
        Object[] again = pending.recheck.recheck(newest.row());
        if (again == null) {
            return null;
        }
        if (!tombstone) {
            pending.values = validator.canonical(again);
        }
        pending.superseded = newest.row();
        long horizon = Math.max(tx.snapshot().timestamp(), VersionWord.timestamp(newest.word()));
        long txid = tx.id();
        return (id, exists, word) -> SnapshotIsolation.decide(horizon, txid, exists, word);
    }

    /**
     * The row's newest committed version, waiting for a transaction that wrote a newer one to end: a followed update
     * builds on committed values only, since an uncommitted version may still roll back. Null if the row is gone.
     */
    private RowVersion newestCommitted(Transaction tx, long rowId) {
        while (true) {
            RowVersion newest = heap.newest(rowId);
            if (newest == null || VersionWord.isCommitted(newest.word())) {
                return newest;
            }
            awaitWithoutSchemaLock(tx, VersionWord.timestamp(newest.word()));
        }
    }

    /**
     * Takes the transaction's write intent on row {@code rowId} (SELECT ... FOR UPDATE): first-updater-wins applies
     * as for an update (40001 if the row changed after the snapshot; a wait if another transaction writes it), and
     * other writers of the row then wait for this transaction. Returns false if the row no longer exists for the
     * transaction. The intent ends with the transaction; the row's data do not change.
     */
    public boolean lock(Transaction tx, long rowId) {
        return lock(tx, rowId, null);
    }

    /** Takes a write intent as {@link #lock(Transaction, long)}, following concurrent updates with {@code recheck}. */
    public boolean lock(Transaction tx, long rowId, RowRecheck recheck) {
        return lock(tx, rowId, recheck, LockWait.WAIT);
    }

    /**
     * As {@link #lock(Transaction, long, RowRecheck)}; while another running transaction writes the row, {@code wait}
     * says whether to wait for it, fail with 55P03, or return false at once (the row is skipped).
     */
    public boolean lock(Transaction tx, long rowId, RowRecheck recheck, LockWait wait) {
        schemaLock.readLock().lock();
        try {
            RowVersion newest = heap.newest(rowId);
            if (newest != null && VersionWord.isOwnedBy(newest.word(), tx.id())) {
                return newest.row() != null;
            }
            WriteDecider decider = tx.control().updateDecider(tx);
            while (true) {
                WriteOutcome outcome = heap.lock(rowId, tx.id(), decider);
                WriteDecision decision = outcome.decision();
                switch (decision.kind()) {
                    case PUT:
                        tx.recordWrite(new LockWrite(heap, rowId, outcome.version()));
                        return true;
                    case ROW_GONE:
                        return false;
                    case CONFLICT:
                        decider = followConcurrentUpdate(tx, rowId, new PendingWrite(null, recheck), decision, true);
                        if (decider == null) {
                            return false;
                        }
                        break;
                    case WAIT:
                        if (wait == LockWait.SKIP_LOCKED) {
                            return false;
                        }
                        if (wait == LockWait.NOWAIT) {
                            throw ErrorCode.LOCK_NOT_AVAILABLE.exception(definition.name(), decision.other());
                        }
                        awaitWithoutSchemaLock(tx, decision.other());
                        break;
                    default:
                        throw ErrorCode.INTERNAL_ERROR.exception("unexpected lock decision " + decision);
                }
            }
        } finally {
            schemaLock.readLock().unlock();
        }
    }

    /**
     * Takes a key-share lock on row {@code rowId}, which {@code tx} found visible at {@code snapshot} as {@code seen}
     * and whose key columns {@code keyColumns} it relies on (a foreign key's parent row): until {@code tx} ends, a
     * transaction that deletes the row or changes that key waits for it ({@link #awaitKeyShares}). Then checks that
     * no other transaction has done so already: it waits for one that is doing so. If one committed after the
     * snapshot, it fails with 40001, except at READ COMMITTED, where it answers {@link KeyShare#CHANGED} and the
     * caller looks again in the newest committed state, as PostgreSQL's check does. An update that keeps the key
     * neither waits nor conflicts. The row is fetched again only if its newest version is not the one the snapshot
     * saw.
     */
    public KeyShare keyShare(Transaction tx, Snapshot snapshot, long rowId, Object[] seen, int[] keyColumns) {
        schemaLock.readLock().lock();
        try {
            transactions.keyShares().share(tx, definition.id(), rowId);
            while (true) {
                long word = heap.newestWord(rowId);
                if (word == VersionWord.NONE) {
                    return KeyShare.GONE;
                }
                if (VersionWord.isOwnedBy(word, tx.id())
                    || VersionWord.isCommitted(word) && VersionWord.timestamp(word) <= snapshot.timestamp()) {
                    return KeyShare.HELD; // the version tx's lookup saw is the newest
                }
                RowVersion newest = heap.newest(rowId);
                if (newest == null) {
                    return KeyShare.GONE;
                }
                word = newest.word();
                boolean keyKept = newest.row() != null && sameValues(newest.row(), seen, keyColumns);
                if (!VersionWord.isCommitted(word) && !VersionWord.isOwnedBy(word, tx.id())) {
                    if (keyKept) {
                        return KeyShare.HELD;
                    }
                    awaitWithoutSchemaLock(tx, VersionWord.timestamp(word)); // a delete or key change in progress
                    continue;
                }
                if (!keyKept && VersionWord.timestamp(word) > snapshot.timestamp()) {
                    if (tx.control().followsConcurrentUpdates()) {
                        // The caller's newest committed state must hold that commit: it may still wait to be published.
                        awaitPublishedWithoutSchemaLock(VersionWord.timestamp(word));
                        return KeyShare.CHANGED;
                    }
                    throw transactions.abort(tx, TransactionManager.AbortCause.WRITE_CONFLICT,
                        ErrorCode.WRITE_CONFLICT.exception(definition.name(), describeRow(rowId, seen),
                            "was deleted or had its key changed by a transaction that committed after this"
                                + " transaction's snapshot (at " + VersionWord.timestamp(word) + ")"));
                }
                return KeyShare.HELD;
            }
        } finally {
            schemaLock.readLock().unlock();
        }
    }

    /**
     * Called after {@code tx} deleted row {@code rowId} or changed a key other tables reference, before it checks
     * what references the row: waits for the transactions holding a key-share lock on it ({@link #keyShare}), and
     * fails with 40001 if one of them committed after the snapshot, since it may have added a reference that
     * {@code tx} cannot see. At READ COMMITTED it only waits: the caller then looks for references in the newest
     * committed state ({@link Transaction#latestSnapshot}), which shows them.
     */
    public void awaitKeyShares(Transaction tx, long rowId) {
        schemaLock.readLock().lock();
        try {
            while (true) {
                KeyShareLocks.Holders holders = transactions.keyShares().holders(definition.id(), rowId, tx.id(),
                    transactions);
                if (holders.holder() >= 0) {
                    awaitWithoutSchemaLock(tx, holders.holder());
                    continue;
                }
                if (holders.lastCommitTs() > tx.snapshot().timestamp() && tx.control().followsConcurrentUpdates()) {
                    // The newest committed state must hold that commit: it may still wait to be published.
                    awaitPublishedWithoutSchemaLock(holders.lastCommitTs());
                    return;
                }
                if (holders.lastCommitTs() > tx.snapshot().timestamp()) {
                    throw transactions.abort(tx, TransactionManager.AbortCause.WRITE_CONFLICT,
                        ErrorCode.WRITE_CONFLICT.exception(definition.name(), describeRow(rowId, null),
                            "was referenced by a transaction that committed after this transaction's snapshot (at "
                                + holders.lastCommitTs() + ")"));
                }
                return;
            }
        } finally {
            schemaLock.readLock().unlock();
        }
    }

    private static boolean sameValues(Object[] a, Object[] b, int[] columns) {
        for (int column : columns) {
            if (!java.util.Objects.equals(a[column], b[column])) {
                return false;
            }
        }
        return true;
    }

    private RuntimeException conflict(Transaction tx, long rowId, Object[] values, WriteDecision decision) {
        return transactions.abort(tx, TransactionManager.AbortCause.WRITE_CONFLICT,
            ErrorCode.WRITE_CONFLICT.exception(definition.name(), describeRow(rowId, values),
                "was changed by a transaction that committed after this transaction's snapshot (at "
                    + decision.other() + ")"));
    }

    /**
     * Installs a new version (a tombstone for null values) under the isolation level's rules; null if the row is
     * gone or, after following a concurrent update, no longer qualifies.
     */
    private VersionWrite writeVersion(Transaction tx, long rowId, PendingWrite pending) {
        WriteDecider decider = tx.control().updateDecider(tx);
        boolean tombstone = pending.values == null;
        while (true) {
            WriteOutcome outcome = heap.write(rowId, tx.id(), pending.values, decider);
            WriteDecision decision = outcome.decision();
            switch (decision.kind()) {
                case PUT: {
                    VersionWrite write = new VersionWrite(heap, rowId, outcome.version());
                    tx.recordWrite(write);
                    tx.control().onWrite(tx, definition.id(), rowId);
                    return write;
                }
                case ROW_GONE:
                    return null;
                case CONFLICT:
                    decider = followConcurrentUpdate(tx, rowId, pending, decision, tombstone);
                    if (decider == null) {
                        return null;
                    }
                    break;
                case WAIT:
                    awaitWithoutSchemaLock(tx, decision.other());
                    break;
                default:
                    throw ErrorCode.INTERNAL_ERROR.exception("unexpected write decision " + decision);
            }
        }
    }

    /**
     * Logs the heap's unlogged versions if an index names tuple ids: a logged entry must follow the tuple it names,
     * or a restart could find an entry whose tuple never reached the log. Entries that name rows (MV-IDX) need no
     * such order: a row without versions is one lookups already skip.
     */
    private void logBeforeEntriesNamingIt() {
        for (IndexAccess index : indexes) {
            if (index.refs().entryPerVersion()) {
                heap.logWrites();
                return;
            }
        }
    }

    /**
     * Adds the entries of row {@code rowId}'s new version {@code values} to every index whose key differs from the
     * superseded version's ({@code old}; null for a new row), and to every version-oblivious index, checking unique
     * keys. After a wait the index list is read again and the pass repeated; entries already added are found in
     * place.
     */
    private void addIndexEntries(Transaction tx, long rowId, Object[] old, Object[] values, VersionWrite write) {
        Snapshot snapshot = tx.snapshot();
        long tid = heap.tupleId(write.version());
        logBeforeEntriesNamingIt();
        passes:
        while (true) {
            for (IndexAccess index : indexes) {
                byte[] key = index.keyOf(values);
                boolean keyKept = old != null && Arrays.equals(index.keyOf(old), key);
                if (old != null && !keyKept) {
                    keyChanged.mark(rowId);
                }
                if (keyKept && !index.refs().entryPerVersion()) {
                    continue;
                }
                long ref = index.refs().refOf(rowId, tid);
                // A row that keeps its key already holds it: no other row can, so there is nothing to check.
                if (keyKept || !index.definition().unique() || index.hasNullKey(values)) {
                    if (index.storage().insert(key, ref)) {
                        write.addedEntry(index, key, ref);
                    }
                    tx.control().onIndexInsert(tx, definition.id(), index.definition().id(), key);
                    continue;
                }
                WriteDecision decision;
                synchronized (keyLatch(index, key)) {
                    decision = checkUnique(index, key, rowId, snapshot);
                    if (decision.kind() == WriteDecision.Kind.PUT && index.storage().insert(key, ref)) {
                        write.addedEntry(index, key, ref);
                    }
                }
                if (decision.kind() == WriteDecision.Kind.CONFLICT && tx.control().followsConcurrentUpdates()) {
                    // The key was freed by a transaction that committed after the statement's snapshot: READ
                    // COMMITTED takes the newest committed state, in which the key is free unless taken again.
                    decision = recheckFreedKey(tx, index, key, rowId, ref, write);
                }
                switch (decision.kind()) {
                    case PUT:
                        tx.control().onIndexInsert(tx, definition.id(), index.definition().id(), key);
                        continue;
                    case DUPLICATE:
                        throw ErrorCode.UNIQUE_VIOLATION.exception(describeKey(index, values),
                            index.definition().name(), definition.name());
                    case CONFLICT:
                        throw transactions.abort(tx, TransactionManager.AbortCause.WRITE_CONFLICT,
                            ErrorCode.WRITE_CONFLICT.exception(definition.name(), describeKey(index, values),
                                "was freed by a transaction that committed after this transaction's snapshot (at "
                                    + decision.other() + ")"));
                    case WAIT:
                        awaitWithoutSchemaLock(tx, decision.other());
                        continue passes;
                    default:
                        throw ErrorCode.INTERNAL_ERROR.exception("unexpected unique-key decision " + decision);
                }
            }
            return;
        }
    }

    /**
     * Checks {@code key} again against the newest committed state and inserts its entry if it is free: READ
     * COMMITTED accepts a key that a transaction committed after the statement's snapshot freed.
     */
    private WriteDecision recheckFreedKey(Transaction tx, IndexAccess index, byte[] key, long rowId, long ref,
                                          VersionWrite write) {
        synchronized (keyLatch(index, key)) {
            WriteDecision decision = checkUnique(index, key, rowId, new Snapshot(Long.MAX_VALUE >>> 2, tx.id()));
            if (decision.kind() == WriteDecision.Kind.PUT && index.storage().insert(key, ref)) {
                write.addedEntry(index, key, ref);
            }
            return decision;
        }
    }

    /** The first conflict among the rows index entries name for {@code key}, or PUT. */
    private WriteDecision checkUnique(IndexAccess index, byte[] key, long rowId, Snapshot snapshot) {
        try (IndexCursor entries = index.storage().scan(KeyRange.key(key), false)) {
            while (entries.next()) {
                long other = index.refs().rowId(heap, entries.ref());
                if (other == rowId || other < 0) {
                    continue;
                }
                WriteDecision decision = UniqueKeyCheck.decide(heap, index, key, other, snapshot);
                if (decision.kind() != WriteDecision.Kind.PUT) {
                    return decision;
                }
            }
        }
        return WriteDecision.PUT;
    }

    private Object keyLatch(IndexAccess index, byte[] key) {
        int h = Arrays.hashCode(key) * 31 + Long.hashCode(index.definition().id());
        return keyLatches[(h ^ (h >>> 16)) & (KEY_LATCHES - 1)];
    }

    /** Waits, without the schema lock, until the commit at {@code commitTs} is published (see the manager). */
    private void awaitPublishedWithoutSchemaLock(long commitTs) {
        schemaLock.readLock().unlock();
        try {
            transactions.awaitPublished(commitTs);
        } finally {
            schemaLock.readLock().lock();
        }
    }

    /** Waits for {@code owner} to end with the schema lock released, so an index build never waits on a waiter. */
    private void awaitWithoutSchemaLock(Transaction tx, long owner) {
        schemaLock.readLock().unlock();
        try {
            transactions.awaitEnd(tx, owner, definition.name());
        } finally {
            schemaLock.readLock().lock();
        }
    }

    // ---- indexes ----

    /**
     * Adds an index and fills it with an entry for every version of every row (older snapshots may read through
     * it). A unique index fails with 23505 if two live rows share a key, and with 55P03 if a running transaction has
     * written the table (its versions could not be checked). Writers of the table wait while the index is built.
     * If it fails, {@code storage} is left as it is, for its owner to drop.
     */
    public void addIndex(IndexDefinition index, TableIndex storage) {
        schemaLock.writeLock().lock();
        try {
            IndexAccess access = new IndexAccess(definition, index, storage);
            heap.logWrites(); // the entries name the versions running writers installed, which must be in the log first
            Map<ByteKey, Long> liveKeys = index.unique() ? new HashMap<>() : null;
            IndexLoader loader = storage.loader();
            long rowIds = heap.statistics().rowIds();
            for (long rowId = 0; rowId < rowIds; rowId++) {
                List<RowVersion> chain = heap.chain(rowId);
                if (chain.size() > 1) {
                    keyChanged.mark(rowId); // its versions may differ in the new index's key
                }
                for (RowVersion version : chain) {
                    if (version.row() != null) {
                        loader.add(access.keyOf(version.row()), access.refs().refOf(rowId, version.tid()));
                    }
                }
                if (liveKeys != null && !chain.isEmpty()) {
                    checkBuildUnique(access, rowId, chain.get(0), liveKeys);
                }
            }
            loader.finish();
            List<IndexAccess> next = new ArrayList<>(indexes);
            next.add(access);
            indexes = List.copyOf(next);
        } finally {
            schemaLock.writeLock().unlock();
        }
    }

    private void checkBuildUnique(IndexAccess index, long rowId, RowVersion newest, Map<ByteKey, Long> liveKeys) {
        long word = newest.word();
        if (!VersionWord.isCommitted(word) && transactions.isActive(VersionWord.timestamp(word))) {
            throw ErrorCode.LOCK_NOT_AVAILABLE.exception(definition.name(), VersionWord.timestamp(word));
        }
        if (newest.row() == null || index.hasNullKey(newest.row())) {
            return;
        }
        if (liveKeys.putIfAbsent(new ByteKey(index.keyOf(newest.row())), rowId) != null) {
            throw ErrorCode.UNIQUE_VIOLATION.exception(describeKey(index, newest.row()), index.definition().name(),
                definition.name());
        }
    }

    /** Removes the named index from the table; returns its storage for the caller to drop. */
    public TableIndex removeIndex(String name) {
        schemaLock.writeLock().lock();
        try {
            IndexAccess access = index(name);
            List<IndexAccess> next = new ArrayList<>(indexes);
            next.remove(access);
            indexes = List.copyOf(next);
            return access.storage();
        } finally {
            schemaLock.writeLock().unlock();
        }
    }

    /**
     * Takes a definition with columns added at the end (ALTER TABLE ADD COLUMN) or removed (DROP COLUMN) and the row
     * codec that reads both the rows stored before (an added column reads as its added value, a dropped one is
     * skipped) and new ones. Every index of the changed definition must be one of the table's already; an index
     * that is gone must have been removed first ({@link #removeIndex}).
     */
    public void columnsChanged(TableDefinition changed, RowCodec codec) {
        schemaLock.writeLock().lock();
        try {
            heap.replaceCodec(codec);
            List<IndexAccess> renumbered = new ArrayList<>(indexes.size());
            for (IndexAccess index : indexes) {
                renumbered.add(index.in(changed)); // a dropped column before the key's columns moves them
            }
            indexes = List.copyOf(renumbered);
            definitionChanged(changed);
        } finally {
            schemaLock.writeLock().unlock();
        }
    }

    /** Takes the catalog's new definition of this table (after an index or a constraint was added or removed). */
    public void definitionChanged(TableDefinition changed) {
        schemaLock.writeLock().lock();
        try {
            definition = changed;
            validator = new RowValidator(changed);
        } finally {
            schemaLock.writeLock().unlock();
        }
    }

    // ---- messages ----

    /** {@code (COL, ...)=(value, ...)} of an index's key in {@code row}, as PostgreSQL names a key. */
    private String describeKey(IndexAccess index, Object[] row) {
        StringBuilder names = new StringBuilder("(");
        StringBuilder values = new StringBuilder("(");
        int[] columns = index.columns();
        for (int i = 0; i < columns.length; i++) {
            if (i > 0) {
                names.append(", ");
                values.append(", ");
            }
            names.append(definition.column(columns[i]).name());
            values.append(row[columns[i]]);
        }
        return names.append(")=").append(values).append(')').toString();
    }

    /** The row's primary key if the table has one and the values are at hand, else its row id. */
    private String describeRow(long rowId, Object[] values) {
        if (values == null) {
            values = heap.read(rowId, Snapshot.committedAt(Long.MAX_VALUE >>> 2));
        }
        for (IndexAccess index : indexes) {
            if (index.definition().isPrimaryKey() && values != null) {
                return describeKey(index, values);
            }
        }
        return "id " + rowId;
    }
}
