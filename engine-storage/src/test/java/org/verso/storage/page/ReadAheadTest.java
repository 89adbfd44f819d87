package org.verso.storage.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;

/**
 * Pages read into the pool ahead of their reader: they arrive, they are the pages asked for, and reading ahead while
 * readers pin and evict pages of the same file in a small pool gives every reader the page it asked for.
 */
class ReadAheadTest {
    private static final int PAGE = 4096;
    private static final int TAG = PageHeader.SIZE;

    /** A file of {@code pages} pages, each tagged with its number, written and no longer in any pool. */
    private static PageFile writtenFile(int pages) throws Exception {
        PageFile file = new PageFile(1, "heap", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        BufferPool writer = new BufferPool(PAGE, 16L * PAGE);
        for (int p = 0; p < pages; p++) {
            Page page = writer.pinNew(file, p);
            page.buffer().putLong(TAG, p * 31L + 7);
            writer.unpin(page);
        }
        writer.flushAll();
        return file;
    }

    @Test
    void pagesAskedForArriveInThePoolBeforeTheirReaderPinsThem() throws Exception {
        PageFile file = writtenFile(128);
        BufferPool pool = new BufferPool(PAGE, 512L * PAGE);
        pool.setReadAhead(true);
        long[] wanted = new long[pool.readAheadPages()];
        for (int i = 0; i < wanted.length; i++) {
            wanted[i] = 10 + 2L * i;
        }
        pool.readAhead(file, wanted, () -> -1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (pool.pagesReadAhead() < wanted.length && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(wanted.length, pool.pagesReadAhead());
        for (long p : wanted) {
            Page page = pool.pinCached(file, p);
            assertNotNull(page, "page " + p + " was read ahead");
            assertEquals(p * 31L + 7, page.buffer().getLong(TAG));
            pool.unpin(page);
        }
        assertEquals(null, pool.pinCached(file, 11), "a page not asked for stays on disk");
        // Pages the reader has already reached are skipped.
        long before = pool.pagesReadAhead();
        pool.readAhead(file, new long[] {100, 101, 102, 103}, () -> 101);
        while (pool.pagesReadAhead() < before + 2 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(before + 2, pool.pagesReadAhead());
        assertEquals(null, pool.pinCached(file, 100));
        assertEquals(null, pool.pinCached(file, 101));
        pool.unpin(pool.pinCached(file, 103));
        // The thread ends after a second without requests; the next request starts another.
        Thread.sleep(1500);
        long idle = pool.pagesReadAhead();
        pool.readAhead(file, new long[] {120}, () -> -1);
        while (pool.pagesReadAhead() < idle + 1 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        pool.unpin(pool.pinCached(file, 120));
        pool.stopReadAhead();
        pool.readAhead(file, new long[] {11}, () -> -1);
        Thread.sleep(200);
        assertEquals(null, pool.pinCached(file, 11), "nothing is read ahead once stopped");
    }

    @Test
    void readersPinningAndEvictingWhileReadAheadLoadsTheSamePagesGetTheirPages() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("ReadAheadTest seed=" + seed);
        int pages = 200;
        PageFile file = writtenFile(pages);
        BufferPool pool = new BufferPool(PAGE, 160L * PAGE);
        pool.setReadAhead(true);
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService exec = Executors.newFixedThreadPool(4);
        List<Future<Long>> readers = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            Random random = new Random(seed + r);
            readers.add(exec.submit(() -> {
                long pins = 0;
                while (!stop.get()) {
                    // A run of pages in order, as a scan reads them, announced first about half the time.
                    int from = random.nextInt(pages);
                    int length = 1 + random.nextInt(12);
                    long[] run = new long[Math.min(length, pages - from)];
                    for (int i = 0; i < run.length; i++) {
                        run[i] = from + i;
                    }
                    if (random.nextBoolean()) {
                        pool.readAhead(file, run, () -> -1);
                    }
                    for (long p : run) {
                        Page page = pool.pin(file, p);
                        try {
                            assertEquals(p * 31L + 7, page.buffer().getLong(TAG), "page " + p + ", seed " + seed);
                        } finally {
                            pool.unpin(page);
                        }
                        pins++;
                    }
                }
                return pins;
            }));
        }
        Thread.sleep(1500);
        stop.set(true);
        long pins = 0;
        for (Future<Long> reader : readers) {
            pins += reader.get(30, TimeUnit.SECONDS);
        }
        exec.shutdown();
        pool.stopReadAhead();
        assertTrue(pins > 1000, pins + " pins");
        assertTrue(pool.pagesReadAhead() > 0, "pages were read ahead, seed " + seed);
        // Nothing was left pinned: every page of the file can still be pinned in a pool smaller than the file.
        for (long p = 0; p < pages; p++) {
            pool.unpin(pool.pin(file, p));
        }
        System.out.println("ReadAheadTest: " + pins + " pins, " + pool.pagesReadAhead() + " pages read ahead");
    }
}
