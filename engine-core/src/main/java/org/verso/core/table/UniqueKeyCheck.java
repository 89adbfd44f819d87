package org.verso.core.table;

import org.verso.storage.heap.RowVersion;
import org.verso.storage.heap.TableHeap;
import org.verso.storage.heap.WriteDecision;
import org.verso.storage.version.Snapshot;
import org.verso.storage.version.VersionWord;

/**
 * Decides whether a transaction may give a row the key {@code key} of a unique index, from one other row that an
 * index entry says has (or had) that key. The index keeps entries of older versions, so the other row's newest
 * version decides:
 * <ol>
 *   <li>no version (an insert that was rolled back): no conflict;</li>
 *   <li>written by another transaction still running: WAIT for it, then check again;</li>
 *   <li>a live version with the key, committed (at any time) or the transaction's own: DUPLICATE (23505), naming
 *       the other row;</li>
 *   <li>a version without the key (deleted, or the key changed) committed after the transaction's snapshot, while
 *       the version the snapshot sees still has it: CONFLICT (40001): the key was freed concurrently, and taking it
 *       would be a lost update under first-updater-wins;</li>
 *   <li>otherwise (the key was freed before the snapshot, or by the transaction itself): no conflict.</li>
 * </ol>
 * Pure: it reads versions and returns a decision ({@link WriteDecision#PUT} for no conflict).
 */
final class UniqueKeyCheck {
    private UniqueKeyCheck() {
    }

    static WriteDecision decide(TableHeap heap, IndexAccess index, byte[] key, long otherRow, Snapshot snapshot) {
        RowVersion newest = heap.newest(otherRow);
        if (newest == null) {
            return WriteDecision.PUT;
        }
        long word = newest.word();
        long ts = VersionWord.timestamp(word);
        boolean committed = VersionWord.isCommitted(word);
        if (!committed && ts != snapshot.ownTxid()) {
            return WriteDecision.waitFor(ts);
        }
        if (newest.row() != null && index.matches(newest.row(), key)) {
            return WriteDecision.duplicateOf(otherRow);
        }
        if (committed && ts > snapshot.timestamp()) {
            Object[] seen = heap.read(otherRow, snapshot);
            if (seen != null && index.matches(seen, key)) {
                return WriteDecision.conflict(ts);
            }
        }
        return WriteDecision.PUT;
    }
}
