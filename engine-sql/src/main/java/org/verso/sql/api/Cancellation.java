package org.verso.sql.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import org.verso.common.ErrorCode;

/**
 * The cancel flag of one statement execution. The session's operators check it for every row they produce or
 * consume, and the statement fails with 57014 once it is set; the executing thread is never interrupted, since it
 * may be in the middle of I/O. A query's flag stays in force while its rows are read, until the cursor closes.
 *
 * <p>Threading: {@link #cancel} may be called from any thread, and {@link #timeoutAfter} sets the flag from a shared
 * daemon timer thread. Setting the flag is all either does; a statement waiting for another transaction's row lock
 * notices it only when the wait ends.
 */
public final class Cancellation {
    private static final String USER_REQUEST = "user request";
    private static final String TIMEOUT = "statement timeout";
    /** Progress is published every this many checks, so that counting costs no memory fence per row. */
    private static final long PUBLISH_EVERY = 4096;

    private static final VarHandle REASON;

    static {
        try {
            REASON = MethodHandles.lookup().findVarHandle(Cancellation.class, "reason", String.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // Set once, by compare-and-set through REASON: the first cause wins. A field rather than an AtomicReference,
    // since a flag is made for every execution.
    private volatile String reason;
    // Read without the lock by finish(), which skips the lock when no timeout was ever set.
    private volatile ScheduledFuture<?> timer;
    private volatile boolean finished;
    // Written only by the thread running the statement (a session is used by one thread at a time).
    private long checks;
    private volatile long publishedChecks;

    /** A flag that is not set and has no timeout. */
    public Cancellation() {
    }

    /** Cancels the statement: its next check fails with 57014 "canceling statement due to user request". */
    public void cancel() {
        REASON.compareAndSet(this, null, USER_REQUEST);
    }

    /**
     * Cancels the statement when {@code timeout} has passed, with 57014 "canceling statement due to statement
     * timeout", unless {@link #finish} comes first. Returns this flag.
     */
    public synchronized Cancellation timeoutAfter(Duration timeout) {
        if (timer != null) {
            timer.cancel(false);
        }
        timer = StatementTimer.schedule(() -> REASON.compareAndSet(this, null, TIMEOUT), timeout);
        return this;
    }

    /** The statement ended (a query: its cursor ended): a pending timeout no longer applies. */
    public void finish() {
        finished = true;
        if (timer != null) {
            synchronized (this) {
                if (timer != null) {
                    timer.cancel(false);
                    timer = null;
                }
            }
        }
    }

    /** Whether the statement has ended; a cancel after that has no effect. */
    public boolean isFinished() {
        return finished;
    }

    public boolean isCancelled() {
        return reason != null;
    }

    /**
     * Roughly how many rows the operators have produced or consumed so far, published in steps of a few thousand:
     * another thread can watch a long statement make progress (tests and monitoring).
     */
    public long progress() {
        return publishedChecks;
    }

    /** Throws 57014 if the flag is set; the operators call it for every row. */
    public void check() {
        if (++checks % PUBLISH_EVERY == 0) {
            publishedChecks = checks;
        }
        String why = reason;
        if (why != null) {
            throw ErrorCode.QUERY_CANCELED.exception(why);
        }
    }
}
