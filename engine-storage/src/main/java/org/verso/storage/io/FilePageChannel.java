package org.verso.storage.io;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A {@link PageChannel} over a {@link FileChannel}, optionally opened with O_DIRECT so page I/O bypasses the
 * operating system's page cache. Where the file system refuses O_DIRECT, the file is opened buffered instead
 * ({@link #isDirect()} tells which). With O_DIRECT, transfers must start at 4 KiB-aligned memory and file
 * positions and move whole 4 KiB blocks; buffer-pool frames satisfy that, and any other buffer goes through an
 * aligned bounce buffer.
 */
public final class FilePageChannel implements PageChannel {
    private static final int BLOCK = 4096;

    private final FileChannel channel;
    private final boolean direct;

    public FilePageChannel(Path path) throws IOException {
        this(path, false);
    }

    public FilePageChannel(Path path, boolean tryDirect) throws IOException {
        FileChannel opened = null;
        if (tryDirect) {
            try {
                opened = FileChannel.open(path, options(true));
            } catch (IOException | UnsupportedOperationException e) {
                opened = null;
            }
        }
        this.direct = opened != null;
        this.channel = opened != null ? opened : FileChannel.open(path, options(false));
    }

    private static OpenOption[] options(boolean direct) {
        return direct
            ? new OpenOption[] {StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                ExtendedOpenOption.DIRECT}
            : new OpenOption[] {StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE};
    }

    /** Whether the file was opened with O_DIRECT. */
    public boolean isDirect() {
        return direct;
    }

    private static boolean aligned(ByteBuffer buf, long position) {
        return buf.isDirect() && position % BLOCK == 0 && buf.remaining() % BLOCK == 0
            && buf.alignmentOffset(buf.position(), BLOCK) == 0;
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        if (direct && !aligned(dst, position)) {
            return bounceRead(dst, position);
        }
        int total = 0;
        while (dst.hasRemaining() && (!direct || total % BLOCK == 0)) {
            int n = channel.read(dst, position + total);
            if (n <= 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    @Override
    public void write(ByteBuffer src, long position) throws IOException {
        if (direct && !aligned(src, position)) {
            bounceWrite(src, position);
            return;
        }
        long at = position;
        while (src.hasRemaining()) {
            at += channel.write(src, at);
        }
    }

    private static ByteBuffer alignedBuffer(long from, long to) {
        int length = (int) (to - from);
        return ByteBuffer.allocateDirect(length + BLOCK).alignedSlice(BLOCK).limit(length);
    }

    private int bounceRead(ByteBuffer dst, long position) throws IOException {
        long from = position - position % BLOCK;
        long to = ((position + dst.remaining() + BLOCK - 1) / BLOCK) * BLOCK;
        ByteBuffer bounce = alignedBuffer(from, to);
        int got = 0;
        // A short read means end of file; with O_DIRECT the next read could not even start off a block boundary.
        while (bounce.hasRemaining() && got % BLOCK == 0) {
            int n = channel.read(bounce, from + got);
            if (n <= 0) {
                break;
            }
            got += n;
        }
        int skip = (int) (position - from);
        int n = Math.max(0, Math.min(dst.remaining(), got - skip));
        dst.put(dst.position(), bounce, skip, n);
        dst.position(dst.position() + n);
        return n;
    }

    private void bounceWrite(ByteBuffer src, long position) throws IOException {
        long sizeBefore = channel.size();
        long from = position - position % BLOCK;
        long to = ((position + src.remaining() + BLOCK - 1) / BLOCK) * BLOCK;
        ByteBuffer bounce = alignedBuffer(from, to);
        channel.read(bounce.duplicate(), from);
        int n = src.remaining();
        bounce.put((int) (position - from), src, src.position(), n);
        src.position(src.position() + n);
        long at = from;
        while (bounce.hasRemaining()) {
            at += channel.write(bounce, at);
        }
        long end = Math.max(sizeBefore, position + n);
        if (channel.size() > end) {
            // Padding of the last block must not make the file look longer than what was written.
            channel.truncate(end);
        }
    }

    @Override
    public void force() throws IOException {
        channel.force(false);
    }

    @Override
    public long size() throws IOException {
        return channel.size();
    }

    @Override
    public void truncate(long size) throws IOException {
        channel.truncate(size);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
