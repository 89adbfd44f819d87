package org.verso.storage.io;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
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
 *
 * <p>Interrupts: a {@code FileChannel} closes itself, for every thread that shares it, when a thread blocked in it
 * is interrupted. An embedded database runs on its callers' threads, which executors and request timeouts
 * interrupt, so every operation here goes through {@link #io}: the caller's interrupt status is set aside for the
 * call (so an interrupt that came before cannot close the file) and restored afterwards, and if an interrupt during
 * the call, or another thread's, closes the channel anyway, the file is reopened and the operation runs again, on a
 * thread no caller interrupts ({@link InterruptSafeIo}), so that interrupts arriving faster than the operation
 * completes cannot starve it. Every operation is positional and so can be repeated. The interrupted thread's own operation succeeds, and it
 * still finds its interrupt status set when the call returns.
 */
public final class FilePageChannel implements PageChannel {
    private static final int BLOCK = 4096;
    /** Reopening more often than this within one call means something other than interrupts closes the file. */
    private static final int MAX_REOPENS = 100;

    private final Path path;
    private final boolean direct;
    private volatile FileChannel channel;
    private volatile boolean closed;

    /** One positional operation on the current channel; it must be safe to run again from the start. */
    @FunctionalInterface
    private interface Operation<T> {
        T run(FileChannel channel) throws IOException;
    }

    public FilePageChannel(Path path) throws IOException {
        this(path, false);
    }

    public FilePageChannel(Path path, boolean tryDirect) throws IOException {
        this.path = path;
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

    /**
     * Runs {@code op} so that interrupts cannot break the file (see the class comment). A
     * {@link ClosedChannelException} after {@link #close} is final; any other one means an interrupt closed the
     * channel, so the file is reopened and {@code op} runs again, on a thread that no caller interrupts
     * ({@link InterruptSafeIo}).
     */
    private <T> T io(Operation<T> op) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            FileChannel first = channel;
            try {
                return op.run(first);
            } catch (ClosedChannelException e) {
                interrupted |= Thread.interrupted();
                if (closed) {
                    throw e;
                }
                reopen(first);
            }
            InterruptSafeIo.Shielded<T> result = InterruptSafeIo.shielded(() -> retry(op));
            interrupted |= result.interrupted();
            return result.value();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Runs {@code op} on the current channel, reopening it as long as other threads' interrupts close it. */
    private <T> T retry(Operation<T> op) throws IOException {
        for (int reopens = 0; ; reopens++) {
            FileChannel current = channel;
            try {
                return op.run(current);
            } catch (ClosedChannelException e) {
                if (closed || reopens == MAX_REOPENS) {
                    throw e;
                }
                reopen(current);
            }
        }
    }

    /** Replaces {@code broken} with a fresh channel, unless another thread already did. */
    private synchronized void reopen(FileChannel broken) throws IOException {
        if (closed) {
            throw new ClosedChannelException();
        }
        if (channel == broken) {
            broken.close();
            channel = FileChannel.open(path, options(direct));
        }
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
        int start = dst.position();
        return io(ch -> {
            dst.position(start);
            int total = 0;
            while (dst.hasRemaining() && (!direct || total % BLOCK == 0)) {
                int n = ch.read(dst, position + total);
                if (n <= 0) {
                    break;
                }
                total += n;
            }
            return total;
        });
    }

    @Override
    public void write(ByteBuffer src, long position) throws IOException {
        if (direct && !aligned(src, position)) {
            bounceWrite(src, position);
            return;
        }
        int start = src.position();
        io(ch -> {
            src.position(start);
            long at = position;
            while (src.hasRemaining()) {
                at += ch.write(src, at);
            }
            return null;
        });
    }

    private static ByteBuffer alignedBuffer(long from, long to) {
        int length = (int) (to - from);
        return ByteBuffer.allocateDirect(length + BLOCK).alignedSlice(BLOCK).limit(length);
    }

    private int bounceRead(ByteBuffer dst, long position) throws IOException {
        long from = position - position % BLOCK;
        long to = ((position + dst.remaining() + BLOCK - 1) / BLOCK) * BLOCK;
        ByteBuffer bounce = alignedBuffer(from, to);
        int got = io(ch -> {
            bounce.clear().limit((int) (to - from));
            int total = 0;
            // A short read means end of file; with O_DIRECT the next read could not even start off a block boundary.
            while (bounce.hasRemaining() && total % BLOCK == 0) {
                int n = ch.read(bounce, from + total);
                if (n <= 0) {
                    break;
                }
                total += n;
            }
            return total;
        });
        int skip = (int) (position - from);
        int n = Math.max(0, Math.min(dst.remaining(), got - skip));
        dst.put(dst.position(), bounce, skip, n);
        dst.position(dst.position() + n);
        return n;
    }

    private void bounceWrite(ByteBuffer src, long position) throws IOException {
        // Taken once: a repeated attempt must not mistake the first attempt's block padding for file contents.
        long sizeBefore = size();
        long from = position - position % BLOCK;
        long to = ((position + src.remaining() + BLOCK - 1) / BLOCK) * BLOCK;
        int n = src.remaining();
        ByteBuffer bounce = alignedBuffer(from, to);
        io(ch -> {
            bounce.clear().limit((int) (to - from));
            ch.read(bounce.duplicate(), from);
            bounce.put((int) (position - from), src, src.position(), n);
            long at = from;
            while (bounce.hasRemaining()) {
                at += ch.write(bounce, at);
            }
            long end = Math.max(sizeBefore, position + n);
            if (ch.size() > end) {
                // Padding of the last block must not make the file look longer than what was written.
                ch.truncate(end);
            }
            return null;
        });
        src.position(src.position() + n);
    }

    @Override
    public void force() throws IOException {
        io(ch -> {
            ch.force(false);
            return null;
        });
    }

    @Override
    public long size() throws IOException {
        return io(FileChannel::size);
    }

    @Override
    public void truncate(long size) throws IOException {
        io(ch -> ch.truncate(size));
    }

    @Override
    public synchronized void close() throws IOException {
        closed = true;
        channel.close();
    }
}
