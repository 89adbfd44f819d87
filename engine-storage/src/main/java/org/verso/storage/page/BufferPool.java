package org.verso.storage.page;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.StampedLock;
import java.util.function.IntFunction;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.storage.wal.RedoLog;

/**
 * A fixed budget of direct memory cut into page frames, shared by every file of a database. The frames are cut as
 * the pool fills, so that memory is taken as pages need it and not all when the database opens.
 *
 * <p>Operations: {@link #pin} a page (reading it if absent), {@link #pinNew} a page that does not exist on disk yet,
 * {@link #unpin}, {@link #markDirty}; {@link #writeNow} writes one page at once (the append regions seal full pages
 * with it); {@link #flush} writes every dirty page of a file; {@link #discard} forgets a deleted file's pages.
 *
 * <p>Eviction is the clock algorithm: a frame's reference bit is set on every pin and cleared by the sweeping
 * hand; the first unpinned frame found with a clear bit is reused, after writing it if dirty. Hot pages keep their
 * bit set and survive the sweep.
 *
 * <p>Thread safety: all methods are thread safe, and no lock is shared by all pages. The page table is split into
 * partitions by key, each with its own {@link StampedLock}: a hit reads its partition optimistically (no lock
 * taken, no shared memory written) and then pins the frame with one compare-and-set on the frame's own state word,
 * checking afterwards that the frame still holds the page. Changing the table takes one partition's write lock, and
 * never across I/O. A frame being read, evicted or written by the background writer is held exclusively by one
 * thread (a flag in its state word): only a pin of that very page waits for it. Disk reads, eviction writes (and
 * the log force they may need) happen with no lock held that another page's reader needs. {@link #readIfCached}
 * reads a cached page without even pinning it, checking afterwards that the frame held the page throughout.
 */
public final class BufferPool {
    /** Frames are carved out of direct buffers of at most this size: one holds at most 2 GiB. */
    private static final int ARENA_BYTES = 1 << 30;
    private static final int PINS = Page.EXCLUSIVE - 1;

    private final int pageSize;
    private static final int FIRST_ARENA_BYTES = 1 << 20;
    private final int frameCount;
    private final int arenaBytes;
    private final IntFunction<ByteBuffer> allocateDirect;
    /** Frames {@code [0, created)} exist; written under the array's monitor, after the frames are in it. */
    private final Page[] pages;
    private volatile int created;
    /** Frames handed out for the first time; the clock sweeps once none is left below {@link #frameLimit}. */
    private final AtomicInteger firstUses = new AtomicInteger();
    /** The frame count, or the frames that direct memory had room for if it ran out first. */
    private volatile int frameLimit;
    private final Partition[] partitions;
    private final AtomicInteger clockHand = new AtomicInteger();
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder walRuleViolations = new LongAdder();
    private volatile RedoLog log = RedoLog.NONE;
    private Thread backgroundWriter;
    private final ReadAhead readAhead = new ReadAhead(this::loadAhead);
    private volatile boolean readAheadOn;

    /** One partition of the page table and the lock that guards it. */
    private static final class Partition {
        final StampedLock lock = new StampedLock();
        final PageTable table;

        Partition(int expectedEntries) {
            table = new PageTable(expectedEntries);
        }
    }

    /** What {@link #load} does when the page is not in the pool. */
    private enum Absent { READ, CREATE, CREATE_NEW }

    public BufferPool(int pageSize, long budgetBytes) {
        this(pageSize, budgetBytes, ARENA_BYTES);
    }

    /**
     * A pool whose frames are carved out of direct buffers of at most {@code arenaBytes} each (tests use small
     * ones). No frame exists yet: they are cut as the pool fills (see {@link #frame}).
     */
    BufferPool(int pageSize, long budgetBytes, int arenaBytes) {
        this(pageSize, budgetBytes, arenaBytes, ByteBuffer::allocateDirect);
    }

    /** As above, with the arenas' allocation given (tests make it fail as a full direct memory would). */
    BufferPool(int pageSize, long budgetBytes, int arenaBytes, IntFunction<ByteBuffer> allocateDirect) {
        this.pageSize = pageSize;
        this.arenaBytes = arenaBytes;
        this.allocateDirect = allocateDirect;
        this.frameCount = (int) Math.max(16, budgetBytes / pageSize);
        this.frameLimit = frameCount;
        int partitionCount = Integer.highestOneBit(Math.min(128, Math.max(1, frameCount / 16)));
        this.partitions = new Partition[partitionCount];
        for (int i = 0; i < partitionCount; i++) {
            partitions[i] = new Partition(frameCount / partitionCount + 1);
        }
        this.pages = new Page[frameCount];
    }

    /**
     * Frame {@code f}, cutting the frames up to it out of new direct buffers if they do not exist yet; null if the
     * JVM's direct memory has run out before it: the pool then keeps the frames it has, and evicts to reuse them, as
     * a pool whose budget is smaller (a pool that cannot have 16 frames fails, 53200). The buffers grow with the
     * pool, from 1 MiB up to {@code arenaBytes}, each as large as all before it together, so that a database holds
     * the memory its pages need rather than its whole budget from the moment it opens, and a large pool is still
     * made of few buffers.
     */
    private Page frame(int f) {
        if (f < created) {
            return pages[f];
        }
        synchronized (pages) {
            while (created <= f) {
                int first = created;
                int bytes = (int) Math.min(arenaBytes, Math.max(FIRST_ARENA_BYTES, (long) first * pageSize));
                int frames = Math.min(Math.max(1, bytes / pageSize), frameCount - first);
                ByteBuffer arena = null;
                while (arena == null) {
                    try {
                        // Aligned to 4 KiB so frames can be used for O_DIRECT I/O.
                        arena = allocateDirect.apply(frames * pageSize + 4096).alignedSlice(4096);
                    } catch (OutOfMemoryError e) {
                        // Each failed allocation costs the JVM a collection and up to half a second of retries, so
                        // the pool tries again once only, for the 16 frames it cannot work without.
                        if (first >= 16) {
                            frameLimit = first;
                            return null;
                        }
                        if (frames == 16 - first) {
                            throw ErrorCode.BUFFER_POOL_NOT_ALLOCATED.exception((long) frameCount * pageSize);
                        }
                        frames = 16 - first;
                    }
                }
                for (int i = 0; i < frames; i++) {
                    pages[first + i] = new Page(first + i, arena.slice(i * pageSize, pageSize));
                }
                created = first + frames;
            }
            return pages[f];
        }
    }

    /**
     * Frames cut so far: the rest of the budget holds no memory yet. Fewer than {@link #frameCount} for good once
     * direct memory ran out before the pool was full.
     */
    public int framesCreated() {
        return created;
    }

    /** The log whose records must be durable before a page carrying their LSN is written. */
    public void setRedoLog(RedoLog redoLog) {
        this.log = redoLog;
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

    private Partition partition(long key) {
        long h = key * 0xC2B2AE3D27D4EB4FL;
        return partitions[(int) (h >>> 40) & (partitions.length - 1)];
    }

    // ---------------------------------------------------------------- pinning

    /** Pins an existing page, reading and verifying it if it is not in the pool. */
    public Page pin(PageFile file, long pageNo) {
        return load(file, pageNo, Absent.READ);
    }

    /**
     * Pins a page for recovery: the cached copy if there is one, else a fresh empty page (the caller has found the
     * page missing on disk or unreadable).
     */
    public Page pinOrCreate(PageFile file, long pageNo) {
        return load(file, pageNo, Absent.CREATE);
    }

    /** Pins a page that is new to the file, with a fresh header of the file's kind; the page starts dirty. */
    public Page pinNew(PageFile file, long pageNo) {
        return load(file, pageNo, Absent.CREATE_NEW);
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
     * Turns reading ahead on or off (off by default). It pays where nothing else reads ahead: files opened with
     * O_DIRECT. For buffered files the operating system reads ahead already, and a thread of the pool's own only adds
     * a handoff for every page.
     */
    public void setReadAhead(boolean on) {
        readAheadOn = on;
    }

    /**
     * The most pages one read-ahead request may ask for: a sixteenth of the frames, at most 32, so that what is read
     * ahead does not push out what the reader still needs; 0 (no read-ahead) when it is off or in a pool of fewer
     * than 128 frames.
     */
    public int readAheadPages() {
        return !readAheadOn || frameCount < 128 ? 0 : Math.min(32, frameCount / 16);
    }

    /**
     * Asks for pages of {@code file} (ascending) to be read into the pool ahead of a reader that will pin them in
     * this order ({@link ReadAhead}); returns at once. {@code readerAt} tells the page the reader has reached, and
     * pages up to it are no longer read. Nothing is read ahead while read-ahead is off.
     */
    public void readAhead(PageFile file, long[] pageNos, java.util.function.LongSupplier readerAt) {
        if (readAheadOn && pageNos.length > 0) {
            readAhead.request(file, pageNos, readerAt);
        }
    }

    /** Pages read into the pool ahead of their readers so far. */
    public long pagesReadAhead() {
        return readAhead.pagesRead();
    }

    /** Stops reading ahead (the database is closing); later requests are ignored. */
    public void stopReadAhead() {
        readAhead.stop();
    }

    private boolean loadAhead(PageFile file, long pageNo) {
        Page cached = pinIfCached(key(file, pageNo));
        if (cached != null) {
            unpin(cached);
            return false;
        }
        if (file.isReleased(pageNo) || pageNo >= file.pageCount()) {
            return false;
        }
        unpin(load(file, pageNo, Absent.READ));
        return true;
    }

    /** Pins a page if the pool holds it; null otherwise (nothing is read). */
    public Page pinCached(PageFile file, long pageNo) {
        return pinIfCached(key(file, pageNo));
    }

    /**
     * Reads a page the pool holds without pinning it, so that the read writes no memory that other readers of the
     * page share: {@code read} runs on the frame's bytes, and its result counts only if the frame held the page the
     * whole time. Returns null, and the caller pins the page instead, if the pool does not hold the page, is loading
     * it, or gave the frame to another page while {@code read} ran.
     *
     * <p>{@code read} may therefore see bytes of another page: it must only copy out what it needs, and must neither
     * keep the buffer nor act on what it read before this method returns. An exception it throws is passed on only
     * if the frame held the page throughout (the bytes were the page's); otherwise this returns null.
     */
    public <T> T readIfCached(PageFile file, long pageNo, java.util.function.Function<ByteBuffer, T> read) {
        long key = key(file, pageNo);
        int f = lookup(partition(key), key);
        if (f < 0) {
            return null;
        }
        Page page = pages[f];
        int identity = page.identity();
        if ((page.state() & Page.EXCLUSIVE) != 0 || page.key() != key) {
            return null;
        }
        T result;
        try {
            result = read.apply(page.buffer);
        } catch (RuntimeException e) {
            if (stillHolds(page, identity, key)) {
                throw e;
            }
            return null;
        }
        if (!stillHolds(page, identity, key)) {
            return null;
        }
        if (!page.referenced) {
            page.referenced = true;
        }
        hits.increment();
        return result;
    }

    /** Whether {@code page} has held {@code key} since its identity count was {@code identity}. */
    private static boolean stillHolds(Page page, int identity, long key) {
        // The bytes read before must not be reordered after the check (a seqlock's validation).
        java.lang.invoke.VarHandle.acquireFence();
        return page.identity() == identity && page.key() == key;
    }

    private Page load(PageFile file, long pageNo, Absent absent) {
        long key = key(file, pageNo);
        Partition partition = partition(key);
        for (;;) {
            if (absent != Absent.CREATE_NEW) {
                Page cached = pinIfCached(key);
                if (cached != null) {
                    hits.increment();
                    return cached;
                }
            }
            Page frame = claimVictim();
            long stamp = partition.lock.writeLock();
            try {
                if (partition.table.get(key) >= 0) {
                    // Another thread installed the page meanwhile.
                    frame.setState(0);
                    if (absent == Absent.CREATE_NEW) {
                        throw ErrorCode.INTERNAL_ERROR.exception("page " + pageNo + " of " + file.name()
                            + " already cached");
                    }
                    continue;
                }
                frame.file = file;
                frame.pageNo = pageNo;
                frame.dirty = false;
                frame.discarded = false;
                frame.referenced = true;
                frame.setKey(key);
                frame.setState(Page.EXCLUSIVE | 1);
                partition.table.put(key, frame.frame);
            } finally {
                partition.lock.unlockWrite(stamp);
            }
            try {
                if (absent == Absent.READ) {
                    misses.increment();
                    readVerified(file, pageNo, frame.buffer);
                    checkLogged(file, pageNo, frame.buffer);
                } else {
                    PageHeader.init(frame.buffer, file.kind().code(), pageNo);
                    frame.dirty = true;
                }
            } catch (RuntimeException | Error e) {
                uninstall(frame, key);
                throw e;
            }
            frame.addState(-Page.EXCLUSIVE);
            return frame;
        }
    }

    /** The page of {@code key} pinned, or null if the pool does not hold it; waits while another thread loads it. */
    private Page pinIfCached(long key) {
        Partition partition = partition(key);
        for (int attempt = 0; ; attempt++) {
            int f = lookup(partition, key);
            if (f < 0) {
                return null;
            }
            Page page = pages[f];
            int s = page.state();
            if ((s & Page.EXCLUSIVE) == 0) {
                if (page.casState(s, s + 1)) {
                    if (page.key() == key) {
                        if (!page.referenced) {
                            page.referenced = true;
                        }
                        return page;
                    }
                    // The frame was given to another page between the lookup and the pin.
                    unpin(page);
                }
                continue;
            }
            backOff(attempt);
        }
    }

    private int lookup(Partition partition, long key) {
        StampedLock lock = partition.lock;
        long stamp = lock.tryOptimisticRead();
        int f = partition.table.get(key);
        if (lock.validate(stamp)) {
            return f;
        }
        stamp = lock.readLock();
        try {
            return partition.table.get(key);
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /** Takes a page back out of the table after its load failed, and frees its frame. */
    private void uninstall(Page frame, long key) {
        removeEntry(frame, key);
        frame.setKey(Page.NO_KEY);
        frame.file = null;
        frame.dirty = false;
        frame.setState(0);
    }

    /**
     * A frame held exclusively and holding no page: a free one, or the clock's victim after writing it if dirty and
     * taking it out of the table. Frames that are pinned, or held by another thread, are passed over. Other threads
     * pin, unpin and sweep meanwhile, so one fruitless sweep proves nothing: the pool is reported exhausted only when
     * sweeps keep finding every frame taken for a while (about a second).
     */
    private Page claimVictim() {
        Page fresh = claimUnused();
        if (fresh != null) {
            return fresh;
        }
        for (int round = 0; ; round++) {
            // Zero while the threads that took the first frames are still cutting them.
            int frames = created;
            for (int scanned = 0; frames > 0 && scanned < 2 * frames + 1; scanned++) {
                Page page = pages[Math.floorMod(clockHand.getAndIncrement(), frames)];
                if (page.state() != 0) {
                    continue;
                }
                if (page.key() != Page.NO_KEY && page.referenced) {
                    page.referenced = false;
                    continue;
                }
                if (page.casState(0, Page.EXCLUSIVE)) {
                    evict(page);
                    return page;
                }
            }
            if (round >= 5_000) {
                throw ErrorCode.BUFFER_POOL_EXHAUSTED.exception(frameCount);
            }
            backOff(round);
        }
    }

    /**
     * A frame never handed out before, held exclusively; null once every frame has been. The clock may meet a frame
     * between its creation and its first use, and reuse it: whoever wins the frame's state takes it, and empties it
     * like any victim.
     */
    private Page claimUnused() {
        for (;;) {
            int f = firstUses.get();
            if (f >= frameLimit) {
                return null;
            }
            if (firstUses.compareAndSet(f, f + 1)) {
                Page page = frame(f);
                if (page == null) {
                    return null;
                }
                if (page.casState(0, Page.EXCLUSIVE)) {
                    evict(page);
                    return page;
                }
            }
        }
    }

    /** Empties a frame held exclusively: writes its page if dirty and takes it out of the table. */
    private void evict(Page page) {
        long old = page.key();
        if (old == Page.NO_KEY) {
            return;
        }
        if (page.dirty) {
            try {
                writeFrame(page);
            } catch (RuntimeException | Error e) {
                page.setState(0);
                throw e;
            }
        }
        removeEntry(page, old);
        page.setKey(Page.NO_KEY);
        page.file = null;
    }

    /** Takes {@code key} out of the page table if it still maps to {@code frame}. */
    private void removeEntry(Page frame, long key) {
        Partition partition = partition(key);
        long stamp = partition.lock.writeLock();
        try {
            if (partition.table.get(key) == frame.frame) {
                partition.table.remove(key);
            }
        } finally {
            partition.lock.unlockWrite(stamp);
        }
    }

    private static void backOff(int attempt) {
        if (attempt < 16) {
            Thread.onSpinWait();
        } else if (attempt < 32) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(200_000);
        }
    }

    public void unpin(Page page) {
        int s;
        do {
            s = page.state();
            if ((s & PINS) == 0) {
                throw ErrorCode.INTERNAL_ERROR.exception("unpin of unpinned page " + page.pageNo);
            }
        } while (!page.casState(s, s - 1));
        if (s == 1 && page.discarded) {
            tryFree(page);
        }
    }

    /** Frees a discarded frame that nobody holds any more; whoever gets it exclusively first does it. */
    private void tryFree(Page page) {
        if (!page.casState(0, Page.EXCLUSIVE)) {
            return;
        }
        if (page.key() == Page.NO_KEY) {
            page.file = null;
            page.dirty = false;
            page.discarded = false;
            page.referenced = false;
        }
        page.setState(0);
    }

    // ---------------------------------------------------------------- dirty pages and writing

    /**
     * Marks a pinned page changed. Taken under the page's monitor, which a write of the page holds: a change marked
     * while its page is being written is marked after that write, so the mark is never lost.
     */
    public void markDirty(Page page) {
        synchronized (page) {
            page.dirty = true;
        }
    }

    /**
     * Writes a frame the caller holds (pinned or exclusively), after forcing the log up to its LSN. The mark is cleared
     * only once the image is written, so a flush that must see every write done waits for one in progress. A frame
     * discarded meanwhile is not written: its file is being deleted.
     */
    private void writeFrame(Page page) {
        synchronized (page) {
            if (page.discarded || page.key() == Page.NO_KEY) {
                return;
            }
            log.flushTo(PageHeader.lsn(page.buffer));
            page.file.writePage(page.pageNo, page.buffer);
            if (PageHeader.lsn(page.buffer) > log.durableLsn()) {
                // The page changed while it was written: its image may carry changes the log does not hold yet.
                walRuleViolations.increment();
            }
            page.dirty = false;
        }
    }

    /**
     * Page images written with a page LSN beyond the durable log (the write-ahead rule broken by a page changing
     * while it was written); always 0, which the tests check under concurrent writers and checkpoints.
     */
    public long walRuleViolations() {
        return walRuleViolations.sum();
    }

    /** Writes a pinned page now and marks it clean. */
    public void writeNow(Page page) {
        writeFrame(page);
    }

    /** Writes a pinned page if it is dirty (an owner that keeps writers off the page while it is written). */
    public void writeIfDirty(Page page) {
        if (page.dirty) {
            writeFrame(page);
        }
    }

    /**
     * Writes every dirty page of every file that nobody has pinned, and waits for writes of other threads in
     * progress, so that everything dirty before the call is on disk (or pinned) when it returns. A pinned page is
     * being changed (the head page an append region is filling) and is written by its owner: writing it here could
     * write a torn image, or an image whose changes the log does not hold yet, and would write an append region's
     * page twice. Callers that need everything on disk (a checkpoint) make the owners write their pinned pages
     * first: a checkpoint seals every region before it calls this, and a region's pages sealed later hold only
     * records logged after the checkpoint's redo point.
     */
    public void flushAll() {
        for (DirtyFrame dirty : dirtyFramesInFileOrder(null)) {
            writeUnpinned(dirty, true);
        }
    }

    /**
     * Writes one dirty frame if nobody has it pinned; with {@code wait}, first waits for a thread that holds it
     * exclusively (loading, evicting or writing it). Pages whose log is not durable are written only with {@code
     * wait} (forcing the log); the background writer leaves them for a later round.
     */
    private void writeUnpinned(DirtyFrame dirty, boolean wait) {
        Page page = dirty.page;
        for (int attempt = 0; ; attempt++) {
            int s = page.state();
            if (s == 0) {
                if (!page.casState(0, Page.EXCLUSIVE)) {
                    continue;
                }
                try {
                    if (page.key() == dirty.key && page.dirty
                        && (wait || PageHeader.lsn(page.buffer) <= log.durableLsn())) {
                        writeFrame(page);
                    }
                } finally {
                    page.setState(0);
                }
                return;
            }
            if ((s & Page.EXCLUSIVE) == 0 || !wait) {
                return;
            }
            backOff(attempt);
        }
    }

    /** A dirty frame as a flush found it: the page it held then, for ordering and for checking it still does. */
    private record DirtyFrame(Page page, long key, int fileId, long pageNo) {
    }

    /** Dirty frames (of {@code file}, or of every file if null) ordered by file and page number. */
    private List<DirtyFrame> dirtyFramesInFileOrder(PageFile only) {
        List<DirtyFrame> dirty = new ArrayList<>();
        for (int f = 0, n = created; f < n; f++) {
            Page page = pages[f];
            long key = page.key();
            PageFile file = page.file;
            long pageNo = page.pageNo;
            if (page.dirty && key != Page.NO_KEY && file != null && (only == null || file == only)
                && key == key(file, pageNo)) {
                dirty.add(new DirtyFrame(page, key, file.fileId(), pageNo));
            }
        }
        dirty.sort(Comparator.comparingInt(DirtyFrame::fileId).thenComparingLong(DirtyFrame::pageNo));
        return dirty;
    }

    /** The numbers of {@code file}'s dirty pages, in ascending order. */
    public long[] dirtyPages(PageFile file) {
        return dirtyFramesInFileOrder(file).stream().mapToLong(DirtyFrame::pageNo).toArray();
    }

    /**
     * Writes every dirty page of {@code file}, pinned or not, in page order so the writes are sequential where
     * possible. Its owner calls it when no change of the file is in progress.
     */
    public void flush(PageFile file) {
        for (DirtyFrame dirty : dirtyFramesInFileOrder(file)) {
            Page page = pinIfCached(dirty.key);
            if (page == null) {
                continue;
            }
            try {
                if (page.dirty) {
                    writeFrame(page);
                }
            } finally {
                unpin(page);
            }
        }
    }

    /**
     * Drops every page of {@code file} from the pool without writing it (the file is being deleted). A page that a
     * reader still has pinned stays with that reader, unreachable for new pins, and its frame is freed by the last
     * unpin: a frame is never reused while pinned. A write of one of the pages in progress is waited for, so none
     * reaches the file after this returns.
     */
    public void discard(PageFile file) {
        discard(file, 0, Long.MAX_VALUE);
    }

    /** As {@link #discard(PageFile)}, for the pages {@code [fromPage, toPage)} of {@code file} only. */
    public void discard(PageFile file, long fromPage, long toPage) {
        for (int f = 0, n = created; f < n; f++) {
            Page page = pages[f];
            long key = page.key();
            if (key == Page.NO_KEY || page.file != file || page.pageNo < fromPage || page.pageNo >= toPage) {
                continue;
            }
            Partition partition = partition(key);
            long stamp = partition.lock.writeLock();
            try {
                if (page.key() != key) {
                    continue;
                }
                if (partition.table.get(key) == page.frame) {
                    partition.table.remove(key);
                }
                page.discarded = true;
                page.dirty = false;
                page.setKey(Page.NO_KEY);
            } finally {
                partition.lock.unlockWrite(stamp);
            }
            synchronized (page) {
                // Nothing to do: entering waits for a write that began before the frame was marked discarded, so
                // that it ends before the file is deleted. Writes that begin later see the mark and skip the page.
            }
            if ((page.state() & PINS) == 0) {
                tryFree(page);
            }
        }
    }

    // ---------------------------------------------------------------- recovery checks and reads

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
     * {@code describeEnd} says where the log ends. Recovery runs alone, so the frames are read without pinning.
     */
    public void checkLoggedUpTo(long endLsn, String describeEnd) {
        for (int f = 0, n = created; f < n; f++) {
            Page page = pages[f];
            PageFile file = page.file;
            if (page.key() != Page.NO_KEY && file != null) {
                checkLogged(file, page.pageNo, page.buffer, endLsn, describeEnd);
            }
        }
    }

    // ---------------------------------------------------------------- background writer and statistics

    /**
     * Starts a daemon thread that writes dirty unpinned pages every {@code periodMillis}, so eviction seldom has
     * to write a page on a reader's time. It takes each page it writes to itself for the time of that write only.
     * Stops when {@link #stopBackgroundWriter} is called.
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
    private void writeDirtyUnpinned() {
        for (DirtyFrame dirty : dirtyFramesInFileOrder(null)) {
            writeUnpinned(dirty, false);
        }
    }

    /** Fraction of pins served from the pool since it was created. */
    public double hitRatio() {
        long h = hits.sum();
        long total = h + misses.sum();
        return total == 0 ? 1.0 : (double) h / total;
    }

    public long misses() {
        return misses.sum();
    }
}
