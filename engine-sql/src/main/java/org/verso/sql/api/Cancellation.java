package org.verso.sql.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import org.verso.common.ErrorCode;

/**
 * The cancel flag of one statement execution. The session's operators check it for every row they produce or
 * consume, and the statement fails with 57014 once it is set; the executing thread is never interrupted, since it
 * may be in the middle of I/O. A query's flag stays in force while its rows are read, until the cursor closes.
 *
 * <p>A timeout is a deadline, read against the clock every {@value #CLOCK_EVERY} checks and at the first: no timer
 * thread is woken for it, so a statement that finishes in time costs no context switch (with a timeout armed for
 * every statement, as connection pools and test harnesses do, a timer's wake-ups cost more than short statements
 * themselves).
 *
 * <p>Threading: {@link #cancel} may be called from any thread; setting the flag is all it does. A statement waiting
 * for another transaction's row lock notices a cancel or its deadline only when the wait ends.
 */
public final class Cancellation {
    private static final String USER_REQUEST = "user request";
    private static final String TIMEOUT = "statement timeout";
    /** Longer timeouts are this one (a century): the deadline stays within the clock's range. */
    private static final Duration LONGEST = Duration.ofDays(36_500);
    /** Progress is published every this many checks, so that counting costs no memory fence per row. */
    private static final long PUBLISH_EVERY = 4096;
    /** The deadline is compared with the clock every this many checks (a power of two). */
    private static final int CLOCK_EVERY = 256;

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
    // The timeout's deadline in System.nanoTime() terms; meaningful only when timed. Written before the statement
    // runs, by the thread that runs it.
    private long deadline;
    private boolean timed;
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
     * Cancels the statement once {@code timeout} has passed, with 57014 "canceling statement due to statement
     * timeout", unless {@link #finish} comes first; a later call replaces the deadline. Returns this flag. Called by
     * the thread that runs the statement, before it runs.
     */
    public Cancellation timeoutAfter(Duration timeout) {
        Duration bounded = timeout.isNegative() ? Duration.ZERO : timeout.compareTo(LONGEST) > 0 ? LONGEST : timeout;
        deadline = System.nanoTime() + bounded.toNanos();
        timed = true;
        return this;
    }

    /** The statement ended (a query: its cursor ended): its deadline no longer applies. */
    public void finish() {
        finished = true;
    }

    /** Whether the statement has ended; a cancel after that has no effect. */
    public boolean isFinished() {
        return finished;
    }

    /** Whether the statement was cancelled or has run past its deadline, whether or not a check has failed yet. */
    public boolean isCancelled() {
        return reason != null || timed && !finished && System.nanoTime() - deadline >= 0;
    }

    /**
     * Roughly how many rows the operators have produced or consumed so far, published in steps of a few thousand:
     * another thread can watch a long statement make progress (tests and monitoring).
     */
    public long progress() {
        return publishedChecks;
    }

    /** Throws 57014 if the flag is set or the deadline has passed; the operators call it for every row. */
    public void check() {
        long count = ++checks;
        if (timed && (count & (CLOCK_EVERY - 1)) == 1 && !finished && System.nanoTime() - deadline >= 0) {
            REASON.compareAndSet(this, null, TIMEOUT);
        }
        if (count % PUBLISH_EVERY == 0) {
            publishedChecks = count;
        }
        String why = reason;
        if (why != null) {
            throw ErrorCode.QUERY_CANCELED.exception(why);
        }
    }
}
