package org.verso.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.verso.storage.io.FilePageChannel;

/**
 * An interrupt (from {@code Future.cancel(true)}, {@code shutdownNow()} or a request timeout) closes a plain
 * {@code FileChannel} for every thread that uses it. {@link FilePageChannel} must keep working for everyone, let
 * the interrupted thread's own operation succeed, and leave that thread's interrupt status set.
 */
class FilePageChannelInterruptTest {
    private static final int PAGE = 4096;

    private static ByteBuffer page(int fill) {
        ByteBuffer b = ByteBuffer.allocateDirect(PAGE + 4096).alignedSlice(4096).limit(PAGE);
        for (int i = 0; i < PAGE; i += 4) {
            b.putInt(i, fill);
        }
        return b;
    }

    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void anInterruptedThreadsIoSucceedsAndKeepsItsInterruptStatus(boolean direct, @TempDir Path dir)
        throws Exception {
        try (FilePageChannel ch = new FilePageChannel(dir.resolve("f"), direct)) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicBoolean stillInterrupted = new AtomicBoolean();
            Thread t = new Thread(() -> {
                Thread.currentThread().interrupt();
                try {
                    ch.write(page(7), 0);
                    ch.force();
                    ByteBuffer back = page(0);
                    ch.read(back, 0);
                    assertEquals(7, back.getInt(100));
                    assertEquals(PAGE, ch.size());
                } catch (Throwable e) {
                    failure.set(e);
                }
                stillInterrupted.set(Thread.currentThread().isInterrupted());
            });
            t.start();
            t.join();
            assertEquals(null, failure.get(), "the interrupted thread's I/O succeeds");
            assertTrue(stillInterrupted.get(), "the thread's interrupt status is kept");
            ch.write(page(9), PAGE);
            ByteBuffer back = page(0);
            assertEquals(PAGE, ch.read(back, 0));
            assertEquals(7, back.getInt(0), "other threads go on using the file");
        }
    }

    /**
     * Six threads write and read back their own pages while another thread interrupts them at random; every
     * operation must succeed and every read must return what its thread last wrote.
     */
    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void concurrentIoSurvivesRandomInterrupts(boolean direct, @TempDir Path dir) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("FilePageChannelInterruptTest seed=" + seed);
        int threads = 6;
        int pagesPerThread = 8;
        AtomicInteger interruptsSeen = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean done = new AtomicBoolean();
        try (FilePageChannel ch = new FilePageChannel(dir.resolve("f"), direct)) {
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int owner = t;
                Random random = new Random(seed + t);
                workers.add(new Thread(() -> {
                    int[] model = new int[pagesPerThread];
                    try {
                        for (int i = 0; i < 1500; i++) {
                            int p = random.nextInt(pagesPerThread);
                            long position = (long) (owner * pagesPerThread + p) * PAGE;
                            if (random.nextBoolean()) {
                                model[p] = i + 1;
                                ch.write(page(model[p]), position);
                                if (random.nextInt(20) == 0) {
                                    ch.force();
                                }
                            } else {
                                ByteBuffer back = page(-1);
                                int n = ch.read(back, position);
                                int expected = model[p];
                                if (expected != 0 && (n != PAGE || back.getInt(PAGE - 4) != expected)) {
                                    throw new AssertionError("page " + p + " of thread " + owner + ": read "
                                        + back.getInt(PAGE - 4) + ", wrote " + expected);
                                }
                            }
                            if (Thread.interrupted()) {
                                interruptsSeen.incrementAndGet();
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "io-" + t));
            }
            Random chaos = new Random(seed);
            Thread interrupter = new Thread(() -> {
                while (!done.get()) {
                    workers.get(chaos.nextInt(threads)).interrupt();
                    Thread.onSpinWait();
                    for (int spin = chaos.nextInt(20_000); spin > 0; spin--) {
                        Thread.onSpinWait();
                    }
                }
            });
            workers.forEach(Thread::start);
            interrupter.start();
            for (Thread w : workers) {
                w.join(120_000);
            }
            done.set(true);
            interrupter.join();
            if (failure.get() != null) {
                throw new AssertionError("I/O failed under interrupts", failure.get());
            }
            assertTrue(interruptsSeen.get() > 0, "interrupts reached the workers");
            System.out.println("interrupts seen by workers: " + interruptsSeen.get());
            ByteBuffer back = page(0);
            assertEquals(PAGE, ch.read(back, 0), "the file is still open");
        }
    }

    /**
     * Interrupts that come faster than a write and its force complete: retrying on the interrupted thread itself
     * would lose every attempt. The write must land, and the thread keep its interrupt status.
     */
    @ParameterizedTest(name = "direct={0}")
    @ValueSource(booleans = {false, true})
    void aWriteSlowerThanTheInterruptsStillCompletes(boolean direct, @TempDir Path dir) throws Exception {
        int pages = 2048;
        ByteBuffer big = ByteBuffer.allocateDirect(pages * PAGE + 4096).alignedSlice(4096).limit(pages * PAGE);
        for (int i = 0; i < pages * PAGE; i += 4) {
            big.putInt(i, i / PAGE + 1);
        }
        try (FilePageChannel ch = new FilePageChannel(dir.resolve("f"), direct)) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicBoolean done = new AtomicBoolean();
            AtomicBoolean keptStatus = new AtomicBoolean();
            Thread writer = new Thread(() -> {
                try {
                    for (int round = 0; round < 4; round++) {
                        ch.write(big.duplicate(), 0);
                        ch.force();
                    }
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
            assertEquals(null, failure.get(), "every write completed");
            assertTrue(keptStatus.get(), "the interrupt status is kept");
            assertEquals((long) pages * PAGE, ch.size());
            ByteBuffer back = page(0);
            ch.read(back, (long) (pages - 1) * PAGE);
            assertEquals(pages, back.getInt(100));
        }
    }

    @Test
    void aClosedChannelStaysClosed(@TempDir Path dir) throws IOException {
        FilePageChannel ch = new FilePageChannel(dir.resolve("f"));
        ch.close();
        org.junit.jupiter.api.Assertions.assertThrows(java.nio.channels.ClosedChannelException.class,
            () -> ch.write(page(1), 0), "close is final: only an interrupt's close is undone");
    }
}
