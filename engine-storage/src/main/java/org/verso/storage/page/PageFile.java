package org.verso.storage.page;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.verso.common.ErrorCode;
import org.verso.common.IoFailures;
import org.verso.storage.io.IoCounters;
import org.verso.storage.io.PageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.io.IoAccounting;

/**
 * A file of fixed-size pages of one {@link PageKind}. Every read verifies the page checksum; every write stamps
 * it. Each read and write is counted, and each write is classified sequential (it starts where the previous
 * write to this file ended) or random.
 *
 * <p>Thread safety: reads and writes of different pages may run concurrently; the caller (the buffer pool)
 * never reads and writes the same page at once.
 */
public final class PageFile implements AutoCloseable {
    private final int fileId;
    private final String name;
    private final PageKind kind;
    private final int pageSize;
    private final PageChannel channel;
    private final IoCounters counters;
    private final Object writeOrder = new Object();
    private long lastWriteEnd;
    // Where the file's previous read ended: a read starting there is sequential. Swapped without a lock, since
    // every miss of the buffer pool passes here.
    private final java.util.concurrent.atomic.AtomicLong lastReadEnd = new java.util.concurrent.atomic.AtomicLong(-1);

    public PageFile(int fileId, String name, PageKind kind, int pageSize, PageChannel channel,
                    IoAccounting accounting) throws IOException {
        this.fileId = fileId;
        this.name = name;
        this.kind = kind;
        this.pageSize = pageSize;
        this.channel = channel;
        this.counters = accounting.register(name, kind);
        this.lastWriteEnd = channel.size();
    }

    public int fileId() {
        return fileId;
    }

    public String name() {
        return name;
    }

    public PageKind kind() {
        return kind;
    }

    public int pageSize() {
        return pageSize;
    }

    public IoCounters counters() {
        return counters;
    }

    /** Number of whole pages in the file. */
    public long pageCount() {
        try {
            return channel.size() / pageSize;
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, name, e.getMessage());
        }
    }

    /** Reads page {@code pageNo} into {@code frame} (capacity = page size) and verifies it. */
    public void readPage(long pageNo, ByteBuffer frame) {
        frame.clear();
        int n;
        try {
            n = channel.read(frame, pageNo * pageSize);
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, name, e.getMessage());
        }
        boolean sequential = lastReadEnd.getAndSet((pageNo + 1) * pageSize) == pageNo * pageSize;
        counters.recordRead(1, sequential);
        frame.clear();
        if (n != pageSize) {
            throw ErrorCode.DATA_CORRUPTED.exception(pageNo, where(pageNo), "short read of " + n + " bytes");
        }
        if (!PageHeader.checksumMatches(frame)) {
            throw ErrorCode.DATA_CORRUPTED.exception(pageNo, where(pageNo), "checksum mismatch");
        }
        if (PageHeader.pageNo(frame) != pageNo || PageHeader.kind(frame) != kind.code()) {
            throw ErrorCode.DATA_CORRUPTED.exception(pageNo, where(pageNo),
                "header names page " + PageHeader.pageNo(frame) + " of kind " + PageHeader.kind(frame));
        }
    }

    /** The file for a message about page {@code pageNo}: its name, and the segment file holding the page if any. */
    public String where(long pageNo) {
        String segment = channel.fileOf(pageNo * pageSize);
        return segment == null ? name : name + " (in " + segment + ")";
    }

    /** Stamps the checksum of {@code frame} and writes it as page {@code pageNo}. */
    public void writePage(long pageNo, ByteBuffer frame) {
        PageHeader.stampChecksum(frame);
        long position = pageNo * pageSize;
        ByteBuffer src = frame.duplicate().clear();
        try {
            channel.write(src, position);
        } catch (IOException e) {
            throw mapWriteFailure(e);
        }
        boolean sequential;
        synchronized (writeOrder) {
            sequential = position == lastWriteEnd;
            lastWriteEnd = position + pageSize;
        }
        counters.recordWrite(1, pageSize, sequential);
    }

    /** Forces the file's written pages to stable storage. */
    public void force() {
        try {
            channel.force();
        } catch (IOException e) {
            throw mapWriteFailure(e);
        }
        counters.recordFsync();
    }

    /**
     * Gives back to the file system what it can of pages {@code [fromPage, toPage)}, which will never be read again
     * (see {@link PageChannel#release}); returns the pages given back. The caller has discarded them from the pool.
     */
    public long release(long fromPage, long toPage) {
        try {
            return channel.release(fromPage * pageSize, toPage * pageSize) / pageSize;
        } catch (IOException e) {
            throw mapWriteFailure(e);
        }
    }

    /** Pages per run that {@link #release} gives back; 0 if the file gives nothing back. */
    public long releaseUnitPages() {
        return channel.releaseUnitBytes() / pageSize;
    }

    /** Whether any page was given back by {@link #release}. */
    public boolean releasedAny() {
        return channel.releasedAny();
    }

    /** Whether page {@code pageNo} was given back by {@link #release}: it must not be read. */
    public boolean isReleased(long pageNo) {
        return channel.isReleased(pageNo * pageSize);
    }

    private RuntimeException mapWriteFailure(IOException e) {
        return IoFailures.of(e, name);
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, name, e.getMessage());
        }
    }
}
