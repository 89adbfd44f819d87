package org.verso.storage.io;

import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;

/**
 * Runs a short, idempotent file operation on a channel it opens itself (writing a whole small file, forcing a
 * directory) so that a thread interrupt cannot fail it. A {@link java.nio.channels.FileChannel} closes itself when
 * the thread using it is interrupted, before or during the call: the operation is then run again with the interrupt
 * set aside, and the interrupt is restored for the caller afterwards. Page files and log segments, whose channels
 * stay open, get the same treatment from {@link FilePageChannel}.
 */
public final class InterruptSafeIo {
    private static final int MAX_ATTEMPTS = 100;

    /** A file operation that opens, uses and closes its own channel, and may safely be run again. */
    @FunctionalInterface
    public interface Operation {
        void run() throws IOException;
    }

    private InterruptSafeIo() {
    }

    /** Runs {@code operation}, again if an interrupt closed its channel; the interrupt status is kept. */
    public static void run(Operation operation) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            for (int attempt = 1; ; attempt++) {
                try {
                    operation.run();
                    return;
                } catch (ClosedByInterruptException e) {
                    interrupted |= Thread.interrupted();
                    if (attempt == MAX_ATTEMPTS) {
                        throw e;
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
