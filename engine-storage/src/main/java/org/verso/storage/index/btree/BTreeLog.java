package org.verso.storage.index.btree;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.BiConsumer;
import org.verso.common.ErrorCode;
import org.verso.storage.index.IndexEntries;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.Page;
import org.verso.storage.page.PageFile;
import org.verso.storage.page.PageHeader;
import org.verso.storage.wal.RecordType;
import org.verso.storage.wal.RedoHandler;
import org.verso.storage.wal.RedoLog;
import org.verso.storage.wal.Varints;

/**
 * The write-ahead log records of B+tree pages and their redo. A page changed in place is logged either as the change
 * (an entry inserted into or removed from a leaf) or as its whole image: the first change to a page after a
 * checkpoint (see {@link org.verso.storage.wal.FullPageImages}) and every change to the tree's structure (a split,
 * a merge, a new root) are images. A structure change is one record holding the images of all the pages it changed,
 * the tree's meta page included, so that redo never sees half of it.
 *
 * <p>Payloads, big-endian:
 * <pre>
 * PAGE_IMAGES   [8 stream id][4 page count], then per page [8 page number][4 low end][4 high start]
 *               [bytes 4 to low end of the page][bytes high start to the page's end]
 * LEAF_INSERT,  [stream id][page number][the entry's reference][the entry's key], the numbers as
 * LEAF_REMOVE   {@link Varints}: one to three bytes each where eight were
 * LONG_LEAF_INSERT, [8 stream id][8 page number][the entry]: the form written before, still replayed
 * LONG_LEAF_REMOVE
 * </pre>
 * The stream id names the index's file at recovery. The bytes of a page between its low end and high start (the free
 * space of a node) are zero in the rebuilt page.
 *
 * <p>Redo applies a record to a page only if the page's LSN is below the record's, so it is idempotent. A page that
 * is missing or torn is rebuilt from a fresh page: changes logged as entries are skipped until the page's next image,
 * which the full-page-image rule guarantees among the records after the redo point.
 */
final class BTreeLog {
    static final RecordType PAGE_IMAGES = RecordType.declare(20, "index page images");
    static final RecordType LONG_LEAF_INSERT = RecordType.declare(21, "index leaf insert, long form");
    static final RecordType LONG_LEAF_REMOVE = RecordType.declare(22, "index leaf remove, long form");
    static final RecordType LEAF_INSERT = RecordType.declare(23, "index leaf insert");
    static final RecordType LEAF_REMOVE = RecordType.declare(24, "index leaf remove");

    private BTreeLog() {
    }

    /** Where a page's image is cut: a node's bytes before its free space and after it; a meta page's used bytes. */
    private static int lowEnd(ByteBuffer page) {
        return NodePage.isNode(page) ? NodePage.slotsEnd(page) : PageHeader.used(page);
    }

    private static int highStart(ByteBuffer page) {
        return NodePage.isNode(page) ? PageHeader.used(page) : page.capacity();
    }

    /** Logs the images of {@code pages} as one record and stamps them with its LSN; returns the LSN. */
    static long logImages(RedoLog log, long streamId, List<Page> pages) {
        int length = 12;
        for (Page page : pages) {
            ByteBuffer buf = page.buffer();
            length += 16 + (lowEnd(buf) - 4) + (buf.capacity() - highStart(buf));
        }
        long lsn = log.append(PAGE_IMAGES, length, (out, at) -> {
            out.putLong(at, streamId);
            out.putInt(at + 8, pages.size());
            int to = at + 12;
            for (Page page : pages) {
                ByteBuffer buf = page.buffer();
                int low = lowEnd(buf);
                int high = highStart(buf);
                out.putLong(to, page.pageNo());
                out.putInt(to + 8, low);
                out.putInt(to + 12, high);
                to += 16;
                out.put(to, buf, 4, low - 4);
                to += low - 4;
                out.put(to, buf, high, buf.capacity() - high);
                to += buf.capacity() - high;
            }
        });
        for (Page page : pages) {
            PageHeader.setLsn(page.buffer(), lsn);
        }
        return lsn;
    }

    /**
     * Logs an entry to be inserted into or removed from leaf {@code pageNo}, before the leaf is changed; returns the
     * LSN the caller stamps the leaf with once it has made the change.
     */
    static long logLeafChange(RedoLog log, long streamId, long pageNo, byte[] entry, boolean insert) {
        int keyLength = entry.length - IndexEntries.REF;
        long ref = IndexEntries.ref(entry);
        int length = Varints.size(streamId) + Varints.size(pageNo) + Varints.size(ref) + keyLength;
        return log.append(insert ? LEAF_INSERT : LEAF_REMOVE, length, (out, at) -> {
            int to = Varints.put(out, at, streamId);
            to = Varints.put(out, to, pageNo);
            to = Varints.put(out, to, ref);
            out.put(to, entry, 0, keyLength);
        });
    }

    /** The redo of the tree's records, one handler per record type; {@code files} finds a tree's file by stream id. */
    static void register(BiConsumer<RecordType, RedoHandler> registry, BufferPool pool,
                         AppendRegion.StreamFiles files) {
        registry.accept(PAGE_IMAGES, (payload, lsn) -> {
            PageFile file = files.fileOf(payload.getLong(0));
            if (file != null) {
                redoImages(pool, file, payload, lsn);
            }
        });
        registry.accept(LEAF_INSERT, leafHandler(pool, files, true));
        registry.accept(LEAF_REMOVE, leafHandler(pool, files, false));
        registry.accept(LONG_LEAF_INSERT, longLeafHandler(pool, files, true));
        registry.accept(LONG_LEAF_REMOVE, longLeafHandler(pool, files, false));
    }

    private static RedoHandler leafHandler(BufferPool pool, AppendRegion.StreamFiles files, boolean insert) {
        return (payload, lsn) -> {
            ByteBuffer in = payload.duplicate();
            PageFile file = files.fileOf(Varints.get(in));
            if (file != null) {
                long pageNo = Varints.get(in);
                long ref = Varints.get(in);
                byte[] key = new byte[in.remaining()];
                in.get(key);
                redoLeafChange(pool, file, pageNo, IndexEntries.of(key, ref), insert, lsn);
            }
        };
    }

    private static RedoHandler longLeafHandler(BufferPool pool, AppendRegion.StreamFiles files, boolean insert) {
        return (payload, lsn) -> {
            PageFile file = files.fileOf(payload.getLong(0));
            if (file != null) {
                byte[] entry = new byte[payload.remaining() - 16];
                payload.get(16, entry);
                redoLeafChange(pool, file, payload.getLong(8), entry, insert, lsn);
            }
        };
    }

    private static void redoImages(BufferPool pool, PageFile file, ByteBuffer payload, long lsn) {
        int count = payload.getInt(8);
        int from = 12;
        for (int i = 0; i < count; i++) {
            long pageNo = payload.getLong(from);
            int low = payload.getInt(from + 8);
            int high = payload.getInt(from + 12);
            from += 16;
            Page page = pool.pinForRedo(file, pageNo);
            try {
                ByteBuffer buf = page.buffer();
                if (PageHeader.lsn(buf) < lsn) {
                    for (int b = 4; b < buf.capacity(); b++) {
                        buf.put(b, (byte) 0);
                    }
                    buf.put(4, payload, from, low - 4);
                    buf.put(high, payload, from + low - 4, buf.capacity() - high);
                    PageHeader.setLsn(buf, lsn);
                    pool.markDirty(page);
                }
            } finally {
                pool.unpin(page);
            }
            from += (low - 4) + (file.pageSize() - high);
        }
    }

    private static void redoLeafChange(BufferPool pool, PageFile file, long pageNo, byte[] entry, boolean insert,
                                       long lsn) {
        Page page = pool.pinForRedo(file, pageNo);
        try {
            ByteBuffer buf = page.buffer();
            if (PageHeader.lsn(buf) >= lsn || !NodePage.isLeaf(buf)) {
                return;
            }
            int slot = NodePage.search(buf, entry, false);
            boolean present = slot < NodePage.count(buf) && NodePage.compare(buf, slot, entry) == 0;
            if (insert ? present || !NodePage.fits(buf, NodePage.entrySize(entry.length, false)) : !present) {
                throw ErrorCode.DATA_CORRUPTED.exception(pageNo, file.name(), "the logged " + (insert ? "insert"
                    : "removal") + " at LSN " + lsn + " does not apply to the page");
            }
            if (insert) {
                NodePage.insert(buf, slot, entry, 0);
            } else {
                NodePage.remove(buf, slot);
            }
            PageHeader.setLsn(buf, lsn);
            pool.markDirty(page);
        } finally {
            pool.unpin(page);
        }
    }
}
