package org.verso.storage.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;
import org.verso.storage.io.ForwardingPageChannel;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;

/**
 * The pool under many threads: pins of shared pages, changes by their owners, eviction, the background writer,
 * flushes of everything and of one file, files discarded and created again, and racing creations of one page, all
 * at once on a pool much smaller than the working set. Every pin must hold the page it was asked for, every read the
 * last value written, and a flush must leave every change on disk.
 */
class BufferPoolConcurrencyTest {
    private static final int PAGE = 4096;
    private static final int TAG = PageHeader.SIZE;
    private static final int COUNTER = PageHeader.SIZE + 8;

    @Test
    void pinsEvictionFlushesAndDiscardsAgreeWithTheModel() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("BufferPoolConcurrencyTest seed=" + seed);
        BufferPool pool = new BufferPool(PAGE, 24L * PAGE);
        IoAccounting io = new IoAccounting();
        PageFile shared = new PageFile(1, "shared", PageKind.HEAP, PAGE, new MemoryPageChannel(), io);
        int owners = 4;
        int pagesPerOwner = 20;
        int pageCount = owners * pagesPerOwner;
        AtomicLongArray model = new AtomicLongArray(pageCount);
        for (int p = 0; p < pageCount; p++) {
            Page page = pool.pinNew(shared, p);
            page.buffer().putLong(TAG, tag(1, p));
            page.buffer().putLong(COUNTER, 0);
            pool.unpin(page);
        }
        pool.startBackgroundWriter(1);
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService exec = Executors.newFixedThreadPool(owners + 4);
        ExecutorService racer = Executors.newSingleThreadExecutor();
        List<Future<?>> work = new ArrayList<>();
        long[] discardRounds = new long[1];
        try {
            for (int t = 0; t < owners; t++) {
                int owner = t;
                Random random = new Random(seed + t);
                work.add(exec.submit(() -> {
                    for (int i = 0; i < 20_000; i++) {
                        boolean own = random.nextInt(3) > 0;
                        int p = own ? owner * pagesPerOwner + random.nextInt(pagesPerOwner) : random.nextInt(pageCount);
                        long before = model.get(p);
                        Page page = pool.pin(shared, p);
                        try {
                            assertEquals(tag(1, p), page.buffer().getLong(TAG), "the pin of page " + p);
                            long value = page.buffer().getLong(COUNTER);
                            if (own) {
                                assertEquals(before, value, "page " + p);
                                page.buffer().putLong(COUNTER, value + 1);
                                pool.markDirty(page);
                                model.set(p, value + 1);
                            } else {
                                assertTrue(value >= before, "page " + p + " went back from " + before + " to " + value);
                            }
                        } finally {
                            pool.unpin(page);
                        }
                    }
                    return null;
                }));
            }
            work.add(exec.submit(() -> {
                while (!stop.get()) {
                    pool.flushAll();
                    pool.flush(shared);
                    Thread.sleep(1);
                }
                return null;
            }));
            // A file created, filled, raced for and discarded over and over, under a new id each time. The racing
            // creation runs on an executor of its own, which outlives the shutdown of the one running this loop.
            Random random = new Random(seed - 1);
            CyclicBarrier both = new CyclicBarrier(2);
            Page[] raced = new Page[2];
            work.add(exec.submit(() -> {
                for (int round = 0; !stop.get(); round++) {
                    PageFile scratch = new PageFile(100 + round, "scratch", PageKind.HEAP, PAGE,
                        new MemoryPageChannel(), io);
                    int pages = 1 + random.nextInt(6);
                    for (int p = 0; p < pages; p++) {
                        Page page = pool.pinNew(scratch, p);
                        page.buffer().putLong(TAG, tag(100 + round, p));
                        pool.unpin(page);
                    }
                    Future<Page> other = racer.submit(() -> {
                        both.await(10, TimeUnit.SECONDS);
                        return pool.pinOrCreate(scratch, pages);
                    });
                    both.await(10, TimeUnit.SECONDS);
                    raced[0] = pool.pinOrCreate(scratch, pages);
                    raced[1] = other.get(10, TimeUnit.SECONDS);
                    assertSame(raced[0], raced[1], "two creations of one page share its frame");
                    pool.unpin(raced[0]);
                    pool.unpin(raced[1]);
                    Page kept = pool.pin(scratch, 0);
                    pool.discard(scratch);
                    assertEquals(tag(100 + round, 0), kept.buffer().getLong(TAG), "a pinned page outlives discard");
                    pool.unpin(kept);
                    for (int p = 0; p <= pages; p++) {
                        assertNull(pool.pinCached(scratch, p), "page " + p + " of a discarded file");
                    }
                    discardRounds[0] = round + 1;
                }
                return null;
            }));
            for (int t = 0; t < owners; t++) {
                work.get(t).get(120, TimeUnit.SECONDS);
            }
        } finally {
            stop.set(true);
            exec.shutdown();
        }
        for (Future<?> f : work) {
            f.get(60, TimeUnit.SECONDS);
        }
        racer.shutdown();
        pool.stopBackgroundWriter();
        pool.flushAll();
        ByteBuffer read = ByteBuffer.allocateDirect(PAGE);
        for (int p = 0; p < pageCount; p++) {
            shared.readPage(p, read);
            assertEquals(tag(1, p), read.getLong(TAG));
            assertEquals(model.get(p), read.getLong(COUNTER), "page " + p + " on disk after flushAll");
        }
        System.out.println("BufferPoolConcurrencyTest: " + pool.misses() + " misses, " + discardRounds[0]
            + " files discarded, " + shared.counters().pagesWritten() + " pages written");
        assertTrue(pool.misses() > pageCount, "the working set exceeds the pool: pages were evicted");
        assertTrue(discardRounds[0] > 0);
    }

    /**
     * Reads without a pin ({@link BufferPool#readIfCached}) while other threads' pins keep evicting and loading the
     * pages of a pool a quarter of their number: a read that returns holds its own page's bytes only, never a mix
     * with the page loaded into its frame meanwhile. Every page is filled with its own tag, so any mix shows.
     */
    @Test
    void readsWithoutAPinNeverReturnAnotherPagesBytes() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("BufferPoolConcurrencyTest unpinned reads seed=" + seed);
        BufferPool pool = new BufferPool(PAGE, 16L * PAGE);
        PageFile file = new PageFile(1, "tags", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        int pageCount = 64;
        int longs = (PAGE - PageHeader.SIZE) / 8;
        for (int p = 0; p < pageCount; p++) {
            Page page = pool.pinNew(file, p);
            for (int i = 0; i < longs; i++) {
                page.buffer().putLong(PageHeader.SIZE + 8 * i, tag(1, p));
            }
            pool.unpin(page);
        }
        pool.flushAll();
        AtomicBoolean stop = new AtomicBoolean();
        java.util.concurrent.atomic.LongAdder returned = new java.util.concurrent.atomic.LongAdder();
        java.util.concurrent.atomic.LongAdder declined = new java.util.concurrent.atomic.LongAdder();
        ExecutorService exec = Executors.newFixedThreadPool(5);
        List<Future<?>> readers = new ArrayList<>();
        List<Future<?>> pinners = new ArrayList<>();
        try {
            for (int t = 0; t < 2; t++) {
                Random random = new Random(seed + 100 + t);
                pinners.add(exec.submit(() -> {
                    while (!stop.get()) {
                        pool.unpin(pool.pin(file, random.nextInt(pageCount)));
                    }
                    return null;
                }));
            }
            for (int t = 0; t < 3; t++) {
                Random random = new Random(seed + t);
                readers.add(exec.submit(() -> {
                    long[] copy = new long[longs];
                    for (int i = 0; i < 50_000; i++) {
                        int p = random.nextInt(pageCount);
                        Boolean read = pool.readIfCached(file, p, buf -> {
                            for (int j = 0; j < longs; j++) {
                                copy[j] = buf.getLong(PageHeader.SIZE + 8 * j);
                            }
                            return Boolean.TRUE;
                        });
                        if (read == null) {
                            declined.increment();
                            continue;
                        }
                        returned.increment();
                        for (int j = 0; j < longs; j++) {
                            if (copy[j] != tag(1, p)) {
                                throw new AssertionError("page " + p + ": long " + j + " is " + copy[j]);
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : readers) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            stop.set(true);
            exec.shutdown();
        }
        for (Future<?> f : pinners) {
            f.get(60, TimeUnit.SECONDS);
        }
        System.out.println("unpinned reads: " + returned.sum() + " returned, " + declined.sum() + " declined, "
            + pool.misses() + " misses");
        assertTrue(returned.sum() > 0, "some reads found their page");
        assertTrue(pool.misses() > pageCount, "pages were evicted and loaded again meanwhile");
    }

    /**
     * A miss whose read is stuck, and an eviction whose write is stuck, hold up only the pins of their own pages:
     * hits on other pages and misses elsewhere go on.
     */
    @Test
    void aStuckReadOrWriteHoldsUpOnlyItsOwnPage() throws Exception {
        BufferPool pool = new BufferPool(PAGE, 16L * PAGE);
        CountDownLatch readEntered = new CountDownLatch(1);
        CountDownLatch writeEntered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean stall = new AtomicBoolean();
        PageFile slow = new PageFile(1, "slow", PageKind.HEAP, PAGE, new ForwardingPageChannel(new MemoryPageChannel()) {
            @Override
            public int read(ByteBuffer dst, long position) throws IOException {
                if (stall.get() && position == 3L * PAGE) {
                    readEntered.countDown();
                    await(release);
                }
                return super.read(dst, position);
            }

            @Override
            public void write(ByteBuffer src, long position) throws IOException {
                if (stall.get() && position == 4L * PAGE) {
                    writeEntered.countDown();
                    await(release);
                }
                super.write(src, position);
            }
        }, new IoAccounting());
        PageFile fast = new PageFile(2, "fast", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        for (int p = 0; p < 5; p++) {
            Page page = pool.pinNew(slow, p);
            page.buffer().putLong(TAG, tag(1, p));
            pool.unpin(page);
        }
        pool.flushAll();
        for (int p = 0; p < 40; p++) {
            Page page = pool.pinNew(fast, p);
            page.buffer().putLong(TAG, tag(2, p));
            pool.unpin(page);
        }
        pool.flushAll();
        // Page 4 of the slow file dirty again, page 3 evicted: the next sweep may have to write page 4.
        Page four = pool.pin(slow, 4);
        pool.markDirty(four);
        pool.unpin(four);
        stall.set(true);
        ExecutorService exec = Executors.newFixedThreadPool(2);
        try {
            Future<Long> stuckRead = exec.submit(() -> {
                Page page = pool.pin(slow, 3);
                long tag = page.buffer().getLong(TAG);
                pool.unpin(page);
                return tag;
            });
            assertTrue(readEntered.await(10, TimeUnit.SECONDS), "the read of page 3 began");
            Future<?> stuckWrite = exec.submit(() -> {
                // Sweeps the pool until it meets page 4 as a victim.
                for (int i = 0; i < 400 && writeEntered.getCount() > 0; i++) {
                    pool.unpin(pool.pin(fast, i % 40));
                }
                return null;
            });
            assertTrue(writeEntered.await(10, TimeUnit.SECONDS), "the eviction write of page 4 began");
            // Meanwhile, this thread pins other pages: cached ones and ones it has to read.
            for (int i = 0; i < 200; i++) {
                int p = i % 40;
                Page page = pool.pin(fast, p);
                assertEquals(tag(2, p), page.buffer().getLong(TAG));
                pool.unpin(page);
            }
            assertTrue(!stuckRead.isDone() && !stuckWrite.isDone(), "the stuck read and write are still waiting");
            release.countDown();
            assertEquals(tag(1, 3), stuckRead.get(10, TimeUnit.SECONDS));
            stuckWrite.get(10, TimeUnit.SECONDS);
        } finally {
            release.countDown();
            exec.shutdownNow();
        }
    }

    private static long tag(int file, int page) {
        return (long) file << 32 | page;
    }

    private static void await(CountDownLatch latch) throws IOException {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
    }
}
