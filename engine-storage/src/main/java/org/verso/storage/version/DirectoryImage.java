package org.verso.storage.version;

import java.nio.ByteBuffer;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.storage.page.PageFile;
import org.verso.storage.page.PageHeader;

/**
 * The checkpointed image of a table's {@link VersionDirectory}: for every VID, the tuple id of its newest committed
 * version, so that opening the table reads the image and replays only the heap records appended since, instead of
 * scanning the whole heap.
 *
 * <pre>
 * page 0 (header)   body: int magic, int format, long vidCount, long replayFrom, long maxTxid, long committedTs,
 *                   long commitLogFloor
 * page p >= 1       body: the entries of VIDs [(p - 1) * perPage, p * perPage): one long each, a tuple id or -1
 *                   (no committed version, or a deleted row); the header's item count says how many are filled
 * </pre>
 * {@code replayFrom} is the heap position from which records must be replayed on top of the image; {@code maxTxid}
 * the largest txid appended before it; every entry's version committed at or before {@code committedTs}; and
 * {@code commitLogFloor} the commit-log page from which opening needs the commit log's answers (the floor of the
 * {@link org.verso.storage.txlog.CommitHorizon} the image was written under). An image of an older format is not
 * used: the heap is then replayed whole.
 *
 * <p>Only pages whose VIDs changed since they were last written are written again ({@link #markDirty}, which a
 * writer calls before it appends the version). Entry pages are forced before the header that makes them count, so
 * a crash in the middle leaves the old header with entries that are the old ones or newer: replaying from the old
 * header's position gives the same directory either way, because replay installs, in append order, every committed
 * version after that position. A page that fails its checksum makes the whole image unusable; the heap is then
 * scanned as if there were none.
 *
 * <p>Thread safety: {@link #markDirty} from any thread; {@link #write} and {@link #load} one at a time.
 */
public final class DirectoryImage {
    /** The entry of a VID with no committed version. */
    public static final long NO_ENTRY = -1;

    private static final int MAGIC = 0x56444952; // "VDIR"
    private static final int FORMAT = 2;
    private static final int BODY = PageHeader.SIZE;

    private final PageFile file;
    private final int perPage;
    private final DirtyPages dirty = new DirtyPages();
    private final ByteBuffer buffer;
    private long writtenPages;
    private Header written;
    // The header written before the current one, since this process opened the image.
    private Header previous;

    public DirectoryImage(PageFile file) {
        this.file = file;
        this.perPage = (file.pageSize() - BODY) / Long.BYTES;
        this.buffer = ByteBuffer.allocateDirect(file.pageSize());
        this.writtenPages = Math.max(0, file.pageCount() - 1);
    }

    /** The image's file name, for messages. */
    public String fileName() {
        return file.name();
    }

    /** What opening learns from the header besides the entries. */
    public record Header(long vidCount, long replayFrom, long maxTxid, long committedTs, long commitLogFloor) {
    }

    /** Reads one VID's entry at a checkpoint; see {@link #write}. */
    @FunctionalInterface
    public interface EntrySource {
        /**
         * The tuple id of {@code vid}'s newest committed version, or {@link #NO_ENTRY}; reports to {@code write}
         * the commit timestamp of that version and the tuple id of every newer version above it.
         */
        long entry(long vid, ImageWrite write);
    }

    /** What one {@link #write} learns while it reads entries. */
    public static final class ImageWrite {
        private long replayFrom;
        private long committedTs;
        private boolean pending;

        ImageWrite(long replayFrom, long committedTs) {
            this.replayFrom = replayFrom;
            this.committedTs = committedTs;
        }

        /** The entry's version committed at {@code commitTs}. */
        public void committedAt(long commitTs) {
            committedTs = Math.max(committedTs, commitTs);
        }

        /**
         * A version at {@code tid}, newer than the entry, is not committed yet: opening must replay from it, and
         * the page is written again at the next checkpoint.
         */
        public void uncommitted(long tid) {
            replayFrom = Math.min(replayFrom, tid);
            pending = true;
        }
    }

    /**
     * A heap position that no recovery will replay or redo from, now or after a crash: the smaller replay position
     * of the last two headers written (records before the older one were appended before the checkpoint that wrote
     * the newer one began, so their log records lie before the redo point that every later open starts from).
     * -1 until two headers were written since the image was opened.
     */
    public synchronized long settledPosition() {
        return previous == null || written == null ? -1 : Math.min(previous.replayFrom(), written.replayFrom());
    }

    /** Notes that {@code vid}'s entry may change: called before the change is appended to the heap. */
    public void markDirty(long vid) {
        dirty.mark(vid / perPage);
    }

    /**
     * Writes the pages of every VID below {@code vidCount} that changed, forces them, then writes the header. Records
     * appended at or after {@code position} (the heap's append position, read before this call) are replayed at
     * open; so are uncommitted versions that {@code source} reports. {@code maxTxid} is the largest txid appended so
     * far; {@code commitLogFloor} the floor of the horizon the entries were read under. Returns the number of entry
     * pages written.
     */
    public synchronized long write(long vidCount, long position, long maxTxid, long commitLogFloor,
                                   EntrySource source) {
        ImageWrite write = new ImageWrite(position, written == null ? 0 : written.committedTs());
        long pages = (vidCount + perPage - 1) / perPage;
        long count = 0;
        for (long p = 0; p < pages; p++) {
            // A page never written must be, whether or not a VID in it changed: a reader expects every page.
            if (!dirty.take(p) && p < writtenPages) {
                continue;
            }
            write.pending = false;
            long first = p * perPage;
            int n = (int) Math.min(perPage, vidCount - first);
            PageHeader.init(buffer, org.verso.storage.io.PageKind.DIRECTORY.code(), p + 1);
            for (int i = 0; i < n; i++) {
                buffer.putLong(BODY + i * Long.BYTES, source.entry(first + i, write));
            }
            PageHeader.setItemCount(buffer, n);
            PageHeader.setUsed(buffer, BODY + n * Long.BYTES);
            file.writePage(p + 1, buffer);
            if (write.pending) {
                dirty.mark(p);
            }
            count++;
        }
        Header next = new Header(vidCount, write.replayFrom, maxTxid, write.committedTs, commitLogFloor);
        if (count == 0 && next.equals(written)) {
            return 0;
        }
        if (count > 0) {
            file.force();
        }
        PageHeader.init(buffer, org.verso.storage.io.PageKind.DIRECTORY.code(), 0);
        buffer.putInt(BODY, MAGIC);
        buffer.putInt(BODY + 4, FORMAT);
        buffer.putLong(BODY + 8, next.vidCount());
        buffer.putLong(BODY + 16, next.replayFrom());
        buffer.putLong(BODY + 24, next.maxTxid());
        buffer.putLong(BODY + 32, next.committedTs());
        buffer.putLong(BODY + 40, next.commitLogFloor());
        PageHeader.setUsed(buffer, BODY + 48);
        file.writePage(0, buffer);
        file.force();
        writtenPages = Math.max(writtenPages, pages);
        previous = written;
        written = next;
        return count;
    }

    /**
     * Loads the image into {@code directory}, which must be new: a committed node for every entry. Returns the
     * header, or null if there is no image or it is damaged (the directory may then hold part of it, and must be
     * thrown away).
     */
    public synchronized Header load(VersionDirectory directory) {
        if (file.pageCount() == 0) {
            return null;
        }
        try {
            file.readPage(0, buffer);
            if (buffer.getInt(BODY) != MAGIC || buffer.getInt(BODY + 4) != FORMAT) {
                return null;
            }
            Header header = new Header(buffer.getLong(BODY + 8), buffer.getLong(BODY + 16),
                buffer.getLong(BODY + 24), buffer.getLong(BODY + 32), buffer.getLong(BODY + 40));
            long word = VersionWord.committed(header.committedTs(), false);
            long pages = (header.vidCount() + perPage - 1) / perPage;
            long[] tids = new long[perPage];
            for (long p = 0; p < pages; p++) {
                file.readPage(p + 1, buffer);
                int n = (int) Math.min(PageHeader.itemCount(buffer), header.vidCount() - p * perPage);
                for (int i = 0; i < n; i++) {
                    tids[i] = buffer.getLong(BODY + i * Long.BYTES);
                }
                directory.restore(p * perPage, tids, n, word);
            }
            directory.ensureVids(header.vidCount());
            written = header;
            return header;
        } catch (VersoException e) {
            if (e.code() == ErrorCode.DATA_CORRUPTED) {
                return null;
            }
            throw e;
        }
    }

    /** Marks every page of the first {@code vidCount} VIDs changed: after a full scan, the image is stale. */
    public void markAllDirty(long vidCount) {
        for (long p = 0; p * perPage < vidCount; p++) {
            dirty.mark(p);
        }
    }
}
