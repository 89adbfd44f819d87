package org.verso.core.table;

import org.verso.common.ErrorCode;
import org.verso.core.tx.Transaction;
import org.verso.core.tx.TransactionManager;
import org.verso.storage.heap.WriteDecider;
import org.verso.storage.version.VersionDirectory;

/**
 * The version check of Snapshot Isolation's first-updater-wins rule, asked by the heap before it installs an update
 * or delete (papers/si-cv-co-located-versions.txt, Listing 1, lines 5-12). The newest version of the row decides:
 * <ol>
 *   <li>committed after our snapshot: a concurrent transaction updated the row first; abort with 40001;</li>
 *   <li>written by another transaction still running: it holds the row's write lock; wait for it
 *       ({@link #blocker()} names it), then check again;</li>
 *   <li>a tombstone visible to us (ours or committed before our snapshot): the row is gone; nothing to write
 *       ({@link #vanished()});</li>
 *   <li>otherwise: install the new version.</li>
 * </ol>
 * One instance serves one write attempt at a time; it is not thread safe.
 */
final class FirstUpdaterWins implements WriteDecider {
    private final Transaction tx;
    private final TransactionManager manager;
    private final String table;
    private long blocker;
    private boolean vanished;

    FirstUpdaterWins(Transaction tx, TransactionManager manager, String table) {
        this.tx = tx;
        this.manager = manager;
        this.table = table;
    }

    @Override
    public Decision decide(long vid, int headNode, long headWord) {
        blocker = -1;
        vanished = false;
        if (headNode == VersionDirectory.NONE) {
            vanished = true;
            return Decision.WAIT;
        }
        long ts = VersionDirectory.timestamp(headWord);
        if (VersionDirectory.isCommitted(headWord)) {
            if (ts > tx.snapshot().timestamp()) {
                throw manager.abortWith(tx, TransactionManager.AbortCause.WRITE_CONFLICT,
                    ErrorCode.WRITE_CONFLICT.exception(table, vid,
                        "was changed by a transaction that committed after this transaction's snapshot (at " + ts
                            + ")"));
            }
        } else if (ts != tx.id()) {
            blocker = ts;
            return Decision.WAIT;
        }
        if (VersionDirectory.isTombstone(headWord)) {
            vanished = true;
            return Decision.WAIT;
        }
        return Decision.PUT;
    }

    /** The transaction to wait for after a WAIT, or -1. */
    long blocker() {
        return blocker;
    }

    /** Whether the last WAIT means the row no longer exists. */
    boolean vanished() {
        return vanished;
    }
}
