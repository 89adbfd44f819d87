package org.verso.storage.wal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.verso.common.ErrorCode;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.io.IoCounters;

/**
 * The write-ahead log: CRC-checked records (see {@link LogRecord}) appended to direct-memory buffers and written
 * to segment files by group commit.
 *
 * <p>Appending takes no lock ({@link AppendBuffers}): a record's bytes are reserved with one compare-and-set, and
 * its header, payload and CRC are written while other threads append after it.
 *
 * <p>Group commit: committing threads append their commit records and then call {@link #awaitCommit}. If no flush is
 * running, the thread becomes the leader: it takes the whole buffer (the other one becomes current, so appends go on
 * meanwhile), waits for the records still being filled in it, writes it and forces the file once. Threads that arrive
 * while a flush runs wait for it to end; those whose records it covered return, and one of the others leads the next
 * flush, which takes everything appended in the meantime. One fdatasync thus serves every commit that arrived while the
 * previous one ran. Each waiter parks on its own, and the leader wakes only those its flush covered and the one that is
 * to lead next: with many committers on few cores, waking every waiter after every flush, most of them only to wait
 * again, cost more processor time than the commits themselves. A leader whose previous flush saw several committers
 * first waits briefly for those to commit again ({@link #startGathering}), so that they share its force.
 *
 * <p>Durability: with {@link Durability#SYNC} a commit waits for its force; with {@link Durability#ASYNC} a daemon
 * thread forces the log every {@link #ASYNC_FLUSH_MILLIS} ms and commits do not wait.
 *
 * <p>Interrupts: waiting for a leader's flush ignores interrupts and restores the thread's interrupt status
 * afterwards, and the segment files are {@link org.verso.storage.io.FilePageChannel}s, which reopen a file that an
 * interrupt closed. So a committer's interrupt never fails the flush it leads or waits for, or another thread's.
 *
 * <p>Failures: if writing fails (a full disk), the unwritten bytes stay queued and are written first by the next
 * flush; the caller gets 53100 (disk full) or 58030, and nothing already durable is lost.
 *
 * <p>Lock order: the flush monitor is the log's only lock; appending takes none.
 */
public final class WriteAheadLog implements RedoLog, AutoCloseable {
    /** The bytes a new log segment file is first given; it doubles, zero-filled, up to the segment size. */
    public static final long FIRST_SEGMENT_BYTES = SegmentFiles.FIRST_EXTENT;

    public static final long ASYNC_FLUSH_MILLIS = 20;
    public static final int BUFFER_BYTES = 1 << 20;
    public static final long DEFAULT_SEGMENT_BYTES = 16L << 20;
    /** Fills the bytes of an append whose payload could not be written; recovery passes over it. */
    public static final RecordType FILLER = AppendBuffers.FILLER;

    private final SegmentFiles segments;
    private final Durability durability;
    private final Object flushMonitor = new Object();
    private final Thread asyncFlusher;
    private final AppendBuffers buffers;
    // Bytes taken from the buffers but not yet written (a failed write is retried from here); the leader's.
    private AppendBuffers.Taken unwritten;
    private volatile long writtenLsn;
    private volatile long durableLsn;
    private volatile boolean closed;
    private final long activeStartAtOpen;
    private volatile long damagedEnd;
    // Guarded by flushMonitor: whether a leader is writing and forcing the log, and the threads waiting for a flush.
    private boolean flushing;
    private final java.util.ArrayDeque<Waiter> waiters = new java.util.ArrayDeque<>();
    // Guarded by flushMonitor: the threads the last flush served or left waiting, its leader included; the leader
    // gathering commits for its flush and how many waiters it waits for.
    private int committersLastFlush;
    private Thread gatherer;
    private int gatherTarget;
    // Written by the leader only: how long its force took.
    private volatile long lastForceNanos;

    /** A thread waiting for a flush to cover its log position; parks until the leader wakes it. */
    private static final class Waiter {
        final Thread thread = Thread.currentThread();
        final long lsn;
        final boolean force;
        volatile boolean woken;
        // Set before the wake when the flush made the position durable (or written, without force).
        volatile boolean covered;

        Waiter(long lsn, boolean force) {
            this.lsn = lsn;
            this.force = force;
        }

        /** Parks until woken; an interrupt does not end the wait (see awaitNoFlush). Returns whether one came. */
        boolean await() {
            boolean interrupted = false;
            while (!woken) {
                java.util.concurrent.locks.LockSupport.park(this);
                interrupted |= Thread.interrupted();
            }
            return interrupted;
        }

        void wake() {
            woken = true;
            java.util.concurrent.locks.LockSupport.unpark(thread);
        }
    }

    /**
     * Opens the log in {@code directory}, appending from {@code endLsn} (where recovery found the valid records to
     * end); {@code lastRecordStart} is the start of the last valid record, or -1.
     */
    public WriteAheadLog(Path directory, long segmentBytes, ChannelFactory channels, IoCounters counters,
                         Durability durability, long endLsn, long lastRecordStart) {
        this.segments = new SegmentFiles(directory, segmentBytes, channels, counters, endLsn);
        this.durability = durability;
        this.buffers = new AppendBuffers(BUFFER_BYTES, endLsn, lastRecordStart);
        this.activeStartAtOpen = endLsn;
        this.writtenLsn = endLsn;
        this.durableLsn = endLsn;
        if (durability == Durability.ASYNC) {
            asyncFlusher = new Thread(this::flushPeriodically, "verso-wal-flusher");
            asyncFlusher.setDaemon(true);
            asyncFlusher.start();
        } else {
            asyncFlusher = null;
        }
    }

    /** Reads the valid records of the log in {@code directory} from {@code startLsn}; see {@link LogReader}. */
    public static LogReader reader(Path directory, long segmentBytes, ChannelFactory channels, IoCounters counters) {
        return new LogReader(new SegmentFiles(directory, segmentBytes, channels, counters, 0));
    }

    public Durability durability() {
        return durability;
    }

    @Override
    public long append(RecordType type, int payloadLength, PayloadWriter payload) {
        int length = LogRecord.HEADER + payloadLength;
        if (length > BUFFER_BYTES) {
            throw ErrorCode.INTERNAL_ERROR.exception("log record of " + length + " bytes exceeds the log buffer");
        }
        while (true) {
            if (closed) {
                throw ErrorCode.INTERNAL_ERROR.exception("write-ahead log is closed");
            }
            long end = buffers.tryAppend(type, payloadLength, payload);
            if (end >= 0) {
                return end;
            }
            // The buffer is full: write it out (the flush takes it and makes the other one current).
            flush(buffers.appendedLsn(), false, false);
        }
    }

    @Override
    public void awaitCommit(long lsn) {
        if (durability == Durability.SYNC) {
            flush(lsn, true, true);
        }
    }

    @Override
    public void flushTo(long lsn) {
        flush(lsn, true, false);
    }

    @Override
    public long appendedLsn() {
        return buffers.appendedLsn();
    }

    @Override
    public String describeEnd() {
        long end = durableLsn;
        return segments.describeEnd(end, end == activeStartAtOpen ? damagedEnd : end);
    }

    /**
     * Notes where the record that ended recovery's replay ends by its header ({@link LogReader#damagedEnd()}), so
     * that messages about the log's end can name every segment the damage may lie in.
     */
    public void noteDamagedTail(long end) {
        damagedEnd = end;
    }

    @Override
    public long durableLsn() {
        return durableLsn;
    }

    @Override
    public long commitHorizon() {
        return durability == Durability.SYNC ? durableLsn : appendedLsn();
    }

    /** Lets segments before {@code lsn} be reused: everything before it is in the data files. */
    public void recycleBefore(long lsn) {
        flush(lsn, true, false);
        synchronized (flushMonitor) {
            awaitNoFlush();
            segments.recycleBefore(Math.min(lsn, writtenLsn));
        }
    }

    /**
     * Waits, holding the flush monitor, until no leader is flushing. An interrupt does not end the wait: a flush
     * takes one write and one force, and a committer that gave up would not know whether its commit is durable.
     * The interrupt status is restored for the caller.
     */
    private void awaitNoFlush() {
        boolean interrupted = false;
        while (flushing) {
            interrupted |= awaitFlushEnd();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** One wait on the flush monitor; returns whether it was ended by an interrupt (which it swallows). */
    private boolean awaitFlushEnd() {
        try {
            flushMonitor.wait();
            return false;
        } catch (InterruptedException e) {
            return true;
        }
    }

    /**
     * Writes the log up to {@code lsn} at least and, with {@code force}, forces it. {@code commit}: a commit waits
     * for it, so the segment file is kept zero-filled ahead of the write (see {@link SegmentFiles}); other writes
     * (a full buffer, the write-ahead rule of a page, a checkpoint) grow the file with their own bytes.
     */
    private void flush(long lsn, boolean force, boolean commit) {
        boolean interrupted = false;
        boolean gathering;
        try {
            while (true) {
                Waiter waiter;
                synchronized (flushMonitor) {
                    if (covers(lsn, force)) {
                        return;
                    }
                    if (!flushing) {
                        flushing = true;
                        gathering = force && commit && startGathering();
                        break;
                    }
                    waiter = new Waiter(lsn, force);
                    waiters.add(waiter);
                    if (gatherer != null && waiters.size() >= gatherTarget) {
                        java.util.concurrent.locks.LockSupport.unpark(gatherer);
                    }
                }
                // Not interruptible, for the reason given at awaitNoFlush.
                interrupted |= waiter.await();
                if (waiter.covered) {
                    return;
                }
                // Woken to lead the next flush, unless a thread that just arrived took the lead first.
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        // This thread leads: it writes and forces everything appended so far, for itself and for every thread
        // that appended while the previous flush ran.
        try {
            lead(force, commit, gathering);
        } finally {
            endFlush();
        }
    }

    private boolean covers(long lsn, boolean force) {
        return (force ? durableLsn : writtenLsn) >= lsn;
    }

    /**
     * Ends a flush: wakes the waiters it covered and the first one it did not, which leads the next flush (or, if
     * the flush failed, tries again and meets the error itself), and the threads waiting for no flush to run.
     */
    private void endFlush() {
        List<Waiter> wake = new ArrayList<>();
        synchronized (flushMonitor) {
            flushing = false;
            committersLastFlush = 1 + waiters.size();
            Waiter next = null;
            for (java.util.Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
                Waiter waiter = it.next();
                if (covers(waiter.lsn, waiter.force)) {
                    waiter.covered = true;
                    wake.add(waiter);
                    it.remove();
                } else if (next == null) {
                    next = waiter;
                    it.remove();
                }
            }
            if (next != null) {
                wake.add(next);
            }
            flushMonitor.notifyAll();
        }
        for (Waiter waiter : wake) {
            waiter.wake();
        }
    }

    private void lead(boolean force, boolean commit, boolean gathering) {
        if (gathering) {
            awaitGathered();
        }
        while (true) {
            if (unwritten == null) {
                unwritten = buffers.take();
                if (unwritten == null) {
                    break;
                }
            }
            long end = unwritten.endLsn();
            segments.write(unwritten.bytes().duplicate(), unwritten.startLsn(), commit);
            buffers.release(unwritten);
            unwritten = null;
            writtenLsn = end;
        }
        if (force && durableLsn < writtenLsn) {
            long target = writtenLsn;
            long start = System.nanoTime();
            segments.force();
            durableLsn = target;
            lastForceNanos = System.nanoTime() - start;
        }
    }

    /**
     * Before a commit's flush takes the buffer, waits a little for the committers the last flush served to commit
     * again, if there were several: for at most half as long as the last force took, or until as many threads
     * wait as the last flush saw. Without it, the threads that one flush wakes commit again while the next one
     * runs, so many committers fall into two groups that take turns, each force serving half of them. With it, one
     * force serves them all, and the device sees half as many forces per commit. A lone committer never waits
     * here, and a thread that stops committing is waited for once at most. Called holding the flush monitor by the
     * thread that has just become the leader; returns whether it is to wait ({@link #awaitGathered}).
     */
    private boolean startGathering() {
        int expected = committersLastFlush;
        if (expected <= 1 || waiters.size() + 1 >= expected) {
            return false;
        }
        gatherTarget = expected - 1;
        gatherer = Thread.currentThread();
        return true;
    }

    /** The leader's wait that {@link #startGathering} began; ends it. */
    private void awaitGathered() {
        long deadline = System.nanoTime() + lastForceNanos / 2;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                long left;
                synchronized (flushMonitor) {
                    left = deadline - System.nanoTime();
                    if (waiters.size() >= gatherTarget || left <= 0) {
                        return;
                    }
                }
                java.util.concurrent.locks.LockSupport.parkNanos(this, left);
            }
        } finally {
            synchronized (flushMonitor) {
                gatherer = null;
            }
        }
    }

    private void flushPeriodically() {
        while (!closed) {
            try {
                Thread.sleep(ASYNC_FLUSH_MILLIS);
                flush(buffers.appendedLsn(), true, true);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // A failed background flush (full disk) is retried on the next tick; commits that need durability
                // see the error themselves.
            }
        }
    }

    /** Forces everything appended and closes the segment files. */
    @Override
    public void close() {
        try {
            flush(buffers.appendedLsn(), true, false);
        } finally {
            closed = true;
            if (asyncFlusher != null) {
                asyncFlusher.interrupt();
            }
            synchronized (flushMonitor) {
                awaitNoFlush();
                segments.close();
            }
        }
    }
}
