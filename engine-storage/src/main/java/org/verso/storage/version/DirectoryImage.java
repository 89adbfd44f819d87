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
 * <p>The image is kept twice, in two slots (files {@code T<id>.vid} and {@code T<id>.vid.1}), and checkpoints write
 * them in turn, so that a crash that tears a page of the slot being written leaves the other one whole:
 * <pre>
 * page 0 (header)   body: int magic, int format, long vidCount, long replayFrom, long maxTxid, long committedTs,
 *                   long commitLogFloor, long generation
 * page p >= 1       body: the entries of VIDs [(p - 1) * perPage, p * perPage): one long each, a tuple id or -1
 *                   (no committed version, or a deleted row); the header's item count says how many are filled
 * </pre>
 * {@code replayFrom} is the heap position from which records must be replayed on top of the image; {@code maxTxid}
 * the largest txid appended before it; every entry's version committed at or before {@code committedTs}; and
 * {@code commitLogFloor} the commit-log page from which opening needs the commit log's answers (the floor of the
 * {@link org.verso.storage.txlog.CommitHorizon} the image was written under). {@code generation} counts the writes:
 * opening loads the slot with the newest header whose pages all read back intact, and the other slot if not. A slot
 * of format 2 (one slot, before images were kept twice) is read as generation 0.
 *
 * <p>A write goes to the slot that does not hold the newest header, and writes the pages whose VIDs changed since
 * that slot was last written: those marked since the last write ({@link #markDirty}, which a writer calls before it
 * appends the version) and those the last write wrote to the other slot. The first write to each slot after the
 * image is opened writes every page. Entry pages are forced before the header that makes them count, so a crash in
 * the middle leaves that slot's old header with entries that are the old ones or newer: replaying from the old
 * header's position gives the same directory either way, because replay installs, in append order, every committed
 * version after that position; and a page the crash tore sends opening to the other slot.
 *
 * <p>Thread safety: {@link #markDirty} from any thread; {@link #write} and {@link #load} one at a time.
 */
public final class DirectoryImage {
    /** The entry of a VID with no committed version. */
    public static final long NO_ENTRY = -1;

    private static final int MAGIC = 0x56444952; // "VDIR"
    private static final int FORMAT = 3;
    private static final int ONE_SLOT_FORMAT = 2;
    private static final int BODY = PageHeader.SIZE;

    private final PageFile[] slots;
    private final int perPage;
    private final DirtyPages dirty = new DirtyPages();
    private final ByteBuffer buffer;
    private final long[] writtenPages = new long[2];
    // Whether a slot holds every change up to its header that this process knows of; if not, its next write is whole.
    private final boolean[] current = new boolean[2];
    // The pages the last write wrote (to the slot the next write does not go to); null: every page.
    private java.util.BitSet lastWritten;
    private int writtenSlot = 1;
    private long generation;
    private Header written;
    // The header written before the current one, since this process opened the image.
    private Header previous;
    // Per slot, the commit-log floor of the header it durably holds; 0 for a slot without a usable header.
    private final long[] slotFloor = new long[2];

    /** An image kept in the two slot files {@code slot0} and {@code slot1}. */
    public DirectoryImage(PageFile slot0, PageFile slot1) {
        this.slots = new PageFile[] {slot0, slot1};
        this.perPage = (slot0.pageSize() - BODY) / Long.BYTES;
        this.buffer = ByteBuffer.allocateDirect(slot0.pageSize());
        for (int slot = 0; slot < 2; slot++) {
            writtenPages[slot] = Math.max(0, slots[slot].pageCount() - 1);
        }
    }

    /** The image's first slot file name, for messages. */
    public String fileName() {
        return slots[0].name();
    }

    /** An image loaded at open: its header and the directory its entries were restored into. */
    public record Loaded(Header header, VersionDirectory directory) {
    }

    /** What opening learns from the header besides the entries. */
    public record Header(long vidCount, long replayFrom, long maxTxid, long committedTs, long commitLogFloor,
                         long generation) {
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

    /**
     * The smallest commit-log floor of the two slots: opening may take either, and replays records whose creators'
     * entries lie at or after the floor of the slot it takes. 0 while a slot has no header this process wrote or
     * read back.
     */
    public synchronized long commitLogFloor() {
        return Math.min(slotFloor[0], slotFloor[1]);
    }

    /** Whether neither slot was ever written: a heap without an image is then no older than its first checkpoint. */
    public synchronized boolean neverWritten() {
        return slots[0].pageCount() == 0 && slots[1].pageCount() == 0;
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
        int slot = 1 - writtenSlot;
        PageFile file = slots[slot];
        ImageWrite write = new ImageWrite(position, written == null ? 0 : written.committedTs());
        long pages = (vidCount + perPage - 1) / perPage;
        java.util.BitSet wrote = new java.util.BitSet();
        try {
            return writeSlot(slot, file, vidCount, pages, maxTxid, commitLogFloor, source, write, wrote);
        } catch (RuntimeException e) {
            // A page not written, written in part or not forced, and the pages written before it, count for neither
            // slot yet: all of them go to this slot again, and so to the other one after it.
            wrote.stream().forEach(dirty::mark);
            throw e;
        }
    }

    private long writeSlot(int slot, PageFile file, long vidCount, long pages, long maxTxid, long commitLogFloor,
                           EntrySource source, ImageWrite write, java.util.BitSet wrote) {
        long count = 0;
        for (long p = 0; p < pages; p++) {
            // A page the other slot got last time, or that this slot never had, is written whether or not it is
            // marked; taking the mark comes first either way, so that the next write sees a later change.
            boolean marked = dirty.take(p);
            boolean owed = !current[slot] || lastWritten == null || lastWritten.get((int) p);
            if (!marked && !owed && p < writtenPages[slot]) {
                continue;
            }
            wrote.set((int) p); // from here a failure leaves the page to be written again, to both slots
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
        Header next = new Header(vidCount, write.replayFrom, maxTxid, write.committedTs, commitLogFloor,
            generation + 1);
        if (count == 0 && sameContent(next, written) && sameContent(next, previous)) {
            return 0; // both slots hold this image already
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
        buffer.putLong(BODY + 48, next.generation());
        PageHeader.setUsed(buffer, BODY + 56);
        file.writePage(0, buffer);
        file.force();
        // Only now may the slot be taken with this header; until then its floor stays the older, smaller one.
        slotFloor[slot] = next.commitLogFloor();
        writtenPages[slot] = Math.max(writtenPages[slot], pages);
        current[slot] = true;
        lastWritten = wrote;
        generation = next.generation();
        writtenSlot = slot;
        previous = written;
        written = next;
        return count;
    }

    private static boolean sameContent(Header a, Header b) {
        return b != null && a.vidCount() == b.vidCount() && a.replayFrom() == b.replayFrom()
            && a.maxTxid() == b.maxTxid() && a.committedTs() == b.committedTs()
            && a.commitLogFloor() == b.commitLogFloor();
    }

    /**
     * Loads the image: the slot with the newest header whose pages all read back intact, or the other one. Returns
     * its header and a new directory holding a committed node for every entry, or null if neither slot is usable.
     */
    public synchronized Loaded load() {
        Header[] headers = {readHeader(0), readHeader(1)};
        for (int slot = 0; slot < 2; slot++) {
            slotFloor[slot] = headers[slot] == null ? 0 : headers[slot].commitLogFloor();
        }
        int newest = headers[1] != null && (headers[0] == null
            || headers[1].generation() > headers[0].generation()) ? 1 : 0;
        // Later writes count on from the newest header either slot holds, usable or not.
        generation = Math.max(headers[0] == null ? 0 : headers[0].generation(),
            headers[1] == null ? 0 : headers[1].generation());
        for (int slot : new int[] {newest, 1 - newest}) {
            if (headers[slot] == null) {
                continue;
            }
            VersionDirectory directory = new VersionDirectory();
            if (restore(slot, headers[slot], directory)) {
                writtenSlot = slot;
                written = headers[slot];
                return new Loaded(headers[slot], directory);
            }
        }
        return null;
    }

    /** The header of {@code slot}, or null if it has none or it is damaged. */
    private Header readHeader(int slot) {
        PageFile file = slots[slot];
        if (file.pageCount() == 0) {
            return null;
        }
        try {
            file.readPage(0, buffer);
            int format = buffer.getInt(BODY + 4);
            if (buffer.getInt(BODY) != MAGIC || (format != FORMAT && (format != ONE_SLOT_FORMAT || slot != 0))) {
                return null;
            }
            return new Header(buffer.getLong(BODY + 8), buffer.getLong(BODY + 16), buffer.getLong(BODY + 24),
                buffer.getLong(BODY + 32), buffer.getLong(BODY + 40), format == FORMAT ? buffer.getLong(BODY + 48)
                : 0);
        } catch (VersoException e) {
            if (e.code() == ErrorCode.DATA_CORRUPTED) {
                return null;
            }
            throw e;
        }
    }

    /** Restores the entries of {@code slot} into {@code directory}; false if a page of it is damaged. */
    private boolean restore(int slot, Header header, VersionDirectory directory) {
        PageFile file = slots[slot];
        try {
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
            return true;
        } catch (VersoException e) {
            if (e.code() == ErrorCode.DATA_CORRUPTED) {
                return false;
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
