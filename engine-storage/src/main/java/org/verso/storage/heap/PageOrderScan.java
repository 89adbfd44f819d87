package org.verso.storage.heap;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.LongUnaryOperator;
import org.verso.common.RowCursor;
import org.verso.storage.page.AppendRegion;

/**
 * A full scan of a heap whose versions lie in an {@link AppendRegion}, reading the region's pages in ascending order
 * rather than row by row. The rows are taken in windows of row ids: for each row of a window the visible version's
 * tuple id is decided from the version directory alone (rows with no visible version cost no read), the window's
 * tuple ids are sorted, and each page they lie on is then pinned once and all its rows of the window decoded. A
 * freshly loaded table is already in order, so its scan reads the file sequentially either way; once updates have
 * moved rows to the region's end, this keeps the scan sequential instead of one random read per row.
 *
 * <p>Each row id is decided exactly once, at the start of its window, so a row is returned at most once even if the
 * scanning transaction itself changes rows while the cursor is open. The first window is small, so that a scan
 * stopped after a few rows ({@code LIMIT}, {@code EXISTS}) decides few rows; its pages may be read again by the next
 * window, at most {@value #FIRST_WINDOW} of them. The later ones hold up to {@value #WINDOW} rows (8 bytes each while
 * the window is read), within which the order is the file's order.
 *
 * <p>Not thread safe: a cursor belongs to one thread.
 */
final class PageOrderScan implements RowCursor {
    static final int FIRST_WINDOW = 1 << 8;
    static final int WINDOW = 1 << 20;

    /** Decodes a record into its row id and values. */
    interface RecordDecoder {
        /** Called for each record read; {@code sink} takes its row id and values. */
        void decode(ByteBuffer page, int offset, int length, RowSink sink);
    }

    /** Takes one decoded row. */
    interface RowSink {
        void accept(long rowId, Object[] row);
    }

    private final AppendRegion region;
    private final long end;
    private final LongUnaryOperator visibleTupleId;
    private final RowSink sink = this::buffer;
    private final AppendRegion.RecordVisitor decodeRecord;
    private long nextVid;
    private long[] tids = new long[0];
    private int tidCount;
    private int tidAt;
    // The rows decoded from one page, handed out one by one.
    private long[] pageRowIds = new long[16];
    private Object[][] pageRows = new Object[16][];
    private int pageCount;
    private int pageAt;
    private long rowId = -1;
    private Object[] row;
    private boolean closed;
    // Read-ahead: the tuple ids before aheadTid lie on pages already asked for (or read); aheadPages of those
    // pages lie ahead of the page being read.
    private int aheadTid;
    private int aheadPages;
    // The page being read, for the read-ahead thread, which skips pages up to it; past every page once closed.
    private volatile long readingPage = -1;
    private final java.util.function.LongSupplier readerAt = () -> readingPage;

    /**
     * A scan of row ids {@code [0, end)}; {@code visibleTupleId} gives each row's visible version's tuple id, or a
     * negative value for a row the scan does not see.
     */
    PageOrderScan(AppendRegion region, long end, LongUnaryOperator visibleTupleId, RecordDecoder decoder) {
        this.region = region;
        this.end = end;
        this.visibleTupleId = visibleTupleId;
        this.decodeRecord = (address, page, offset, length) -> decoder.decode(page, offset, length, sink);
    }

    @Override
    public boolean next() {
        while (!closed) {
            if (pageAt < pageCount) {
                rowId = pageRowIds[pageAt];
                row = pageRows[pageAt];
                pageRows[pageAt++] = null;
                return true;
            }
            if (tidAt < tidCount) {
                pageCount = 0;
                pageAt = 0;
                readingPage = AppendRegion.pageOf(tids[tidAt]);
                readAhead();
                tidAt = region.readOnePage(tids, tidAt, tidCount, decodeRecord);
            } else if (nextVid < end) {
                decideWindow();
            } else {
                break;
            }
        }
        row = null;
        return false;
    }

    /** Decides the next window's rows and sorts their tuple ids, unless they are in file order already. */
    private void decideWindow() {
        long size = Math.min(end - nextVid, nextVid == 0 ? FIRST_WINDOW : WINDOW);
        if (tids.length < size) {
            tids = new long[(int) size];
        }
        int n = 0;
        boolean sorted = true;
        for (long last = nextVid + size; nextVid < last; nextVid++) {
            long tid = visibleTupleId.applyAsLong(nextVid);
            if (tid >= 0) {
                sorted &= n == 0 || tid > tids[n - 1];
                tids[n++] = tid;
            }
        }
        if (!sorted) {
            Arrays.sort(tids, 0, n);
        }
        tidCount = n;
        tidAt = 0;
        aheadTid = 0;
        aheadPages = 0;
    }

    /**
     * Before the page of {@code tids[tidAt]} is read: once fewer than half of the pages asked for lie ahead, asks
     * for the next ones, up to {@link AppendRegion#readAheadPages}. The first window asks for nothing, so a scan
     * stopped after a few rows reads nothing more than it needs.
     */
    private void readAhead() {
        int limit = region.readAheadPages();
        if (limit < 2 || nextVid <= FIRST_WINDOW) {
            return;
        }
        if (tidAt >= aheadTid) {
            aheadTid = endOfPage(tidAt); // nothing was asked for past this page
            aheadPages = 0;
        } else {
            aheadPages--; // this page was one of them
        }
        if (aheadPages > limit / 2 || aheadTid >= tidCount) {
            return;
        }
        long[] pages = new long[limit - aheadPages];
        int n = 0;
        while (n < pages.length && aheadTid < tidCount) {
            pages[n++] = AppendRegion.pageOf(tids[aheadTid]);
            aheadTid = endOfPage(aheadTid);
        }
        aheadPages += n;
        region.readAhead(n == pages.length ? pages : Arrays.copyOf(pages, n), readerAt);
    }

    /** The index of the first tuple id after {@code at} that lies on another page. */
    private int endOfPage(int at) {
        long page = AppendRegion.pageOf(tids[at]);
        int i = at + 1;
        while (i < tidCount && AppendRegion.pageOf(tids[i]) == page) {
            i++;
        }
        return i;
    }

    private void buffer(long id, Object[] values) {
        if (pageCount == pageRowIds.length) {
            pageRowIds = Arrays.copyOf(pageRowIds, pageCount * 2);
            pageRows = Arrays.copyOf(pageRows, pageCount * 2);
        }
        pageRowIds[pageCount] = id;
        pageRows[pageCount++] = values;
    }

    @Override
    public long rowId() {
        return rowId;
    }

    @Override
    public Object[] row() {
        return row;
    }

    @Override
    public void close() {
        closed = true;
        readingPage = Long.MAX_VALUE;
        tids = null;
        pageRows = null;
        row = null;
    }
}
