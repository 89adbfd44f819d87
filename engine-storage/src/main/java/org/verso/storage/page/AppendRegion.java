package org.verso.storage.page;

import java.nio.ByteBuffer;
import org.verso.common.ErrorCode;
import org.verso.storage.wal.RecordType;
import org.verso.storage.wal.RedoHandler;
import org.verso.storage.wal.RedoLog;

/**
 * An append-only sequence of records in a page file: the write stream of one table's SIAS heap or of the commit
 * log. Records are packed into the head page, which stays pinned in the buffer pool; when the next record does not
 * fit, the head is written once, sequentially after the previous head, and never touched again ("sealed").
 * {@link #seal()} also writes a partly filled head (at close); the next append then starts a new page, so a written
 * page is never rewritten.
 *
 * <p>Record framing inside a page body: {@code [int length][payload of length bytes]}, back to back from offset
 * {@link PageHeader#SIZE}; the header's item count and used bytes say how many records there are and where they
 * stop. A record's address is {@code pageNo << 16 | offset of its payload}.
 *
 * <p>Logging: appends are logged page by page, not record by record. The records appended to the head page since it
 * was last logged go to the {@link RedoLog} together, as one {@link #APPEND_RUN} with the region's stream id (the
 * table id) and their framed bytes, when {@link #logAppends} is called (a writer's commit calls it before its COMMIT
 * record, so a commit follows everything it commits in the log) and before the head page is sealed; the page's LSN
 * is set to the run's. Before a page is written the log is forced up to that LSN (the page-before-log rule). A
 * record that was never logged belongs to a transaction that never committed, which recovery ignores in any case.
 * After a crash, {@link #redoHandler} puts logged runs back at their addresses. A run's payload, big-endian:
 * <pre>
 * offset  size  field
 *  0      8     stream id (the table id of a heap region)
 *  8      8     the address of the run's first frame in its region (see {@link #address})
 * 16      -     the run's frames, {@code [int length][payload]} each, as they lie in the page
 * </pre>
 * A log written before runs existed holds one {@link #APPEND_RECORD} per record (the same fields, the address of
 * the payload, and the record's bytes unframed); recovery still replays those.
 *
 * <p>A sealed page whose records are not yet durable in the log stays pinned in a short queue and is written, in
 * order, by a later append once the log has caught up (a commit forces it); so sealing does not force the log, and
 * writers of the table do not wait for an fsync at every full page. Once {@value #MAX_PENDING} sealed pages wait
 * (fewer in a small pool: one per 16 frames, at least one), the log is forced and they are written before the next
 * page is pinned, which bounds the pages a region keeps pinned, also while forces fail (a full disk): the append
 * then fails without pinning anything more.
 *
 * <p>Thread safety: appends are serialised by the region's monitor; readers may read sealed pages and the
 * published part of the head page concurrently.
 */
public final class AppendRegion {
    /** The log record of one append to a logged region, as logs written before {@link #APPEND_RUN} hold them. */
    public static final RecordType APPEND_RECORD = RecordType.declare(1, "region append");
    /** The log record of the records appended to one page since it was last logged. */
    public static final RecordType APPEND_RUN = RecordType.declare(4, "region append run");

    private static final int FRAME = 4;
    private static final int MAX_PENDING = 32;
    private static final int ALL_LOGGED = -1;

    /** Finds the page file of a region by its stream id at recovery; null for a stream that no longer exists. */
    @FunctionalInterface
    public interface StreamFiles {
        PageFile fileOf(long streamId);
    }

    /** Fills a record's payload. */
    @FunctionalInterface
    public interface RecordWriter {
        void write(ByteBuffer page, int offset);
    }

    /** Receives each record during {@link #forEach} or {@link #readOnePage}. */
    @FunctionalInterface
    public interface RecordVisitor {
        void visit(long address, ByteBuffer page, int offset, int length);
    }

    private final PageFile file;
    private final BufferPool pool;
    private final RedoLog log;
    private final long streamId;
    private final java.util.ArrayDeque<Page> pendingSeals = new java.util.ArrayDeque<>();
    private final int maxPending;
    private final boolean logged;
    private Page head;
    private long nextPageNo;
    // The head page's offset of the first frame not yet in the log, or ALL_LOGGED. Set to ALL_LOGGED only once the
    // run holding those frames has its LSN, so a writer that reads ALL_LOGGED without the monitor may append its
    // COMMIT record right away: it follows the run.
    private volatile int unloggedFrom = ALL_LOGGED;

    /** A region that logs its appends to {@code log} under {@code streamId}. */
    public AppendRegion(PageFile file, BufferPool pool, RedoLog log, long streamId) {
        this.file = file;
        this.pool = pool;
        this.log = log;
        this.streamId = streamId;
        this.logged = log != RedoLog.NONE;
        this.nextPageNo = file.pageCount();
        this.maxPending = Math.max(1, Math.min(MAX_PENDING, pool.frameCount() / 16));
    }

    /** A region whose appends are not logged (its contents are redone from other log records). */
    public AppendRegion(PageFile file, BufferPool pool) {
        this(file, pool, RedoLog.NONE, 0);
    }

    public static long address(long pageNo, int offset) {
        return (pageNo << 16) | offset;
    }

    public static long pageOf(long address) {
        return address >>> 16;
    }

    public static int offsetOf(long address) {
        return (int) (address & 0xffff);
    }

    /** The largest payload a single record may have. */
    public int maxPayload() {
        return file.pageSize() - PageHeader.SIZE - FRAME;
    }

    public PageFile file() {
        return file;
    }

    /** Appends a record of {@code length} payload bytes filled by {@code writer}; returns its address. */
    public synchronized long append(int length, RecordWriter writer) {
        if (length > maxPayload()) {
            throw new IllegalArgumentException("record of " + length + " bytes exceeds " + maxPayload());
        }
        writeSealedPages(false);
        if (head != null && PageHeader.used(head.buffer()) + FRAME + length > file.pageSize()) {
            logHead(); // before anything changes: if the log fails, the append fails and the head stays as it is
            pendingSeals.add(head);
            head = null;
        }
        if (head == null) {
            writeSealedPages(pendingSeals.size() >= maxPending);
            // Counted only once pinned: a pin that fails (a full disk while evicting) must not skip a page number.
            head = pool.pinNew(file, nextPageNo);
            nextPageNo++;
        }
        ByteBuffer page = head.buffer();
        int at = PageHeader.used(page);
        page.putInt(at, length);
        writer.write(page, at + FRAME);
        PageHeader.setItemCount(page, PageHeader.itemCount(page) + 1);
        PageHeader.setUsed(page, at + FRAME + length);
        if (logged && unloggedFrom == ALL_LOGGED) {
            unloggedFrom = at;
        }
        return address(head.pageNo(), at + FRAME);
    }

    /**
     * Logs every record appended so far that is not in the log yet, as one run; once it returns, a record appended
     * to the log follows every record appended to this region before the call. Cheap when nothing is unlogged.
     */
    public void logAppends() {
        if (unloggedFrom != ALL_LOGGED) {
            synchronized (this) {
                logHead();
            }
        }
    }

    /** Logs the head page's unlogged frames as one {@link #APPEND_RUN}. */
    private void logHead() {
        int from = unloggedFrom;
        if (from == ALL_LOGGED) {
            return;
        }
        ByteBuffer page = head.buffer();
        int end = PageHeader.used(page);
        long address = address(head.pageNo(), from);
        long lsn = log.append(APPEND_RUN, 16 + end - from, (buf, to) -> {
            buf.putLong(to, streamId);
            buf.putLong(to + 8, address);
            buf.put(to + 16, page, from, end - from);
        });
        PageHeader.setLsn(page, lsn);
        unloggedFrom = ALL_LOGGED;
    }

    /** The redo of {@link #APPEND_RUN}s: puts each logged run back into the file its stream id names. */
    public static RedoHandler redoHandler(BufferPool pool, StreamFiles files) {
        return (payload, lsn) -> {
            PageFile file = files.fileOf(payload.getLong(0));
            if (file != null) {
                redoFrames(pool, file, payload.getLong(8), payload.slice(16, payload.remaining() - 16), lsn);
            }
        };
    }

    /** The redo of {@link #APPEND_RECORD}s, one record each, in logs written before runs existed. */
    public static RedoHandler recordRedoHandler(BufferPool pool, StreamFiles files) {
        return (payload, lsn) -> {
            PageFile file = files.fileOf(payload.getLong(0));
            if (file != null) {
                ByteBuffer record = payload.slice(16, payload.remaining() - 16);
                ByteBuffer frame = ByteBuffer.allocate(FRAME + record.remaining());
                frame.putInt(record.remaining()).put(record).flip();
                redoFrames(pool, file, payload.getLong(8) - FRAME, frame, lsn);
            }
        };
    }

    /**
     * Puts logged frames back at {@code address} during recovery, unless the page already holds them (its LSN is
     * at or past {@code lsn}). A page that is missing or fails its checksum is started afresh: that is right for a
     * page whose records all lie after the redo point, because a page is forced before a checkpoint moves the redo
     * point past it. A page that also held records logged before the redo point (the head page a checkpoint sealed)
     * cannot be rebuilt; its first run after the redo point then finds the gap and fails with XX001.
     */
    static void redoFrames(BufferPool pool, PageFile file, long address, ByteBuffer frames, long lsn) {
        long pageNo = pageOf(address);
        int offset = offsetOf(address);
        Page page = pool.pinForRedo(file, pageNo);
        try {
            ByteBuffer buf = page.buffer();
            if (PageHeader.lsn(buf) >= lsn) {
                return;
            }
            int length = frames.remaining();
            if (offset < PageHeader.SIZE || offset + length > file.pageSize()) {
                throw ErrorCode.DATA_CORRUPTED.exception(pageNo, file.where(pageNo), "a logged run of " + length
                    + " bytes at offset " + offset + " overruns the page");
            }
            if (PageHeader.used(buf) < offset) {
                // The records before the run were logged before the redo point, so the checkpoint that set it wrote
                // them to this page; a page without them was damaged or lost after that (it was started afresh).
                throw ErrorCode.DATA_CORRUPTED.exception(pageNo, file.where(pageNo), "its records before offset "
                    + offset + " are neither on the page nor in the write-ahead log after the redo point");
            }
            buf.put(offset, frames, frames.position(), length);
            // The records before these end exactly where the first frame starts: count them rather than trust the
            // page's count, so replaying a run twice, or onto a page written mid-append, gives the same page.
            int records = recordsBefore(buf, offset + length);
            if (records < 0) {
                throw ErrorCode.DATA_CORRUPTED.exception(pageNo, file.where(pageNo), "the frames before a logged run "
                    + "at offset " + offset + " do not end where it starts");
            }
            PageHeader.setItemCount(buf, records);
            PageHeader.setUsed(buf, offset + length);
            PageHeader.setLsn(buf, lsn);
            pool.markDirty(page);
        } finally {
            pool.unpin(page);
        }
    }

    /**
     * The number of records whose frames fill a page from its header up to {@code end}; -1 if the frames do not end
     * exactly there.
     */
    private static int recordsBefore(ByteBuffer page, int end) {
        int count = 0;
        int at = PageHeader.SIZE;
        while (at < end) {
            int length = page.getInt(at);
            if (length < 0 || length > end - at - FRAME) {
                return -1;
            }
            at += FRAME + length;
            count++;
        }
        return at == end ? count : -1;
    }

    /** Writes a partly filled head page; the next record goes to a new page. */
    public synchronized void seal() {
        if (head != null) {
            sealHead();
        }
        writeSealedPages(true);
    }

    private void sealHead() {
        logHead();
        pendingSeals.add(head);
        head = null;
        writeSealedPages(pendingSeals.size() >= maxPending);
    }

    /**
     * Writes sealed pages, oldest first, while the log is durable past their LSN; with {@code force}, forces the log
     * as needed and writes them all. The force happens before the pool's monitor is taken.
     */
    private void writeSealedPages(boolean force) {
        while (!pendingSeals.isEmpty()) {
            Page page = pendingSeals.peek();
            long lsn = PageHeader.lsn(page.buffer());
            if (lsn > log.durableLsn()) {
                if (!force) {
                    return;
                }
                log.flushTo(lsn);
            }
            pool.writeNow(page);
            pool.unpin(page);
            pendingSeals.poll();
        }
    }

    /** Number of pages written or being filled. */
    public synchronized long pageCount() {
        return nextPageNo;
    }

    /**
     * Hands the record at {@code address} to {@code reader}: a page and the payload's offset in it. The head page is
     * found in the pool like any other.
     *
     * <p>If the pool holds the page, the record is copied out of it without a pin ({@link BufferPool#readIfCached})
     * and the reader gets the copy: a pin writes the frame's pin count, which moves between the cores of threads
     * that read the same pages. Otherwise the page is pinned for the reader.
     */
    public <T> T read(long address, PageReader<T> reader) {
        RecordCopy copy = RECORD_COPY.get();
        if (copy.inUse) {
            copy = new RecordCopy(); // a reader that reads another record while it holds this one's copy
        }
        copy.inUse = true;
        try {
            copy.offset = offsetOf(address);
            if (pool.readIfCached(file, pageOf(address), copy) == Boolean.TRUE) {
                return reader.read(copy.bytes, 0, copy.length);
            }
        } finally {
            copy.inUse = false;
        }
        return readPinned(address, reader);
    }

    private static final ThreadLocal<RecordCopy> RECORD_COPY = ThreadLocal.withInitial(RecordCopy::new);

    /**
     * A thread's buffer for a record copied out of a page it did not pin; it is its own copying function, so that a
     * read allocates nothing.
     */
    private static final class RecordCopy implements java.util.function.Function<ByteBuffer, Boolean> {
        ByteBuffer bytes = ByteBuffer.allocate(256);
        boolean inUse;
        int offset;
        int length;

        /**
         * Copies the record whose payload starts at {@link #offset}; false if the length found does not fit the page
         * (bytes of another page: the pool's check then discards the read).
         */
        @Override
        public Boolean apply(ByteBuffer page) {
            length = page.getInt(offset - FRAME);
            if (length < 0 || length > page.capacity() - offset) {
                return Boolean.FALSE;
            }
            if (bytes.capacity() < length) {
                bytes = ByteBuffer.allocate(Math.max(length, 2 * bytes.capacity()));
            }
            bytes.put(0, page, offset, length);
            return Boolean.TRUE;
        }
    }

    private <T> T readPinned(long address, PageReader<T> reader) {
        Page page = pool.pin(file, pageOf(address));
        try {
            ByteBuffer buf = page.buffer();
            int offset = offsetOf(address);
            return reader.read(buf, offset, buf.getInt(offset - FRAME));
        } finally {
            pool.unpin(page);
        }
    }

    /** Reads a record's payload. */
    @FunctionalInterface
    public interface PageReader<T> {
        T read(ByteBuffer page, int offset, int length);
    }

    /** The most pages {@link #readAhead} takes at a time. */
    public int readAheadPages() {
        return pool.readAheadPages();
    }

    /**
     * Asks for the region's pages {@code pageNos} (ascending) to be read ahead of a reader that will read them in this
     * order and tells through {@code readerAt} the page it has reached.
     */
    public void readAhead(long[] pageNos, java.util.function.LongSupplier readerAt) {
        pool.readAhead(file, pageNos, readerAt);
    }

    /**
     * Pins the page of {@code addresses[from]} once and hands {@code visitor} each record of {@code addresses[from]}
     * on, in array order, for as long as they lie on that page; returns the index of the first address on another
     * page (or {@code to}). A scan that sorted its addresses reads each page once this way.
     */
    public int readOnePage(long[] addresses, int from, int to, RecordVisitor visitor) {
        long pageNo = pageOf(addresses[from]);
        Page page = pool.pin(file, pageNo);
        try {
            ByteBuffer buf = page.buffer();
            int i = from;
            for (; i < to && pageOf(addresses[i]) == pageNo; i++) {
                int offset = offsetOf(addresses[i]);
                visitor.visit(addresses[i], buf, offset, buf.getInt(offset - FRAME));
            }
            return i;
        } finally {
            pool.unpin(page);
        }
    }

    /**
     * Visits the records of the first {@code trustedPages} pages from page {@code from} on, in append order, and
     * makes the region continue appending after them, overwriting whatever later pages the file holds. The trusted
     * pages must be there and intact (XX001 otherwise). A later page may have been written, whole or torn, after
     * the point that made the trusted ones durable; its records are not read, since the caller rebuilds them from
     * the write-ahead log. Used only before the region's first append.
     */
    public synchronized void forEachTrusted(long trustedPages, long from, RecordVisitor visitor) {
        if (trustedPages > nextPageNo) {
            throw ErrorCode.DATA_CORRUPTED.exception(nextPageNo, file.where(nextPageNo), "the file ends there, but "
                + trustedPages + " pages of it were made durable");
        }
        for (long p = from; p < trustedPages; p++) {
            visitPage(p, visitor);
        }
        nextPageNo = trustedPages;
    }

    /** Visits the records of pages {@code [from, to)}, in append order. */
    public void forEachPage(long from, long to, RecordVisitor visitor) {
        for (long p = from; p < to; p++) {
            visitPage(p, visitor);
        }
    }

    /** Visits every record in append order, page by page. */
    public void forEach(RecordVisitor visitor) {
        forEachFrom(0, visitor);
    }

    /**
     * Visits, in append order, every record whose address is at or after {@code from}, skipping pages given back by
     * {@link #release}.
     */
    public void forEachFrom(long from, RecordVisitor visitor) {
        long pages = pageCount();
        for (long p = pageOf(from); p < pages; p++) {
            if (!file.isReleased(p)) {
                visitPage(p, from, visitor);
            }
        }
    }

    /** Pages per run that {@link #release} can give back; 0 if the region's file gives nothing back. */
    public long releaseUnitPages() {
        return file.releaseUnitPages();
    }

    /** Whether any page was given back by {@link #release}: the region can no longer be read whole. */
    public boolean releasedAny() {
        return file.releasedAny();
    }

    /** Whether the record at {@code address} lies on a page given back by {@link #release}. */
    public boolean isReleased(long address) {
        return file.isReleased(pageOf(address));
    }

    /**
     * Gives back pages {@code [fromPage, toPage)}, sealed and holding no record anyone will read again: they leave
     * the pool unwritten and their whole release units leave the file. Returns the pages given back.
     */
    public long release(long fromPage, long toPage) {
        pool.discard(file, fromPage, toPage);
        return file.release(fromPage, toPage);
    }

    /**
     * An address at or before that of the next record to be appended: every record appended from now on has an
     * address at or after it, every record appended so far one before it.
     */
    public synchronized long position() {
        return head != null ? address(head.pageNo(), PageHeader.used(head.buffer()) + FRAME)
            : address(nextPageNo, PageHeader.SIZE);
    }

    private void visitPage(long p, RecordVisitor visitor) {
        visitPage(p, 0, visitor);
    }

    private void visitPage(long p, long from, RecordVisitor visitor) {
        Page page = pool.pin(file, p);
        try {
            ByteBuffer buf = page.buffer();
            int count = PageHeader.itemCount(buf);
            int at = PageHeader.SIZE;
            for (int i = 0; i < count; i++) {
                int length = buf.getInt(at);
                if (length < 0 || at + FRAME + length > file.pageSize()) {
                    throw ErrorCode.DATA_CORRUPTED.exception(p, file.where(p), "record " + i + " overruns the page");
                }
                long address = address(p, at + FRAME);
                if (address >= from) {
                    visitor.visit(address, buf, at + FRAME, length);
                }
                at += FRAME + length;
            }
        } finally {
            pool.unpin(page);
        }
    }
}
