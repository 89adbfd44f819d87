package org.verso.core.tx;

import java.lang.invoke.VarHandle;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Key-share locks on rows: a transaction that relies on a row keeping its key (a foreign key's check that a child
 * row's parent exists) holds one until it ends, and a transaction that deletes the row or changes its key waits for
 * the holders before it checks what references the row. A holder that committed after the deleter's snapshot may have
 * written a reference the deleter cannot see, so the deleter then fails with 40001. This is PostgreSQL's FOR KEY
 * SHARE, which its referential checks take; an update that keeps the key takes no part and waits for nobody.
 *
 * <p>A row's entry keeps the commit timestamp of its last holder after the holders are gone, until no snapshot is
 * older ({@link #forget}). Holders end through the transaction's write records, which commit or roll back with it.
 *
 * <p>Both sides write first and read the other side after a full fence: the holder registers and then reads the row's
 * newest version, the deleter installs its version and then reads the holders. So at least one of two concurrent
 * transactions sees the other (if both do, each waits for the other, and the deadlock check aborts one).
 *
 * <p>Thread safety: thread safe; an entry changes only inside its map's compute methods.
 */
public final class KeyShareLocks {
    private record RowKey(long table, long row) {
    }

    /** The transactions holding a row's lock and the last commit timestamp of one that held it. */
    private static final class Entry {
        final Set<Long> holders = new HashSet<>(4);
        long lastCommitTs = -1;
    }

    /** What a deleter must do about a row: wait for {@code holder} (or -1: none), and the last holder's commit. */
    public record Holders(long holder, long lastCommitTs) {
    }

    private final ConcurrentHashMap<RowKey, Entry> entries = new ConcurrentHashMap<>();

    /** Makes {@code tx} a holder of row {@code row} of table {@code table} until it ends. */
    public void share(Transaction tx, long table, long row) {
        RowKey key = new RowKey(table, row);
        long txid = tx.id();
        boolean[] added = new boolean[1];
        entries.compute(key, (k, entry) -> {
            Entry e = entry == null ? new Entry() : entry;
            added[0] = e.holders.add(txid);
            return e;
        });
        if (added[0]) {
            tx.recordWrite(new Held(key, txid));
        }
        VarHandle.fullFence(); // registered before the caller reads the row's newest version
    }

    /**
     * A holder of row {@code row} of table {@code table} other than {@code txid} that is still running, if any, and
     * the commit timestamp of the last holder that committed. Holders that ended without their record reaching the
     * entry (which a failed rollback could cause) are dropped here.
     */
    public Holders holders(long table, long row, long txid, TransactionManager transactions) {
        VarHandle.fullFence(); // the caller's version is installed before the holders are read
        long[] found = {-1, -1};
        entries.computeIfPresent(new RowKey(table, row), (k, e) -> {
            e.holders.removeIf(holder -> holder != txid && !transactions.isActive(holder));
            for (long holder : e.holders) {
                if (holder != txid) {
                    found[0] = holder;
                    break;
                }
            }
            found[1] = e.lastCommitTs;
            return e.holders.isEmpty() && e.lastCommitTs < 0 ? null : e;
        });
        return new Holders(found[0], found[1]);
    }

    /** Drops the entries without holders whose last holder committed at or before {@code horizon}. */
    public void forget(long horizon) {
        for (RowKey key : entries.keySet()) {
            entries.computeIfPresent(key, (k, e) -> e.holders.isEmpty() && e.lastCommitTs <= horizon ? null : e);
        }
    }

    /** Entries held or remembered, for tests and metrics. */
    public int size() {
        return entries.size();
    }

    /** A transaction's hold on one row: ends with the transaction, or with the statement that took it. */
    private final class Held implements WriteRecord {
        private final RowKey key;
        private final long txid;

        Held(RowKey key, long txid) {
            this.key = key;
            this.txid = txid;
        }

        @Override
        public void commit(long commitTs) {
            entries.computeIfPresent(key, (k, e) -> {
                e.holders.remove(txid);
                e.lastCommitTs = Math.max(e.lastCommitTs, commitTs);
                return e;
            });
        }

        @Override
        public void undo(long ignored, boolean transactionEnds) {
            entries.computeIfPresent(key, (k, e) -> {
                e.holders.remove(txid);
                return e.holders.isEmpty() && e.lastCommitTs < 0 ? null : e;
            });
        }
    }
}
