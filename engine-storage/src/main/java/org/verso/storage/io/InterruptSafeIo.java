package org.verso.storage.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs file operations so that a thread interrupt cannot fail them. A {@link java.nio.channels.FileChannel} closes
 * itself when the thread using it is interrupted, before or during the call, and an embedded database runs on its
 * callers' threads, which executors and request timeouts interrupt.
 *
 * <p>An operation first runs on the caller's thread with its interrupt status set aside. If an interrupt arrives
 * during it anyway, running it again on the same thread could be interrupted again, as often as the interrupts keep
 * coming; so the repeat runs on a shield thread of this class, which nothing interrupts, while the caller waits
 * without giving up on an interrupt. The interrupt status is restored for the caller afterwards. Operations must be
 * idempotent: a short file operation on a channel it opens itself (writing a whole small file, forcing a directory),
 * or a positional read, write or force on a shared channel ({@link FilePageChannel}).
 */
public final class InterruptSafeIo {
    /** Shield threads are started on demand and end when idle; interrupts of a caller are rare. */
    private static final ThreadPoolExecutor SHIELD = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 10,
        TimeUnit.SECONDS, new SynchronousQueue<>(), runnable -> {
            Thread thread = new Thread(runnable, "verso-io-shield");
            thread.setDaemon(true);
            return thread;
        });

    /** A file operation that opens, uses and closes its own channel, and may safely be run again. */
    @FunctionalInterface
    public interface Operation {
        void run() throws IOException;
    }

    /** A file operation with a result, which may safely be run again. */
    @FunctionalInterface
    public interface Call<T> {
        T call() throws IOException;
    }

    private InterruptSafeIo() {
    }

    /** Runs {@code operation}, again on a shield thread if an interrupt closed its channel; the status is kept. */
    public static void run(Operation operation) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            try {
                operation.run();
            } catch (ClosedByInterruptException e) {
                interrupted |= Thread.interrupted();
                interrupted |= shielded(() -> {
                    operation.run();
                    return null;
                }).interrupted;
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The result of a shielded call and whether the caller was interrupted while it waited. */
    record Shielded<T>(T value, boolean interrupted) {
    }

    /**
     * Runs {@code call} on a shield thread and waits for it however often the caller is interrupted; the caller's
     * interrupt status is cleared, and whether it was interrupted is returned with the result.
     */
    static <T> Shielded<T> shielded(Call<T> call) throws IOException {
        Future<T> future = SHIELD.submit(() -> {
            try {
                return call.call();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        boolean interrupted = Thread.interrupted();
        while (true) {
            try {
                return new Shielded<>(future.get(), interrupted);
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (ExecutionException e) {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                Throwable cause = e.getCause();
                if (cause instanceof UncheckedIOException io) {
                    throw io.getCause();
                }
                if (cause instanceof RuntimeException runtime) {
                    throw runtime;
                }
                if (cause instanceof Error error) {
                    throw error;
                }
                throw new IOException(cause);
            }
        }
    }
}
