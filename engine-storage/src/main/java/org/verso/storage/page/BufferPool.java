package org.verso.storage.page;

import java.nio.ByteBuffer;
import java.util.Map;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.storage.wal.RedoLog;

/**
 * A fixed budget of direct memory cut into page frames, shared by every file of a database.
 *
 * <p>Operations: {@link #pin} a page (reading it if absent), {@link #pinNew} a page that does not exist on disk yet,
 * {@link #unpin}, {@link #markDirty}; {@link #writeNow} writes one page at once (the append regions seal full pages
 * with it); {@link #flush} writes every dirty page of a file; {@link #discard} forgets a deleted file's pages.
 *
 * <p>Eviction is the clock algorithm: a frame's reference bit is set on every pin and cleared by the sweeping
 * hand; the first unpinned frame found with a clear bit is reused, after writing it if dirty. Hot pages keep their
 * bit set and survive the sweep.
 *
 * <p>Thread safety: all methods are thread safe. One monitor guards the page table and frame states; disk reads
 * of a missing page happen under it too, which keeps the pool simple at the price of serialising misses.
 */
public final class BufferPool {
    /** Frames are carved out of direct buffers of this size: one holds at most 2 GiB. */
    private static final int ARENA_BYTES = 1 << 30;

    private final int pageSize;
    private final int frameCount;
    private final Page[] pages;
    private final int[] pinCount;
    private final boolean[] dirty;
    private final boolean[] referenced;
    // Frames of a deleted file that were pinned when it was discarded: freed by their last unpin.
    private final boolean[] discarded;
    private final PageTable pageTable;
    private volatile RedoLog log = RedoLog.NONE;
    private Thread backgroundWriter;
    private int clockHand;
    private long walRuleViolations;
    private long hits;
    private long misses;

    public BufferPool(int pageSize, long budgetBytes) {
        this(pageSize, budgetBytes, ARENA_BYTES);
    }

    /** A pool whose frames are carved out of direct buffers of {@code arenaBytes} each (tests use small ones). */
    BufferPool(int pageSize, long budgetBytes, int arenaBytes) {
        this.pageSize = pageSize;
        this.frameCount = (int) Math.max(16, budgetBytes / pageSize);
        this.pageTable = new PageTable(frameCount);
        // Aligned to 4 KiB so frames can be used for O_DIRECT I/O.
        this.pages = new Page[frameCount];
        int perArena = arenaBytes / pageSize;
        try {
            for (int first = 0; first < frameCount; first += perArena) {
                int frames = Math.min(perArena, frameCount - first);
                ByteBuffer arena = ByteBuffer.allocateDirect(frames * pageSize + 4096).alignedSlice(4096);
                for (int i = 0; i < frames; i++) {
                    pages[first + i] = new Page(first + i, arena.slice(i * pageSize, pageSize));
                }
            }
        } catch (OutOfMemoryError e) {
            throw ErrorCode.BUFFER_POOL_NOT_ALLOCATED.exception((long) frameCount * pageSize);
        }
        this.pinCount = new int[frameCount];
        this.dirty = new boolean[frameCount];
        this.referenced = new boolean[frameCount];
        this.discarded = new boolean[frameCount];
    }

    /** The log whose records must be durable before a page carrying their LSN is written. */
    public void setRedoLog(RedoLog redoLog) {
        this.log = redoLog;
    }

    private void writeFrame(int f) {
        Page page = pages[f];
        log.flushTo(PageHeader.lsn(page.buffer));
        page.file.writePage(page.pageNo, page.buffer);
        if (PageHeader.lsn(page.buffer) > log.durableLsn()) {
            // The page changed while it was written: its image may carry changes the log does not hold yet.
            walRuleViolations++;
        }
        dirty[f] = false;
    }

    /**
     * Page images written with a page LSN beyond the durable log (the write-ahead rule broken by a page changing
     * while it was written); always 0, which the tests check under concurrent writers and checkpoints.
     */
    public synchronized long walRuleViolations() {
        return walRuleViolations;
    }

    /**
     * Pins a page for recovery: the cached copy if there is one, else a fresh empty page (the caller has found the
     * page missing on disk or unreadable).
     */
    public synchronized Page pinOrCreate(PageFile file, long pageNo) {
        int frame = pageTable.get(key(file, pageNo));
        if (frame >= 0) {
            pinCount[frame]++;
            return pages[frame];
        }
        return pinNew(file, pageNo);
    }

    /**
     * Pins a page for redo: as it is on disk or in the pool, or a fresh empty page where it is missing or fails its
     * checksum (torn by a crash; the log rebuilds it).
     */
    public Page pinForRedo(PageFile file, long pageNo) {
        try {
            return pageNo < file.pageCount() ? pin(file, pageNo) : pinOrCreate(file, pageNo);
        } catch (VersoException e) {
            if (!e.sqlState().equals("XX001")) {
                throw e;
            }
            return pinOrCreate(file, pageNo);
        }
    }

    /**
     * Writes every dirty page of every file that nobody has pinned. A pinned page is being changed (the head page an
     * append region is filling) and is written by its owner: writing it here could write a torn image, or an image
     * whose changes the log does not hold yet, and would write an append region's page twice. Callers that need
     * everything on disk (a checkpoint) make the owners write their pinned pages first: a checkpoint seals every
     * region before it calls this, and a region's pages sealed later hold only records logged after the
     * checkpoint's redo point.
     */
    public synchronized void flushAll() {
        for (int f : dirtyFramesInFileOrder(false)) {
            if (pinCount[f] == 0) {
                writeFrame(f);
            }
        }
    }

    /**
     * Dirty frames ordered by file and page number, so that writing them continues each file's previous write where
     * it can; with {@code unpinnedAndLogged}, only unpinned frames whose log records are already durable.
     */
    private int[] dirtyFramesInFileOrder(boolean unpinnedAndLogged) {
        long durable = log.durableLsn();
        return java.util.stream.IntStream.range(0, frameCount)
            .filter(f -> dirty[f] && pages[f].file != null)
            .filter(f -> !unpinnedAndLogged || (pinCount[f] == 0 && PageHeader.lsn(pages[f].buffer) <= durable))
            .boxed()
            .sorted(java.util.Comparator.<Integer>comparingInt(f -> pages[f].file.fileId())
                .thenComparingLong(f -> pages[f].pageNo))
            .mapToInt(Integer::intValue)
            .toArray();
    }

    public int pageSize() {
        return pageSize;
    }

    public int frameCount() {
        return frameCount;
    }

    private static long key(PageFile file, long pageNo) {
        return ((long) file.fileId() << 40) | pageNo;
    }

    /** Pins an existing page, reading and verifying it if it is not in the pool. */
    public synchronized Page pin(PageFile file, long pageNo) {
        int frame = pageTable.get(key(file, pageNo));
        if (frame >= 0) {
            hits++;
            pinCount[frame]++;
            referenced[frame] = true;
            return pages[frame];
        }
        misses++;
        int f = victim();
        Page page = pages[f];
        try {
            readVerified(file, pageNo, page.buffer);
            checkLogged(file, pageNo, page.buffer);
        } catch (VersoException e) {
            page.file = null;
            throw e;
        }
        install(f, file, pageNo);
        return page;
    }

    /**
     * Reads a page and verifies it. A page torn by a crash is rebuilt from the write-ahead log by recovery; one that
     * is still damaged was either damaged itself or lost the log records that would have rebuilt it, because replay
     * ended early at a damaged record. The error names where the log ends, so that both causes can be told apart.
     */
    private void readVerified(PageFile file, long pageNo, ByteBuffer buffer) {
        try {
            file.readPage(pageNo, buffer);
        } catch (VersoException e) {
            RedoLog redo = log;
            if (e.code() != ErrorCode.DATA_CORRUPTED || redo == RedoLog.NONE) {
                throw e;
            }
            throw new VersoException(e.code(), e.getMessage() + " (a page torn by a crash is rebuilt from the "
                + "write-ahead log, whose durable end is " + redo.describeEnd() + ")", e);
        }
    }

    /**
     * A page on disk never carries an LSN beyond the durable log, since it is written only after the log is durable
     * up to its LSN (and the durable LSN only grows). One that does was written from log records that recovery
     * could not read: the log was damaged in its durable part, and the page holds changes whose commits are lost.
     * That is corruption (XX001), never data to return. The durable LSN is a volatile read: a miss takes no lock of
     * the log's.
     */
    private void checkLogged(PageFile file, long pageNo, ByteBuffer buffer) {
        RedoLog redo = log;
        if (redo != RedoLog.NONE) {
            checkLogged(file, pageNo, buffer, redo.durableLsn(), redo.describeEnd());
        }
    }

    private static void checkLogged(PageFile file, long pageNo, ByteBuffer buffer, long durable, String end) {
        long lsn = PageHeader.lsn(buffer);
        if (lsn > durable) {
            throw ErrorCode.DATA_CORRUPTED.exception(pageNo, file.where(pageNo), "its LSN " + lsn
                + " lies beyond the durable end of the write-ahead log (" + end
                + "): log records it was written from are missing");
        }
    }

    /**
     * Recovery's check, once replay has ended at {@code endLsn}, of the pages it read while no log was attached:
     * XX001 for one whose LSN lies beyond the end, as a later read of it would be (see {@link #pin}).
     * {@code describeEnd} says where the log ends.
     */
    public synchronized void checkLoggedUpTo(long endLsn, String describeEnd) {
        for (int f = 0; f < frameCount; f++) {
            Page page = pages[f];
            if (page.file != null && !discarded[f]) {
                checkLogged(page.file, page.pageNo, page.buffer, endLsn, describeEnd);
            }
        }
    }

    /** Pins a page that is new to the file, with a fresh header of the file's kind; the page starts dirty. */
    public synchronized Page pinNew(PageFile file, long pageNo) {
        if (pageTable.get(key(file, pageNo)) >= 0) {
            throw ErrorCode.INTERNAL_ERROR.exception("page " + pageNo + " of " + file.name() + " already cached");
        }
        int f = victim();
        PageHeader.init(pages[f].buffer, file.kind().code(), pageNo);
        install(f, file, pageNo);
        dirty[f] = true;
        return pages[f];
    }

    private void install(int f, PageFile file, long pageNo) {
        Page page = pages[f];
        page.file = file;
        page.pageNo = pageNo;
        pageTable.put(key(file, pageNo), f);
        pinCount[f] = 1;
        referenced[f] = true;
        dirty[f] = false;
    }

    public synchronized void unpin(Page page) {
        int f = page.frame;
        if (pinCount[f] <= 0) {
            throw ErrorCode.INTERNAL_ERROR.exception("unpin of unpinned page " + page.pageNo);
        }
        if (--pinCount[f] == 0 && discarded[f]) {
            free(f);
        }
    }

    private void free(int f) {
        pages[f].file = null;
        dirty[f] = false;
        referenced[f] = false;
        discarded[f] = false;
    }

    public synchronized void markDirty(Page page) {
        dirty[page.frame] = true;
    }

    /** Writes a pinned page now and marks it clean. */
    public synchronized void writeNow(Page page) {
        writeFrame(page.frame);
    }

    /** Pins a page if the pool holds it; null otherwise (nothing is read). */
    public synchronized Page pinCached(PageFile file, long pageNo) {
        int frame = pageTable.get(key(file, pageNo));
        if (frame < 0) {
            return null;
        }
        pinCount[frame]++;
        return pages[frame];
    }

    /** The numbers of {@code file}'s dirty pages, in ascending order. */
    public synchronized long[] dirtyPages(PageFile file) {
        return java.util.stream.IntStream.range(0, frameCount)
            .filter(f -> dirty[f] && pages[f].file == file && !discarded[f])
            .mapToLong(f -> pages[f].pageNo)
            .sorted()
            .toArray();
    }

    /** Writes a pinned page if it is dirty (an owner that keeps writers off the page while it is written). */
    public synchronized void writeIfDirty(Page page) {
        if (dirty[page.frame]) {
            writeFrame(page.frame);
        }
    }

    /** Writes every dirty page of {@code file}, in page order so the writes are sequential where possible. */
    public synchronized void flush(PageFile file) {
        java.util.TreeMap<Long, Integer> ordered = new java.util.TreeMap<>();
        for (int f = 0; f < frameCount; f++) {
            if (dirty[f] && pages[f].file == file) {
                ordered.put(pages[f].pageNo, f);
            }
        }
        for (Map.Entry<Long, Integer> e : ordered.entrySet()) {
            writeFrame(e.getValue());
        }
    }

    /**
     * Drops every page of {@code file} from the pool without writing it (the file is being deleted). A page that a
     * reader still has pinned stays with that reader, unreachable for new pins, and its frame is freed by the last
     * unpin: a frame is never reused while pinned.
     */
    public synchronized void discard(PageFile file) {
        discard(file, 0, Long.MAX_VALUE);
    }

    /** As {@link #discard(PageFile)}, for the pages {@code [fromPage, toPage)} of {@code file} only. */
    public synchronized void discard(PageFile file, long fromPage, long toPage) {
        for (int f = 0; f < frameCount; f++) {
            if (pages[f].file == file && !discarded[f] && pages[f].pageNo >= fromPage && pages[f].pageNo < toPage) {
                pageTable.remove(key(file, pages[f].pageNo));
                if (pinCount[f] == 0) {
                    free(f);
                } else {
                    discarded[f] = true;
                    dirty[f] = false;
                }
            }
        }
    }

    /**
     * Starts a daemon thread that writes dirty unpinned pages every {@code periodMillis}, so eviction seldom has
     * to write a page on a reader's time. Stops when {@link #stopBackgroundWriter} is called.
     */
    public synchronized void startBackgroundWriter(long periodMillis) {
        if (backgroundWriter != null) {
            return;
        }
        backgroundWriter = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(periodMillis);
                    writeDirtyUnpinned();
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    // Retried on the next round; a failing write also fails the next eviction or checkpoint.
                }
            }
        }, "verso-page-writer");
        backgroundWriter.setDaemon(true);
        backgroundWriter.start();
    }

    public void stopBackgroundWriter() {
        Thread t;
        synchronized (this) {
            t = backgroundWriter;
            backgroundWriter = null;
        }
        if (t != null) {
            t.interrupt();
            try {
                t.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The background writer's round: pages whose log is not durable yet wait for a later round. */
    private synchronized void writeDirtyUnpinned() {
        for (int f : dirtyFramesInFileOrder(true)) {
            writeFrame(f);
        }
    }

    /** Fraction of pins served from the pool since it was created. */
    public synchronized double hitRatio() {
        long total = hits + misses;
        return total == 0 ? 1.0 : (double) hits / total;
    }

    public synchronized long misses() {
        return misses;
    }

    private int victim() {
        for (int scanned = 0; scanned < 2 * frameCount + 1; scanned++) {
            int f = clockHand;
            clockHand = (clockHand + 1) % frameCount;
            if (pinCount[f] > 0) {
                continue;
            }
            if (pages[f].file == null) {
                return f;
            }
            if (referenced[f]) {
                referenced[f] = false;
                continue;
            }
            if (dirty[f]) {
                writeFrame(f);
            }
            pageTable.remove(key(pages[f].file, pages[f].pageNo));
            pages[f].file = null;
            return f;
        }
        throw ErrorCode.BUFFER_POOL_EXHAUSTED.exception(frameCount);
    }
}
