package org.verso.core.tx;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.verso.common.ErrorCode;
import org.verso.storage.version.Snapshot;

/**
 * One transaction: its id, its snapshot (taken at its first statement), the versions it wrote, and its state.
 *
 * <p>Operations: {@link #commit}, {@link #rollback}; statement atomicity with {@link #markStatement} and
 * {@link #rollbackStatement}; the table layer calls {@link #snapshot} and {@link #recordWrite}.
 *
 * <p>Thread safety: a transaction is used by one thread at a time (its session's). Other transactions read its
 * state and its wait-for edge concurrently, and wait for its end with {@link #awaitEnd}.
 */
public final class Transaction {
    /** Lifecycle states; a transaction ends exactly once. */
    public enum State { ACTIVE, COMMITTED, ABORTED }

    private final long id;
    private final IsolationLevel isolation;
    private final ConcurrencyControl control;
    private final TransactionManager manager;
    // Both made when first needed: most transactions (every autocommit query) write nothing and nobody waits for them.
    private List<WriteRecord> writes = List.of();
    private volatile CountDownLatch ended;
    private long snapshotTimestamp = -1;
    // The oldest snapshot this transaction has read with (at READ COMMITTED, its first statement's, since cursors of
    // earlier statements may still be open): NONE before the first, PENDING while it is being taken. The version
    // collector reads it to know what no running snapshot can see; see TransactionManager#oldestSnapshot.
    private volatile long heldSnapshot = NONE;
    static final long NONE = -1;
    static final long PENDING = -2;
    private volatile State state = State.ACTIVE;
    private volatile Transaction waitingFor;
    private WaitPolicy waitPolicy = WaitPolicy.WAIT;
    private Object controlState;
    private int slot; // in ActiveTransactions

    Transaction(long id, IsolationLevel isolation, ConcurrencyControl control, TransactionManager manager) {
        this.id = id;
        this.isolation = isolation;
        this.control = control;
        this.manager = manager;
    }

    public long id() {
        return id;
    }

    public IsolationLevel isolation() {
        return isolation;
    }

    /** The rules of the transaction's isolation level. */
    public ConcurrencyControl control() {
        return control;
    }

    /** The transaction manager that began this transaction. */
    public TransactionManager manager() {
        return manager;
    }

    /** What the isolation level keeps for this transaction (Serializable SI: its conflicts and SIREAD locks). */
    public Object controlState() {
        return controlState;
    }

    /** Attaches the isolation level's state; see {@link #controlState()}. */
    public void setControlState(Object state) {
        this.controlState = state;
    }

    public WaitPolicy waitPolicy() {
        return waitPolicy;
    }

    /** Whether a write that meets another running transaction's version waits for it or fails at once. */
    public void setWaitPolicy(WaitPolicy policy) {
        this.waitPolicy = policy;
    }

    public State state() {
        return state;
    }

    public boolean isActive() {
        return state == State.ACTIVE;
    }

    /**
     * The snapshot this transaction reads; taken when first asked for, at the first statement (at READ COMMITTED, at
     * the first use in each statement).
     */
    public Snapshot snapshot() {
        checkActive();
        if (snapshotTimestamp < 0) {
            boolean first = heldSnapshot == NONE;
            if (first) {
                heldSnapshot = PENDING;
            }
            snapshotTimestamp = manager.lastCommitTimestamp();
            if (first) {
                heldSnapshot = snapshotTimestamp;
            }
        }
        return new Snapshot(snapshotTimestamp, id);
    }

    /**
     * A snapshot of the newest published state, leaving the transaction's own snapshot as it is: for a READ
     * COMMITTED check that must see what committed during its statement (a foreign key's parent that the statement's
     * snapshot shows, but a later commit deleted).
     */
    public Snapshot latestSnapshot() {
        checkActive();
        return new Snapshot(manager.lastCommitTimestamp(), id);
    }

    /** Commits: makes every version written visible to later snapshots. */
    public void commit() {
        checkActive();
        manager.commit(this);
    }

    /** Rolls back; a no-op if the transaction already ended by abort. */
    public void rollback() {
        if (state == State.ACTIVE) {
            manager.abort(this, TransactionManager.AbortCause.ROLLBACK);
        }
    }

    /**
     * Marks the start of a statement; pass the mark to {@link #rollbackStatement} if the statement fails. At READ
     * COMMITTED the statement also gets a fresh snapshot.
     */
    public int markStatement() {
        checkActive();
        if (isolation == IsolationLevel.READ_COMMITTED) {
            snapshotTimestamp = -1;
        }
        return writes.size();
    }

    /**
     * A mark for {@link #rollbackStatement}: rolling back to it undoes every write made after this call (a
     * savepoint). Unlike {@link #markStatement} it leaves the snapshot alone.
     */
    public int writeMark() {
        checkActive();
        return writes.size();
    }

    /** Undoes every write made since {@code mark}, newest first; the transaction stays usable. */
    public void rollbackStatement(int mark) {
        if (state != State.ACTIVE) {
            return;
        }
        for (int i = writes.size() - 1; i >= mark; i--) {
            writes.remove(i).undo(id, false);
        }
    }

    /** Called by the table layer after installing a version. */
    public void recordWrite(WriteRecord write) {
        if (writes.isEmpty()) {
            writes = new ArrayList<>();
        }
        writes.add(write);
    }

    /** The transaction manager undid every write. */
    void forgetWrites() {
        writes = List.of();
    }

    /** The writes in the order made. */
    List<WriteRecord> writes() {
        return writes;
    }

    void checkActive() {
        if (state == State.ABORTED) {
            throw ErrorCode.TRANSACTION_ABORTED.exception(id, "(see the error that aborted it)");
        }
        if (state == State.COMMITTED) {
            throw ErrorCode.TRANSACTION_ENDED.exception(id);
        }
    }

    void end(State finalState) {
        state = finalState;
        CountDownLatch waiters = ended;
        if (waiters != null) {
            waiters.countDown();
        }
    }

    /** Blocks until this transaction has committed or aborted. */
    public void awaitEnd() throws InterruptedException {
        if (state != State.ACTIVE) {
            return;
        }
        CountDownLatch waiters = ended;
        if (waiters == null) {
            synchronized (this) {
                waiters = ended;
                if (waiters == null) {
                    waiters = new CountDownLatch(1);
                    ended = waiters;
                }
            }
        }
        // end() sets the state before it reads the latch, and this reads the state after publishing the latch (both
        // volatile): either end() counts the latch down, or this sees the transaction ended.
        if (state != State.ACTIVE) {
            return;
        }
        waiters.await();
    }

    Transaction waitingFor() {
        return waitingFor;
    }

    int slot() {
        return slot;
    }

    void setSlot(int slot) {
        this.slot = slot;
    }

    long heldSnapshot() {
        return heldSnapshot;
    }

    /** The txid this transaction is waiting for right now, or -1: the engine's own wait state. */
    public long waitingForTxid() {
        Transaction other = waitingFor;
        return other == null ? -1 : other.id;
    }

    void setWaitingFor(Transaction other) {
        waitingFor = other;
    }

    @Override
    public String toString() {
        return "Transaction[" + id + " " + state + "]";
    }
}
