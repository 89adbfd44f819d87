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
    /** Reads until {@code dst} is full or end of data; returns the bytes read (may be short at the end). */
    int read(ByteBuffer dst, long position) throws IOException;

    /** Writes all of {@code src} at {@code position}. */
    void write(ByteBuffer src, long position) throws IOException;

    /** Forces written data to stable storage (fdatasync). */
    void force() throws IOException;

    long size() throws IOException;

    void truncate(long size) throws IOException;

    @Override
    void close() throws IOException;
}
