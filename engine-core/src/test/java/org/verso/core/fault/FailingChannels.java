package org.verso.core.fault;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.io.FilePageChannel;
import org.verso.storage.io.PageChannel;

/**
 * Real files whose writes and forces fail with "No space left on device" while {@link #full} is set, and whose
 * forces alone fail with an I/O error (as fsync reports a failed write-back) while {@link #forceFails} is set; the
 * next {@link #walForceFailures} forces of a log segment fail the same way. While {@link #walWriteError} is set, the
 * next write of a log segment throws an {@link OutOfMemoryError} (and clears it), as any allocation in the write
 * path could. While {@link #walForceGate} holds a latch, forces of a log segment wait for it to open (a slow
 * disk), after counting down {@link #walForceEntered}. These log faults aim at the commit path: the writes and
 * forces of the thread that extends segment files ahead of the log ({@code verso-wal-extender}) pass them by, as
 * its zeros are not log records (a full disk and failing forces still apply to it, as to every file).
 */
final class FailingChannels implements ChannelFactory {
    final AtomicBoolean full = new AtomicBoolean();
    final AtomicBoolean forceFails = new AtomicBoolean();
    final AtomicInteger walForceFailures = new AtomicInteger();
    final AtomicBoolean walWriteError = new AtomicBoolean();
    final AtomicReference<CountDownLatch> walForceGate = new AtomicReference<>();
    final CountDownLatch walForceEntered = new CountDownLatch(1);

    @Override
    public PageChannel open(Path path) throws IOException {
        PageChannel file = new FilePageChannel(path);
        boolean walFile = path.getFileName().toString().endsWith(".wal");
        return new PageChannel() {
            @Override
            public int read(ByteBuffer dst, long position) throws IOException {
                return file.read(dst, position);
            }

            @Override
            public void write(ByteBuffer src, long position) throws IOException {
                if (full.get()) {
                    throw new IOException("No space left on device");
                }
                if (commitPath(walFile) && walWriteError.compareAndSet(true, false)) {
                    throw new OutOfMemoryError("simulated: no memory left in the log's write path");
                }
                file.write(src, position);
            }

            @Override
            public void force() throws IOException {
                if (full.get()) {
                    throw new IOException("No space left on device");
                }
                CountDownLatch gate = walForceGate.get();
                if (commitPath(walFile) && gate != null) {
                    walForceEntered.countDown();
                    try {
                        gate.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                if (forceFails.get()
                    || (commitPath(walFile) && walForceFailures.getAndUpdate(n -> Math.max(0, n - 1)) > 0)) {
                    throw new IOException("Input/output error");
                }
                file.force();
            }

            @Override
            public long size() throws IOException {
                return file.size();
            }

            @Override
            public void truncate(long size) throws IOException {
                file.truncate(size);
            }

            @Override
            public void close() throws IOException {
                file.close();
            }
        };
    }

    /** Whether an operation on a file is log I/O of the commit path (not the background extension of the log). */
    private static boolean commitPath(boolean walFile) {
        return walFile && !Thread.currentThread().getName().equals("verso-wal-extender");
    }
}
