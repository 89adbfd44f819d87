package org.verso.core.tx;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
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
 * <p>Commit, in order: (1) under the commit sequence monitor, draw the commit timestamp, mark it in flight and
 * append the COMMIT record to the write-ahead log; (2) wait until the record is durable (group commit: this wait is
 * shared with every other committer); (3) enter the commit in the commit log and stamp the transaction's versions
 * committed; (4) take the timestamp out of flight and publish: the published timestamp advances to just below the
 * oldest timestamp still in flight. So a commit becomes visible only once it is durable, and a snapshot never
 * includes a commit whose versions are not stamped yet; (5) wait until the published timestamp includes this commit,
 * so that a committer's next transaction always sees its own commit. If the log cannot be forced (a full disk), the COMMIT
 * record is voided by an ABORT record, the transaction is rolled back and the commit fails.
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
    private final ConcurrentSkipListSet<Long> inFlight = new ConcurrentSkipListSet<>();
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
            long commitTs;
            long lsn;
            synchronized (commitSequence) {
                commitTs = clock.incrementAndGet();
                inFlight.add(commitTs);
                try {
                    lsn = commitLog.logCommit(tx.id(), commitTs);
                } catch (RuntimeException e) {
                    inFlight.remove(commitTs);
                    abort(tx, AbortCause.COMMIT_FAILURE);
                    throw e;
                }
            }
            try {
                redoLog.awaitCommit(lsn);
            } catch (RuntimeException e) {
                try {
                    commitLog.logAbort(tx.id());
                } finally {
                    inFlight.remove(commitTs);
                    publish();
                    abort(tx, AbortCause.COMMIT_FAILURE);
                }
                throw e;
            }
            commitLog.confirm(tx.id(), commitTs);
            for (WriteRecord w : writes) {
                w.commit(commitTs);
            }
            inFlight.remove(commitTs);
            publish();
            awaitPublished(commitTs);
        }
        finish(tx, Transaction.State.COMMITTED);
        metrics.committed();
    }

    /** Advances the published timestamp to just below the oldest commit still in flight. */
    private void publish() {
        synchronized (commitSequence) {
            // Read the clock first: a timestamp drawn after this read is above it, whatever the set holds then.
            long now = clock.get();
            Long oldest = inFlight.ceiling(Long.MIN_VALUE);
            long visible = oldest == null ? now : Math.min(now, oldest - 1);
            if (visible > lastCommitTimestamp) {
                lastCommitTimestamp = visible;
                commitSequence.notifyAll();
            }
        }
    }

    /**
     * Returns once snapshots include {@code commitTs}, so the committer's next transaction sees its own commit.
     * Only older commits still in flight can delay it; their records are already durable (the log is one
     * sequence), so what remains of them is stamping versions in memory.
     */
    private void awaitPublished(long commitTs) {
        synchronized (commitSequence) {
            boolean interrupted = false;
            while (lastCommitTimestamp < commitTs) {
                try {
                    commitSequence.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
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
