package org.verso.core.tx;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.core.metrics.EngineMetrics;
import org.verso.storage.txlog.CommitLog;
import org.verso.storage.wal.RedoLog;

/**
 * Starts and ends transactions on one logical clock, and implements the waiting side of first-updater-wins.
 *
 * <p>Clock: txids and commit timestamps are drawn from one counter. A snapshot is the last published timestamp.
 *
 * <p>Commit, in order: (1) under the commit sequence monitor, draw the commit timestamp, append the COMMIT record
 * to the write-ahead log and stamp the transaction's versions committed with that timestamp (still invisible: no
 * snapshot reaches it yet); (2) wait until the record is durable (group commit: this wait is shared with every
 * other committer); (3) enter the commit in the commit log; (4) publish: the published timestamp advances over
 * every commit whose record is durable. So a commit becomes visible only once it is durable, a snapshot never
 * includes a commit whose versions are not stamped, and the committer's next transaction sees its own commit. A
 * concurrent writer that meets a stamped but unpublished version treats it as committed after its snapshot
 * (40001), as first-updater-wins requires. If the log cannot be forced (a full disk), the COMMIT record is voided
 * by an ABORT record, the versions are removed and the commit fails; publication does not pass it meanwhile.
 *
 * <p>Waiting: a writer that finds a row's newest version owned by another active transaction waits for that
 * transaction to end ({@link #awaitOwner}). Before it waits it records the wait-for edge and follows the chain of
 * edges; if the chain comes back to it, waiting would deadlock, and it aborts with 40P01 instead.
 *
 * <p>Lock order: the commit sequence monitor is taken alone; heap monitors are never held while waiting.
 */
public final class TransactionManager {
    /** Why a transaction aborted, for metrics and messages. */
    public enum AbortCause { ROLLBACK, WRITE_CONFLICT, DEADLOCK, COMMIT_FAILURE }

    private final AtomicLong clock;
    private final CommitLog commitLog;
    private final RedoLog redoLog;
    private final EngineMetrics metrics;
    private final java.util.concurrent.ConcurrentSkipListMap<Long, InFlightCommit> inFlight =
        new java.util.concurrent.ConcurrentSkipListMap<>();
    private final Map<Long, Transaction> active = new ConcurrentHashMap<>();
    private final Object commitSequence = new Object();
    private volatile long lastCommitTimestamp;

    public TransactionManager(long clockStart, CommitLog commitLog, RedoLog redoLog, EngineMetrics metrics) {
        this.clock = new AtomicLong(clockStart);
        this.lastCommitTimestamp = clockStart;
        this.commitLog = commitLog;
        this.redoLog = redoLog;
        this.metrics = metrics;
    }

    public Transaction begin(IsolationLevel isolation) {
        Transaction tx = new Transaction(clock.incrementAndGet(), isolation, this);
        active.put(tx.id(), tx);
        return tx;
    }

    long lastCommitTimestamp() {
        return lastCommitTimestamp;
    }

    /** Number of transactions that have begun and not ended. */
    public int activeCount() {
        return active.size();
    }

    void commit(Transaction tx) {
        List<WriteRecord> writes = tx.writes();
        if (!writes.isEmpty()) {
            InFlightCommit commit;
            synchronized (commitSequence) {
                long commitTs = clock.incrementAndGet();
                long lsn;
                try {
                    lsn = commitLog.logCommit(tx.id(), commitTs);
                } catch (RuntimeException e) {
                    abort(tx, AbortCause.COMMIT_FAILURE);
                    throw e;
                }
                for (WriteRecord w : writes) {
                    w.commit(commitTs);
                }
                commit = new InFlightCommit(commitTs, lsn);
                inFlight.put(commitTs, commit);
            }
            try {
                redoLog.awaitCommit(commit.lsn);
            } catch (RuntimeException e) {
                commit.failed = true;
                try {
                    commitLog.logAbort(tx.id());
                } finally {
                    abort(tx, AbortCause.COMMIT_FAILURE);
                    inFlight.remove(commit.ts);
                    publish();
                }
                throw e;
            }
            commitLog.confirm(tx.id(), commit.ts);
            inFlight.remove(commit.ts);
            publish();
        }
        finish(tx, Transaction.State.COMMITTED);
        metrics.committed();
    }

    /**
     * A commit between drawing its timestamp and being confirmed: its versions are stamped, its COMMIT record is
     * in the log, and it is waiting for the record to be durable.
     */
    private static final class InFlightCommit {
        final long ts;
        final long lsn;
        // Set when the record could not be made durable: publication must not pass this commit until it is undone.
        volatile boolean failed;

        InFlightCommit(long ts, long lsn) {
            this.ts = ts;
            this.lsn = lsn;
        }
    }

    /**
     * Advances the published timestamp over every in-flight commit whose record the log already holds as durably
     * as the durability setting asks ({@link RedoLog#commitHorizon()}); it stops just below the first commit that
     * is not there yet, or that failed. Commit timestamps and log positions are drawn in the same order, so after a
     * committer's own record is durable, publishing always reaches its timestamp: the committer's next transaction
     * sees its commit without waiting for other threads.
     */
    private void publish() {
        synchronized (commitSequence) {
            long horizon = redoLog.commitHorizon();
            long visible = clock.get();
            for (InFlightCommit c : inFlight.values()) {
                if (c.failed || c.lsn > horizon) {
                    visible = c.ts - 1;
                    break;
                }
            }
            if (visible > lastCommitTimestamp) {
                lastCommitTimestamp = visible;
            }
        }
    }

    void abort(Transaction tx, AbortCause cause) {
        List<WriteRecord> writes = tx.writes();
        try {
            for (int i = writes.size() - 1; i >= 0; i--) {
                writes.get(i).undo(tx.id(), true);
            }
            writes.clear();
        } finally {
            finish(tx, Transaction.State.ABORTED);
            metrics.aborted(cause);
        }
    }

    private void finish(Transaction tx, Transaction.State state) {
        active.remove(tx.id());
        tx.setWaitingFor(null);
        tx.end(state);
    }

    /**
     * Waits until transaction {@code ownerTxid}, which owns the newest version of a row {@code tx} wants to write,
     * has ended. Returns true if the owner committed (the caller's write conflicts), false if it aborted or had
     * already ended (the caller re-checks the row). Aborts {@code tx} with 40P01 if waiting would deadlock.
     */
    public boolean awaitOwner(Transaction tx, long ownerTxid, String table, Object row) {
        Transaction owner = active.get(ownerTxid);
        if (owner == null) {
            return false;
        }
        tx.setWaitingFor(owner);
        for (Transaction t = owner.waitingFor(); t != null; t = t.waitingFor()) {
            if (t == tx) {
                tx.setWaitingFor(null);
                throw abortWith(tx, AbortCause.DEADLOCK, ErrorCode.DEADLOCK.exception(tx.id(), owner.id()));
            }
        }
        try {
            owner.awaitEnd();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            tx.setWaitingFor(null);
            throw abortWith(tx, AbortCause.ROLLBACK,
                ErrorCode.INTERNAL_ERROR.exception(e, "interrupted while waiting for transaction " + ownerTxid));
        }
        tx.setWaitingFor(null);
        return owner.state() == Transaction.State.COMMITTED;
    }

    /** Aborts {@code tx} and returns {@code error} for the caller to throw. */
    public VersoException abortWith(Transaction tx, AbortCause cause, VersoException error) {
        if (tx.isActive()) {
            abort(tx, cause);
        }
        return error;
    }

    /** Rolls back every transaction still active (used at close). */
    public void abortAll() {
        for (Transaction tx : List.copyOf(active.values())) {
            if (tx.isActive()) {
                abort(tx, AbortCause.ROLLBACK);
            }
        }
    }
}
