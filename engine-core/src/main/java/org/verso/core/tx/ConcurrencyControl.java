package org.verso.core.tx;

import java.util.function.LongSupplier;
import org.verso.storage.heap.WriteDecider;
import org.verso.storage.index.KeyRange;

/**
 * The rules of one isolation level, as hooks that the table-access API and the transaction manager call. Snapshot
 * Isolation ({@link SnapshotIsolation}) and READ COMMITTED use only the write decision; Serializable Snapshot
 * Isolation ({@link org.verso.core.tx.ssi.SerializableSnapshotIsolation}) adds SIREAD locks on reads and scans,
 * rw-conflict tracking on writes and the dangerous-structure check before commit, without any change to storage.
 *
 * <p>Every hook is called by the thread running the transaction, holding no storage latch, so a hook may block or
 * throw; a hook that throws a serialization failure (40001) leaves aborting the transaction to its caller, except
 * {@link #beforeCommit}, whose failure the transaction manager turns into an abort.
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

    /** Whether the level needs {@link #onRowRead} for every row read (the table layer skips the call otherwise). */
    default boolean tracksReads() {
        return false;
    }

    /**
     * {@code tx} read row {@code rowId} of table {@code tableId}; {@code newestWord} gives the row's newest version
     * word ({@link org.verso.storage.version.VersionWord}), to be asked after any lock is taken.
     */
    default void onRowRead(Transaction tx, long tableId, long rowId, LongSupplier newestWord) {
    }

    /** {@code tx} is about to read every row of table {@code tableId} (a full scan). */
    default void onTableScan(Transaction tx, long tableId) {
    }

    /** {@code tx} is about to read the key range {@code range} of index {@code indexId} of table {@code tableId}. */
    default void onIndexScan(Transaction tx, long tableId, long indexId, KeyRange range) {
    }

    /** {@code tx} installed a new version of row {@code rowId} of table {@code tableId}. */
    default void onWrite(Transaction tx, long tableId, long rowId) {
    }

    /** {@code tx} added the entry of {@code key} to index {@code indexId} of table {@code tableId}. */
    default void onIndexInsert(Transaction tx, long tableId, long indexId, byte[] key) {
    }

    /** {@code tx} is about to commit; may refuse with a serialization failure. */
    default void beforeCommit(Transaction tx) {
    }

    /**
     * {@code tx} draws commit timestamp {@code commitTs}; called under the commit sequence, before its versions are
     * stamped with it, so that whoever sees a version stamped {@code commitTs} can find its writer.
     */
    default void onCommitTimestamp(Transaction tx, long commitTs) {
    }

    /** {@code tx} has ended, committed or not. */
    default void onEnd(Transaction tx, boolean committed) {
    }
}
