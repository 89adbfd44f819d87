package org.verso.storage;

import java.util.List;
import java.util.function.Supplier;
import org.verso.storage.heap.TableHeap;
import org.verso.storage.index.btree.BTree;
import org.verso.storage.page.BufferPool;
import org.verso.storage.txlog.CommitHorizon;
import org.verso.storage.txlog.CommitLog;
import org.verso.storage.wal.FullPageImages;
import org.verso.storage.wal.WriteAheadLog;

/**
 * Fuzzy checkpoints: afterwards every change logged before the recorded redo point is in the data files, and log
 * segments before it are recycled. Writers go on while one runs; they are held up only while their own heap's
 * buffered pages are written.
 *
 * <p>A checkpoint notes the redo point (the log's end, or the oldest COMMIT record still waiting to be durable if
 * that is earlier) and moves the full-page-image threshold to the log's end, so that the first change to an index
 * page after it is logged whole; flushes every heap (a SIAS heap seals its append region) and every index (each
 * page under its latch), writes the commit log and all dirty pages, forces the data files, and only then records the
 * redo point in the control file, and then the trees' entry counts ({@link IndexCounts}). Then each heap writes what opening it needs ({@link TableHeap#checkpoint}: for
 * SIAS, the changed pages of its version directory's image), holding only commits that recorded redo point makes
 * safe ({@link #trustedHorizon}). Last, the commit log gives back the segments no open can ask about any more, as the
 * control file has just recorded ({@link CommitLog#planRelease}). A background thread runs one whenever
 * {@link StorageOptions#checkpointBytes()} of log have accumulated since the last.
 *
 * <p>Lock order: the checkpoint monitor is taken first, before any region's, the pool's or the log's.
 */
final class Checkpointer {
    private final DatabaseFiles files;
    private final BufferPool pool;
    private final CommitLog commitLog;
    private final WriteAheadLog wal;
    private final Supplier<List<TableHeap>> heaps;
    private final Supplier<List<BTree>> trees;
    private final FullPageImages images;
    private final StorageOptions options;
    private final Object monitor = new Object();
    private volatile long lastRedoLsn;
    // Every commit at or below its timestamp is in the commit log pages of a completed checkpoint (or of recovery).
    private volatile CommitHorizon trustedHorizon;
    private volatile boolean stopped;
    private Thread background;

    Checkpointer(DatabaseFiles files, BufferPool pool, CommitLog commitLog, WriteAheadLog wal,
                 Supplier<List<TableHeap>> heaps, Supplier<List<BTree>> trees, FullPageImages images,
                 StorageOptions options, long redoLsn) {
        this.files = files;
        this.pool = pool;
        this.commitLog = commitLog;
        this.wal = wal;
        this.heaps = heaps;
        this.trees = trees;
        this.images = images;
        this.options = options;
        this.lastRedoLsn = redoLsn;
        this.trustedHorizon = commitLog.horizon();
    }

    /**
     * The commit timestamp at or below which every commit survives any crash from now on, even one that damages
     * the log after the redo point: such commits are in commit log pages that a completed checkpoint (or recovery)
     * made durable and recorded. A version directory's image holds only versions committed at or below it.
     */
    CommitHorizon trustedHorizon() {
        return trustedHorizon;
    }

    /** Runs {@code action} with no checkpoint in progress (dropping a table's files, for instance). */
    void excluding(Runnable action) {
        synchronized (monitor) {
            action.run();
        }
    }

    /** Runs a checkpoint now. */
    void checkpoint() {
        synchronized (monitor) {
            CommitHorizon horizon = commitLog.horizon();
            long redo = wal == null ? 0 : Math.min(images.advance(wal::appendedLsn), commitLog.oldestPendingLsn());
            for (TableHeap heap : heaps.get()) {
                heap.flush();
            }
            for (BTree tree : trees.get()) {
                tree.flush();
            }
            long commitLogPages = commitLog.flush();
            pool.flushAll();
            files.forceAll();
            CommitLog.Release release = null;
            if (wal != null) {
                release = commitLog.planRelease(commitLogNeededFrom(horizon));
                files.writeMetadata(ControlFile.NAME, ControlFile.encode(new ControlFile.Contents(redo,
                    pool.pageSize(), commitLogPages, options.walSegmentBytes(), horizon.commitLogFloor(),
                    commitLog.maxLoggedTimestamp(), options.heapSegmentBytes(), release.start(),
                    release.forgottenTxid(), options.commitLogSegmentPages())));
                lastRedoLsn = redo;
                trustedHorizon = horizon;
                wal.recycleBefore(redo);
                java.util.Map<Long, Long> counts = new java.util.HashMap<>();
                for (BTree tree : trees.get()) {
                    counts.put(tree.streamId(), tree.entryCount());
                }
                files.writeMetadata(IndexCounts.NAME, IndexCounts.encode(redo, counts));
            }
            // Last, so that the images may hold every commit the control file has just made safe from any crash.
            for (TableHeap heap : heaps.get()) {
                heap.checkpoint();
            }
            if (release != null) {
                commitLog.giveBack(release);
            }
        }
    }

    /**
     * The first commit-log page any open may ask about once the control file of this checkpoint is durable: the
     * floor of the horizon it records (recovery's commits after its redo point) and the floors of the images every
     * heap holds now (a heap's later writes only raise them; a heap created after this call asks only about commits
     * confirmed after it, whose entries lie at or after the horizon's floor).
     */
    private long commitLogNeededFrom(CommitHorizon horizon) {
        long from = horizon.commitLogFloor();
        for (TableHeap heap : heaps.get()) {
            from = Math.min(from, heap.commitLogNeededFrom());
        }
        return from;
    }

    /** Starts the background thread that checkpoints whenever enough log has accumulated. */
    void start() {
        background = new Thread(this::checkpointWhenDue, "verso-checkpointer");
        background.setDaemon(true);
        background.start();
    }

    private void checkpointWhenDue() {
        while (!stopped) {
            try {
                Thread.sleep(250);
                if (!stopped && wal.appendedLsn() - lastRedoLsn >= options.checkpointBytes()) {
                    checkpoint();
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // A failed checkpoint (full disk) leaves the old redo point in force; it is retried later.
            }
        }
    }

    /** Stops the background thread and waits for it. */
    void stop() {
        stopped = true;
        Thread t = background;
        if (t != null) {
            t.interrupt();
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
