package org.verso.storage.io;

import java.io.IOException;
import java.nio.ByteBuffer;

/** A page channel in memory whose writes fail with {@code message} while {@link #failWrites} is set. */
public final class FailingPageChannel implements PageChannel {
    private final MemoryPageChannel inner = new MemoryPageChannel();
    private final String message;
    private volatile boolean failing;

    /** {@code message} is the failure's, e.g. "No space left on device" for a full disk. */
    public FailingPageChannel(String message) {
        this.message = message;
    }

    public void failWrites(boolean fail) {
        this.failing = fail;
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return inner.read(dst, position);
    }

    @Override
    public void write(ByteBuffer src, long position) throws IOException {
        if (failing) {
            throw new IOException(message);
        }
        inner.write(src, position);
    }

    @Override
    public void force() throws IOException {
        inner.force();
    }

    @Override
    public long size() throws IOException {
        return inner.size();
    }

    @Override
    public void truncate(long size) throws IOException {
        inner.truncate(size);
    }

    @Override
    public void close() throws IOException {
        inner.close();
    }
}
