package org.verso.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.io.Directories;
import org.verso.storage.io.InterruptSafeIo;
import org.verso.storage.io.IoCounters;

/**
 * Directory forces open their own short-lived channel, which an interrupt closes whether it is pending when the
 * force starts or arrives while it runs (a committer interrupted while it creates a log segment, say). Neither may
 * fail the force, and the thread keeps its interrupt status.
 */
class InterruptSafeIoTest {
    @Test
    void interruptsArrivingDuringDirectoryForcesNeverFailThem(@TempDir Path dir) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger forces = new AtomicInteger();
        AtomicInteger keptStatus = new AtomicInteger();
        IoCounters counters = new IoCounters();
        Thread forcer = new Thread(() -> {
            for (int i = 0; i < 2000 && failure.get() == null; i++) {
                try {
                    Directories.force(ChannelFactory.FILES, dir, counters);
                    forces.incrementAndGet();
                } catch (Throwable e) {
                    failure.set(e);
                }
                if (Thread.interrupted()) {
                    keptStatus.incrementAndGet();
                }
            }
            done.set(true);
        });
        Thread interrupter = new Thread(() -> {
            while (!done.get()) {
                forcer.interrupt();
                LockSupport.parkNanos(20_000);
            }
        });
        forcer.start();
        interrupter.start();
        forcer.join();
        interrupter.join();
        assertEquals(null, failure.get(), "no force failed");
        assertEquals(2000, forces.get());
        assertEquals(2000, counters.directoryForces());
        assertTrue(keptStatus.get() > 0, "interrupts arrived and were kept for the thread");
    }

    /**
     * Interrupts that come faster than the operation completes: a thread that retried on itself would be interrupted
     * on every attempt (a slow disk under a request timeout that keeps firing). The operation must still complete,
     * once its effect is there, and the interrupt status must be kept.
     */
    @Test
    void anOperationSlowerThanTheInterruptsStillCompletes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("slow");
        byte[] block = new byte[1 << 20];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean done = new AtomicBoolean();
        AtomicBoolean keptStatus = new AtomicBoolean();
        AtomicInteger attempts = new AtomicInteger();
        Thread writer = new Thread(() -> {
            try {
                InterruptSafeIo.run(() -> {
                    attempts.incrementAndGet();
                    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)) {
                        for (int i = 0; i < 8; i++) {
                            ch.write(ByteBuffer.wrap(block), (long) i * block.length);
                            ch.force(true);
                        }
                    }
                });
            } catch (Throwable e) {
                failure.set(e);
            }
            keptStatus.set(Thread.interrupted());
            done.set(true);
        });
        Thread interrupter = new Thread(() -> {
            while (!done.get()) {
                writer.interrupt();
                Thread.onSpinWait();
            }
        });
        writer.start();
        interrupter.start();
        writer.join();
        interrupter.join();
        assertEquals(null, failure.get(), "the operation completed");
        assertEquals(8L << 20, Files.size(file));
        assertTrue(attempts.get() >= 2, "the first attempt was interrupted");
        assertTrue(keptStatus.get(), "the interrupt status is kept");
    }
}
