package org.verso.core.tx;

import org.verso.storage.heap.WriteDecider;

/**
 * READ COMMITTED as PostgreSQL defines it: each statement reads its own snapshot ({@link Transaction#markStatement}
 * resets it), writes wait for a row's running writer exactly as under Snapshot Isolation, and a row changed by a
 * transaction that committed after the statement's snapshot is re-read at its newest committed version and the
 * statement's condition re-evaluated on it ({@link #followsConcurrentUpdates}) instead of failing.
 */
public final class ReadCommitted implements ConcurrencyControl {
    public static final ReadCommitted INSTANCE = new ReadCommitted();

    private ReadCommitted() {
    }

    @Override
    public WriteDecider updateDecider(Transaction tx) {
        return SnapshotIsolation.INSTANCE.updateDecider(tx);
    }

    @Override
    public boolean followsConcurrentUpdates() {
        return true;
    }
}
