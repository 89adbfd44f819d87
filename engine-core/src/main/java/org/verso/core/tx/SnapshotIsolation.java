package org.verso.core.tx;

import org.verso.storage.heap.WriteDecider;
import org.verso.storage.heap.WriteDecision;
import org.verso.storage.version.VersionWord;

/**
 * Snapshot Isolation with first-updater-wins (papers: SI-CV, Listing 1, lines 5-12). Reads need nothing: the
 * snapshot decides. Before an update or delete, the row's newest version decides:
 * <ol>
 *   <li>none: the row never existed or its insert was rolled back: {@code ROW_GONE};</li>
 *   <li>committed after the writer's snapshot: a concurrent transaction changed the row first: {@code CONFLICT}
 *       (the caller aborts with 40001);</li>
 *   <li>written by another transaction still running: it holds the row's write lock: {@code WAIT} for it, then
 *       decide again;</li>
 *   <li>a tombstone visible to the writer (its own, or committed before its snapshot): {@code ROW_GONE};</li>
 *   <li>otherwise: {@code PUT}.</li>
 * </ol>
 */
public final class SnapshotIsolation implements ConcurrencyControl {
    public static final SnapshotIsolation INSTANCE = new SnapshotIsolation();

    private SnapshotIsolation() {
    }

    @Override
    public WriteDecider updateDecider(Transaction tx) {
        long snapshot = tx.snapshot().timestamp();
        long txid = tx.id();
        return (rowId, exists, word) -> decide(snapshot, txid, exists, word);
    }

    /** The first-updater-wins decision for a writer with this snapshot and txid; pure, for tests and reuse. */
    public static WriteDecision decide(long snapshot, long txid, boolean exists, long word) {
        if (!exists) {
            return WriteDecision.ROW_GONE;
        }
        long ts = VersionWord.timestamp(word);
        if (VersionWord.isCommitted(word)) {
            if (ts > snapshot) {
                return WriteDecision.conflict(ts);
            }
        } else if (ts != txid) {
            return WriteDecision.waitFor(ts);
        }
        return VersionWord.isTombstone(word) ? WriteDecision.ROW_GONE : WriteDecision.PUT;
    }
}
