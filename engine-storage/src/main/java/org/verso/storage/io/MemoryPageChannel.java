package org.verso.storage.io;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link PageChannel} kept in direct memory, for in-memory databases. Storage grows in 1 MiB chunks so that
 * growth never copies existing data.
 */
public final class MemoryPageChannel implements PageChannel {
    private static final int CHUNK = 1 << 20;

    private final List<ByteBuffer> chunks = new ArrayList<>();
    private long size;

    @Override
    public synchronized int read(ByteBuffer dst, long position) {
        int total = 0;
        while (dst.hasRemaining() && position + total < size) {
            long at = position + total;
            ByteBuffer chunk = chunks.get((int) (at / CHUNK));
            int offset = (int) (at % CHUNK);
            int n = (int) Math.min(Math.min(dst.remaining(), CHUNK - offset), size - at);
            dst.put(dst.position(), chunk, offset, n);
            dst.position(dst.position() + n);
            total += n;
        }
        return total;
    }

    @Override
    public synchronized void write(ByteBuffer src, long position) {
        long end = position + src.remaining();
        while ((long) chunks.size() * CHUNK < end) {
            chunks.add(ByteBuffer.allocateDirect(CHUNK));
        }
        long at = position;
        while (src.hasRemaining()) {
            ByteBuffer chunk = chunks.get((int) (at / CHUNK));
            int offset = (int) (at % CHUNK);
            int n = Math.min(src.remaining(), CHUNK - offset);
            chunk.put(offset, src, src.position(), n);
            src.position(src.position() + n);
            at += n;
        }
        size = Math.max(size, end);
    }

    @Override
    public void force() {
        // Nothing to make durable.
    }

    @Override
    public synchronized long size() {
        return size;
    }

    @Override
    public synchronized void truncate(long newSize) {
        size = Math.min(size, newSize);
    }

    @Override
    public synchronized void close() {
        chunks.clear();
        size = 0;
    }
}
