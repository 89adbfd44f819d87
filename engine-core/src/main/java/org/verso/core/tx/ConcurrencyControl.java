package org.verso.core.tx;

import org.verso.storage.heap.WriteDecider;
import org.verso.storage.index.KeyRange;

/**
 * The rules of one isolation level, as hooks that the table-access API and the transaction manager call. Snapshot
 * Isolation ({@link SnapshotIsolation}) uses only the write decision; Serializable Snapshot Isolation adds SIREAD
 * locks on reads and scans, rw-conflict tracking on writes and the dangerous-structure check before commit, without
 * any change to storage or to the table layer.
 *
 * <p>Every hook is called by the thread running the transaction, holding no storage latch, so a hook may block or
 * throw; a hook that throws a serialization failure must leave aborting the transaction to its caller.
 */
public interface ConcurrencyControl {
    /** The decider shown a row's newest version before {@code tx} updates or deletes the row. */
    WriteDecider updateDecider(Transaction tx);

    /**
     * Whether a write that meets a row changed by a transaction that committed after the snapshot re-evaluates the
     * statement on the newest committed version (READ COMMITTED) instead of failing with 40001.
     */
    default boolean followsConcurrentUpdates() {
        return false;
    }

    /** {@code tx} read row {@code rowId} of table {@code tableId} through a point access (a key lookup). */
    default void onRead(Transaction tx, long tableId, long rowId) {
    }

    /** {@code tx} read every row of table {@code tableId} (a full scan). */
    default void onTableScan(Transaction tx, long tableId) {
    }

    /** {@code tx} read the key range {@code range} of index {@code indexId} of table {@code tableId}. */
    default void onIndexScan(Transaction tx, long tableId, long indexId, KeyRange range) {
    }

    /** {@code tx} installed a version of row {@code rowId} of table {@code tableId}. */
    default void onWrite(Transaction tx, long tableId, long rowId) {
    }

    /** {@code tx} is about to commit; may refuse with a serialization failure. */
    default void beforeCommit(Transaction tx) {
    }

    /** {@code tx} has ended, committed or not. */
    default void onEnd(Transaction tx, boolean committed) {
    }
}
