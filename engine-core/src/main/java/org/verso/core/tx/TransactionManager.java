package org.verso.core.tx;

import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
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
 * <p>Commit, in order: (0) the isolation level's {@link ConcurrencyControl#beforeCommit} check; (1) under the commit
 * sequence monitor, draw the commit timestamp, append the COMMIT record to the write-ahead log and enter the commit
 * in flight, so that commit timestamps and log positions ascend together; (2) outside it, stamp the transaction's
 * versions committed with that timestamp (still invisible: no snapshot reaches it yet) and mark the commit stamped;
 * (3) wait until the record is durable (group commit: this wait is shared with every other committer); (4) enter
 * the commit in the commit log; (5) publish: the published timestamp advances over every stamped commit whose record
 * is durable, and the committer waits until it has passed its own. So a commit becomes visible only once it is
 * durable, a snapshot never includes a commit whose versions are not stamped, and the committer's next transaction
 * sees its own commit. A concurrent writer that meets a version not stamped yet waits for its writer to end, as it
 * does for any active writer; one that meets a stamped but unpublished version treats it as committed after its
 * snapshot (40001), as first-updater-wins requires.
 *
 * <p>A commit whose record could not be made durable ({@link #resolveFailedCommit}): if the log became durable past
 * the record anyway (another committer's force covered it), the commit stands. Otherwise the commit is marked failed,
 * so publication stops below it, and an ABORT record is appended after the COMMIT record and forced. The versions are
 * removed. If the ABORT is durable, the commit definitely failed and the caller gets the original error (53100 for
 * a full disk). If not, the outcome is unknown (08007): a crash may bring the commit back, but only if nothing logged
 * after it became durable, because every later record, every later commit's included, follows the ABORT in the log.
 * Either way no reader ever saw the transaction's writes, and recovery never picks an outcome that a durable later
 * transaction contradicts.
 *
 * <p>Waiting ({@link #awaitEnd}): a writer that finds a row's newest version owned by another active transaction
 * waits for that transaction to end. Before it waits it records the wait-for edge and follows the chain of edges; if
 * the chain comes back to it, waiting would deadlock, and it aborts with 40P01 instead.
 *
 * <p>Lock order: the commit sequence monitor is taken alone; no storage latch is ever held while waiting, aborting
 * or committing (callers guarantee it).
 */
public final class TransactionManager {
    /** Why a transaction aborted, for metrics and messages. */
    public enum AbortCause { ROLLBACK, WRITE_CONFLICT, SERIALIZATION, DEADLOCK, COMMIT_FAILURE }

    private final AtomicLong clock;
    private final CommitLog commitLog;
    private final RedoLog redoLog;
    private final EngineMetrics metrics;
    private final ConcurrentSkipListMap<Long, InFlightCommit> inFlight = new ConcurrentSkipListMap<>();
    private final ActiveTransactions active = new ActiveTransactions();
    private final Object commitSequence = new Object();
    private final ConcurrencyControl serializable = new org.verso.core.tx.ssi.SerializableSnapshotIsolation(this);
    private final KeyShareLocks keyShares = new KeyShareLocks();
    private volatile long lastCommitTimestamp;
    // Written under the commit sequence monitor: true while a commit timestamp is drawn and not yet in flight, and
    // the newest timestamp entered in flight. Publication reads them instead of taking the monitor.
    private volatile boolean sequencing;
    private volatile long lastSequenced;
    private static final java.lang.invoke.VarHandle LAST_COMMIT_TIMESTAMP;

    static {
        try {
            LAST_COMMIT_TIMESTAMP = java.lang.invoke.MethodHandles.lookup().findVarHandle(TransactionManager.class,
                "lastCommitTimestamp", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public TransactionManager(long clockStart, CommitLog commitLog, RedoLog redoLog, EngineMetrics metrics) {
        this.clock = new AtomicLong(clockStart);
        this.lastCommitTimestamp = clockStart;
        this.lastSequenced = clockStart;
        this.commitLog = commitLog;
        this.redoLog = redoLog;
        this.metrics = metrics;
    }

    public Transaction begin(IsolationLevel isolation) {
        Transaction tx = new Transaction(clock.incrementAndGet(), isolation, controlOf(isolation), this);
        active.add(tx);
        return tx;
    }

    private ConcurrencyControl controlOf(IsolationLevel isolation) {
        switch (isolation) {
            case SNAPSHOT:
                return SnapshotIsolation.INSTANCE;
            case READ_COMMITTED:
                return ReadCommitted.INSTANCE;
            case SERIALIZABLE:
                return serializable;
            default:
                throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("isolation level " + isolation);
        }
    }

    long lastCommitTimestamp() {
        return lastCommitTimestamp;
    }

    /**
     * Waits until the commit at {@code commitTs} is published, so that a transaction that begins afterwards sees it;
     * at most for the commit's log force, and never beyond one second. A writer that lost a write conflict to that
     * commit waits here before it reports 40001: the application's retry then reads the winner's row instead of
     * losing to the same commit again while its force runs. A failed commit is passed over by publication too, so
     * the wait ends either way; an interrupt ends it early.
     */
    public void awaitPublished(long commitTs) {
        long deadline = System.nanoTime() + 1_000_000_000L;
        while (lastCommitTimestamp < commitTs && System.nanoTime() < deadline
            && !Thread.currentThread().isInterrupted()) {
            java.util.concurrent.locks.LockSupport.parkNanos(20_000);
        }
    }

    /** Number of transactions that have begun and not ended. */
    public int activeCount() {
        return active.size();
    }

    /**
     * The oldest snapshot a running transaction reads, or the newest published timestamp if none does: no running
     * or future snapshot is older, so versions superseded at or before it are invisible to everyone.
     *
     * <p>The published timestamp is read before the transactions are scanned, and a transaction marks its snapshot
     * PENDING before it reads the published timestamp; so a transaction this scan does not see takes a snapshot at
     * or after the value read here, and one it sees PENDING is waited for (a few instructions).
     */
    public long oldestSnapshot() {
        long[] oldest = {lastCommitTimestamp};
        active.forEach(tx -> {
            long held = tx.heldSnapshot();
            while (held == Transaction.PENDING) {
                Thread.onSpinWait();
                held = tx.heldSnapshot();
            }
            if (held >= 0 && held < oldest[0]) {
                oldest[0] = held;
            }
        });
        return oldest[0];
    }

    /** The txid of the oldest running transaction, or one past the clock if none is running. */
    public long oldestRunningTxid() {
        long[] oldest = {clock.get() + 1};
        active.forEach(tx -> oldest[0] = Math.min(oldest[0], tx.id()));
        return oldest[0];
    }

    /** The clock's current value: every transaction begun so far has a txid at or below it. */
    public long clock() {
        return clock.get();
    }

    /** Number of transactions waiting for another to end right now: the engine's own wait state. */
    public int waitingCount() {
        int[] n = new int[1];
        active.forEach(tx -> {
            if (tx.waitingFor() != null) {
                n[0]++;
            }
        });
        return n[0];
    }

    /** The key-share locks that foreign-key checks take on parent rows. */
    public KeyShareLocks keyShares() {
        return keyShares;
    }

    /** Whether transaction {@code txid} has begun and not ended. */
    public boolean isActive(long txid) {
        return active.get(txid) != null;
    }

    void commit(Transaction tx) {
        try {
            tx.control().beforeCommit(tx);
        } catch (VersoException e) {
            throw abort(tx, AbortCause.SERIALIZATION, e);
        }
        List<WriteRecord> writes = tx.writes();
        if (!writes.isEmpty()) {
            InFlightCommit commit;
            try {
                for (WriteRecord w : writes) {
                    w.log(); // a heap logs its unlogged records once; every later call finds nothing to log
                }
                synchronized (commitSequence) {
                    sequencing = true;
                    try {
                        long commitTs = clock.incrementAndGet();
                        tx.control().onCommitTimestamp(tx, commitTs);
                        long lsn = commitLog.logCommit(tx.id(), commitTs);
                        commit = new InFlightCommit(commitTs, lsn);
                        inFlight.put(commitTs, commit);
                        lastSequenced = commitTs;
                    } finally {
                        sequencing = false;
                    }
                }
            } catch (RuntimeException e) {
                // The writes or the COMMIT record could not be logged: nothing was stamped, the versions are still
                // the writer's.
                abort(tx, AbortCause.COMMIT_FAILURE);
                throw e;
            }
            // Stamped outside the monitor: publication does not pass a commit until it is stamped.
            try {
                for (WriteRecord w : writes) {
                    w.commit(commit.ts);
                }
            } catch (RuntimeException e) {
                commit.stamped = true;
                resolveFailedCommit(tx, commit, e);
            }
            commit.stamped = true;
            try {
                redoLog.awaitCommit(commit.lsn);
            } catch (RuntimeException e) {
                resolveFailedCommit(tx, commit, e);
            }
            try {
                commitLog.confirm(tx.id(), commit.ts);
            } catch (RuntimeException e) {
                // The COMMIT record is durable, so the commit stands whatever happens to the commit log's copy: the
                // commit stays pending there, which keeps checkpoints from passing its record, and recovery enters it.
            }
            inFlight.remove(commit.ts);
            publish();
            awaitOwnPublication(commit.ts);
        }
        finish(tx, Transaction.State.COMMITTED);
        metrics.committed();
    }

    /**
     * Settles a commit whose durability wait failed with {@code failure}; see the class comment. Returns normally
     * if the commit stands after all; otherwise undoes it and throws the error the client gets.
     */
    private void resolveFailedCommit(Transaction tx, InFlightCommit commit, RuntimeException failure) {
        // An interrupt must not also fail the ABORT record's force; the flag is restored at the end.
        boolean interrupted = Thread.interrupted();
        try {
            synchronized (commitSequence) {
                if (redoLog.durableLsn() >= commit.lsn) {
                    return;
                }
                commit.failed = true;
            }
            boolean voided;
            try {
                redoLog.flushTo(commitLog.logAbort(tx.id()));
                voided = true;
            } catch (RuntimeException e) {
                failure.addSuppressed(e);
                voided = false;
            }
            try {
                abort(tx, AbortCause.COMMIT_FAILURE, voided);
            } catch (RuntimeException e) {
                // The outcome is what the ABORT record decided; a failed undo must not hide it from the client.
                failure.addSuppressed(e);
            } finally {
                commitLog.release(tx.id());
                inFlight.remove(commit.ts);
                publish();
            }
            throw voided ? failure : ErrorCode.COMMIT_OUTCOME_UNKNOWN.exception(failure, tx.id(),
                failure.getMessage());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
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
        // Set once every version of the commit carries its timestamp: publication waits for it.
        volatile boolean stamped;

        InFlightCommit(long ts, long lsn) {
            this.ts = ts;
            this.lsn = lsn;
        }
    }

    /**
     * Advances the published timestamp over every in-flight commit whose record the log already holds as durably
     * as the durability setting asks ({@link RedoLog#commitHorizon()}); it stops just below the first commit that
     * is not there yet, is not stamped yet, or that failed. Commit timestamps and log positions are drawn in the
     * same order, so after a committer's own record is durable, publishing reaches its timestamp unless an earlier
     * commit is still stamping.
     *
     * <p>It takes no lock. It reads the clock and then whether a committer is between drawing a timestamp and
     * entering it in flight; if one is, it goes no further than the last timestamp entered, so it never passes a
     * commit it cannot see. What it finds stays true (a stamped, durable commit cannot fail any more), so a value
     * computed by one publisher is never too high when another's has overtaken it, and the published timestamp only
     * rises.
     */
    private void publish() {
        long horizon = redoLog.commitHorizon();
        long visible = clock.get();
        if (sequencing) {
            visible = lastSequenced;
        }
        for (InFlightCommit c : inFlight.values()) {
            if (c.ts > visible) {
                break;
            }
            if (c.failed || !c.stamped || c.lsn > horizon) {
                visible = c.ts - 1;
                break;
            }
        }
        for (long published = lastCommitTimestamp; visible > published; published = lastCommitTimestamp) {
            if (LAST_COMMIT_TIMESTAMP.compareAndSet(this, published, visible)) {
                return;
            }
        }
    }

    /**
     * Waits until publication has reached the committer's own timestamp, so that its next transaction sees the
     * commit. It has once its record is durable, unless a commit with an earlier timestamp is still stamping its
     * versions (a few microseconds, unless that thread lost its processor): then this publishes again until it has.
     */
    private void awaitOwnPublication(long commitTs) {
        for (int attempt = 0; lastCommitTimestamp < commitTs; attempt++) {
            if (attempt < 16) {
                Thread.onSpinWait();
            } else {
                java.util.concurrent.locks.LockSupport.parkNanos(10_000);
            }
            publish();
        }
    }

    void abort(Transaction tx, AbortCause cause) {
        abort(tx, cause, true);
    }

    /**
     * Undoes the transaction's writes and ends it. {@code decided} is false when the transaction's COMMIT record may
     * stand at recovery (its ABORT record could not be made durable): its logged effects then stay.
     */
    private void abort(Transaction tx, AbortCause cause, boolean decided) {
        List<WriteRecord> writes = tx.writes();
        RuntimeException failure = null;
        try {
            // Every write is undone even if one undo fails (an index page that cannot be read): what a failed undo
            // leaves behind belongs to a transaction that never commits, which no reader sees.
            for (int i = writes.size() - 1; i >= 0; i--) {
                try {
                    if (decided) {
                        writes.get(i).undo(tx.id(), true);
                    } else {
                        writes.get(i).undoUndecided(tx.id());
                    }
                } catch (RuntimeException e) {
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
            tx.forgetWrites();
        } finally {
            finish(tx, Transaction.State.ABORTED);
            metrics.aborted(cause);
        }
        if (failure != null) {
            throw failure;
        }
    }

    private void finish(Transaction tx, Transaction.State state) {
        active.remove(tx);
        tx.setWaitingFor(null);
        tx.end(state);
        tx.control().onEnd(tx, state == Transaction.State.COMMITTED);
    }

    /**
     * Waits until transaction {@code ownerTxid}, which owns the newest version of a row in table {@code table} that
     * {@code tx} wants to write, has ended. Returns true if the owner committed, false if it aborted or had already
     * ended; the caller then decides about the row again. Must be called holding no storage latch.
     *
     * <p>Fails the statement with 55P03 if {@code tx} does not wait ({@link WaitPolicy#NO_WAIT}) and with 57014 if
     * the thread is interrupted while it waits; aborts {@code tx} with 40P01 if waiting would deadlock.
     */
    public boolean awaitEnd(Transaction tx, long ownerTxid, String table) {
        Transaction owner = active.get(ownerTxid);
        if (owner == null) {
            return false;
        }
        if (tx.waitPolicy() == WaitPolicy.NO_WAIT) {
            throw ErrorCode.LOCK_NOT_AVAILABLE.exception(table, ownerTxid);
        }
        tx.setWaitingFor(owner);
        for (Transaction t = owner.waitingFor(); t != null; t = t.waitingFor()) {
            if (t == tx) {
                tx.setWaitingFor(null);
                throw abort(tx, AbortCause.DEADLOCK, ErrorCode.DEADLOCK.exception(tx.id(), owner.id()));
            }
        }
        try {
            owner.awaitEnd();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ErrorCode.WAIT_INTERRUPTED.exception(e, ownerTxid);
        } finally {
            tx.setWaitingFor(null);
        }
        return owner.state() == Transaction.State.COMMITTED;
    }

    /**
     * Aborts {@code tx} (if it is still active) and returns {@code error} for the caller to throw. Must be called
     * holding no storage latch.
     */
    public VersoException abort(Transaction tx, AbortCause cause, VersoException error) {
        if (tx.isActive()) {
            abort(tx, cause);
        }
        return error;
    }

    /** Rolls back every transaction still active (used at close). */
    public void abortAll() {
        for (Transaction tx : active.list()) {
            if (tx.isActive()) {
                abort(tx, AbortCause.ROLLBACK);
            }
        }
    }
}
