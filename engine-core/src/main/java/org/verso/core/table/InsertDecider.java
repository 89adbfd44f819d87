package org.verso.core.table;

import java.util.Arrays;
import org.verso.common.ErrorCode;
import org.verso.core.tx.Transaction;
import org.verso.core.tx.TransactionManager;
import org.verso.storage.heap.WriteDecider;
import org.verso.storage.version.VersionDirectory;

/**
 * Decides an insert whose primary key already maps to a VID in the key index. The newest version of that row
 * decides:
 * <ol>
 *   <li>none yet: another insert reserved the key an instant ago and is installing it; retry;</li>
 *   <li>a live version, committed (at any time) or our own: the key is taken; 23505;</li>
 *   <li>a version of another running transaction: wait for it, then check again;</li>
 *   <li>a tombstone committed after our snapshot: the row was deleted concurrently; under first-updater-wins
 *       our insert conflicts with that delete; 40001;</li>
 *   <li>any other tombstone: the key is free; the new row continues the same VID's chain.</li>
 * </ol>
 */
final class InsertDecider implements WriteDecider {
    private final Transaction tx;
    private final TransactionManager manager;
    private final String table;
    private final Object[] key;
    private long blocker;
    private boolean retry;

    InsertDecider(Transaction tx, TransactionManager manager, String table, Object[] key) {
        this.tx = tx;
        this.manager = manager;
        this.table = table;
        this.key = key;
    }

    @Override
    public Decision decide(long vid, int headNode, long headWord) {
        blocker = -1;
        retry = false;
        if (headNode == VersionDirectory.NONE) {
            retry = true;
            return Decision.WAIT;
        }
        long ts = VersionDirectory.timestamp(headWord);
        boolean committed = VersionDirectory.isCommitted(headWord);
        if (!committed && ts != tx.id()) {
            blocker = ts;
            return Decision.WAIT;
        }
        if (!VersionDirectory.isTombstone(headWord)) {
            throw ErrorCode.UNIQUE_VIOLATION.exception(Arrays.toString(key), table);
        }
        if (committed && ts > tx.snapshot().timestamp()) {
            throw manager.abortWith(tx, TransactionManager.AbortCause.WRITE_CONFLICT,
                ErrorCode.WRITE_CONFLICT.exception(table, Arrays.toString(key),
                    "was deleted by a transaction that committed after this transaction's snapshot (at " + ts + ")"));
        }
        return Decision.PUT;
    }

    long blocker() {
        return blocker;
    }

    boolean retry() {
        return retry;
    }
}
