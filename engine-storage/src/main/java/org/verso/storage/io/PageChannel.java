package org.verso.storage.io;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Positional byte I/O beneath a page file. Implementations: {@link FilePageChannel} over a real file and
 * {@link MemoryPageChannel} for in-memory databases; fault-injecting wrappers for tests implement it too.
 *
 * <p>Thread safety: positional reads and writes may run concurrently from many threads.
 */
public interface PageChannel extends AutoCloseable {
    /**
     * Reads until {@code dst} is full or end of data; returns the bytes read (may be short at the end). A read that
     * starts at or past the end returns 0 or, as a {@link java.nio.channels.FileChannel} does, -1: callers treat both
     * as end of data.
     */
    int read(ByteBuffer dst, long position) throws IOException;

    /** Writes all of {@code src} at {@code position}. */
    void write(ByteBuffer src, long position) throws IOException;

    /** Forces written data to stable storage (fdatasync). */
    void force() throws IOException;

    long size() throws IOException;

    void truncate(long size) throws IOException;

    /**
     * Gives back to the file system what it can of bytes {@code [from, to)}, which will never be read again; returns
     * the bytes given back. A plain file gives back nothing; a {@link SegmentedPageChannel} deletes the whole
     * segments in the range.
     */
    default long release(long from, long to) throws IOException {
        return 0;
    }

    /** The bytes {@link #release} gives back at a time (aligned to multiples of it); 0 if it gives nothing back. */
    default long releaseUnitBytes() {
        return 0;
    }

    /** Whether the byte at {@code position} was given back by {@link #release}. */
    default boolean isReleased(long position) {
        return false;
    }

    /** For messages: the name of the file that holds byte {@code position}, if it is not this channel's own. */
    default String fileOf(long position) {
        return null;
    }

    /** Whether any byte of the file was given back by {@link #release}. */
    default boolean releasedAny() {
        return false;
    }

    @Override
    void close() throws IOException;
}
