package org.verso.storage.wal;

import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.LongSupplier;

/**
 * Decides when a change to a page rewritten in place (an index page) is logged as the page's whole image rather
 * than as the change alone, so that a page torn by a crash while it was being written can be rebuilt: the first
 * change to a page after a checkpoint's redo point is logged as an image of the page after the change; redo then
 * starts from an image for every page changed since that point, and never needs the torn page's old contents.
 *
 * <p>The threshold is the log's end when the last checkpoint began: a page whose LSN is at or below it has not been
 * changed since. A writer holds a {@link #begin() share} from reading the threshold until its record is appended, and
 * a checkpoint {@link #advance advances} the threshold exclusively, so that every record appended after the new
 * threshold was decided against it (the log-insert interlock of PostgreSQL's full-page writes).
 *
 * <p>Thread safety: thread safe. Writers share; only a checkpoint start excludes them, for the time it takes to read
 * the log's end.
 */
public final class FullPageImages {
    /** No torn page can happen (an in-memory database): never an image for the threshold's sake. */
    public static final FullPageImages NEVER = new FullPageImages(Long.MIN_VALUE);

    private final ReentrantReadWriteLock interlock = new ReentrantReadWriteLock();
    private volatile long threshold;

    /** Starts with {@code redoLsn}, the redo point of the checkpoint the database was opened from. */
    public FullPageImages(long redoLsn) {
        this.threshold = redoLsn;
    }

    /** Takes a writer's share and returns the threshold: a page whose LSN is at or below it is logged whole. */
    public long begin() {
        interlock.readLock().lock();
        return threshold;
    }

    /** Releases the share taken by {@link #begin()}, once the record is appended. */
    public void end() {
        interlock.readLock().unlock();
    }

    /** Moves the threshold to the log's end as {@code appendedLsn} gives it, with no writer between; returns it. */
    public long advance(LongSupplier appendedLsn) {
        interlock.writeLock().lock();
        try {
            long lsn = appendedLsn.getAsLong();
            threshold = Math.max(threshold, lsn);
            return lsn;
        } finally {
            interlock.writeLock().unlock();
        }
    }

    /** Whether a page last changed at {@code pageLsn} must be logged whole under {@code threshold}. */
    public static boolean needsImage(long pageLsn, long threshold) {
        return pageLsn <= threshold;
    }
}
