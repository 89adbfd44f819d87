package org.verso.core.tx.ssi;

import java.util.HashSet;
import java.util.Set;

/**
 * What Serializable SI keeps for one transaction (an "sxact"): its rw-conflicts with other serializable
 * transactions, where it stands in the commit order, and the SIREAD locks it holds. It outlives the transaction
 * when it commits, until no transaction that overlapped it is running (see
 * {@link SerializableSnapshotIsolation}).
 *
 * <p>Named states instead of bare flag tests, as PostgreSQL's predicate.c does: {@link #isCommitted},
 * {@link #isActive}, {@link #committedBefore}.
 *
 * <p>Thread safety: {@code in}, {@code out}, {@code commitOrder}, {@code aborted} and {@code endClock} are guarded
 * by the SSI conflict-graph monitor; {@code doomed} and {@code commitTs} are read without it; the lock bookkeeping
 * belongs to {@link SireadLockTable}.
 */
final class SerializableTransaction {
    final long txid;
    final long snapshot;
    /** Transactions that read what this one wrote (rw-conflict in: reader -> this). */
    final Set<SerializableTransaction> in = new HashSet<>();
    /** Transactions that wrote what this one read (rw-conflict out: this -> writer). */
    final Set<SerializableTransaction> out = new HashSet<>();
    final SireadLockTable.Held locks = new SireadLockTable.Held();
    /** Position in the order in which serializable transactions passed their commit check; 0 while active. */
    long commitOrder;
    boolean aborted;
    /** The clock when the transaction ended; it may be forgotten once no transaction that old is running. */
    long endClock = -1;
    /** Set when another transaction found that this one must fail: it fails at its next step or commit. */
    volatile boolean doomed;
    /** The commit timestamp (or, for a transaction that wrote nothing, the clock at its end); 0 while running. */
    volatile long commitTs;

    SerializableTransaction(long txid, long snapshot) {
        this.txid = txid;
        this.snapshot = snapshot;
    }

    boolean isCommitted() {
        return commitOrder != 0;
    }

    boolean isActive() {
        return commitOrder == 0 && !aborted;
    }

    /** Whether this transaction passed its commit check before {@code other} did (false if it has not). */
    boolean committedBefore(SerializableTransaction other) {
        return commitOrder != 0 && (other.commitOrder == 0 || commitOrder < other.commitOrder);
    }

    /** Whether this transaction (a SIREAD holder) overlapped {@code writer}: it had not committed at its snapshot. */
    boolean overlaps(SerializableTransaction writer) {
        long ts = commitTs;
        return !aborted && (ts == 0 || ts > writer.snapshot);
    }

    @Override
    public String toString() {
        return "sxact[" + txid + (aborted ? " aborted" : commitOrder != 0 ? " committed#" + commitOrder : "") + "]";
    }
}
