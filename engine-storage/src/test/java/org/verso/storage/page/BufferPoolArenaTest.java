package org.verso.storage.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;

/**
 * A pool larger than one direct buffer can hold (2 GiB) is carved out of several; here, with arenas of 8 pages, every
 * frame must still be its own 4 KiB-aligned page, and pages written through frames of different arenas read back
 * whole after they are evicted. Frames are cut as the pool fills, also while many threads fill it at once.
 */
class BufferPoolArenaTest {
    private static final int PAGE = 4096;

    @Test
    void framesOfSeveralArenasAreDistinctAlignedPages() throws Exception {
        BufferPool pool = new BufferPool(PAGE, 61L * PAGE, 8 * PAGE);
        assertEquals(61, pool.frameCount());
        PageFile file = new PageFile(1, "f", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        Page[] pinned = new Page[61];
        for (int p = 0; p < pinned.length; p++) {
            pinned[p] = pool.pinNew(file, p);
            ByteBuffer buf = pinned[p].buffer();
            assertEquals(0, buf.alignmentOffset(0, PAGE), "frame of page " + p + " is aligned");
            for (int at = PageHeader.SIZE; at < PAGE; at += 8) {
                buf.putLong(at, p * 1_000_003L + at);
            }
            pool.markDirty(pinned[p]);
        }
        for (int p = 0; p < pinned.length; p++) {
            assertEquals(p * 1_000_003L + PAGE - 8, pinned[p].buffer().getLong(PAGE - 8), "page " + p);
            pool.unpin(pinned[p]);
        }
        // Another 61 pages evict them all; reading them back goes through frames of other arenas.
        for (int p = 61; p < 122; p++) {
            pool.unpin(pool.pinNew(file, p));
        }
        for (int p = 0; p < 61; p++) {
            Page page = pool.pin(file, p);
            for (int at = PageHeader.SIZE; at < PAGE; at += 8) {
                if (page.buffer().getLong(at) != p * 1_000_003L + at) {
                    throw new AssertionError("page " + p + " at " + at);
                }
            }
            pool.unpin(page);
        }
        assertTrue(pool.misses() >= 61);
    }

    @Test
    void framesAreCutAsThePoolFills() throws Exception {
        BufferPool pool = new BufferPool(8192, 64L << 20);
        assertEquals(8192, pool.frameCount());
        assertEquals(0, pool.framesCreated(), "an empty pool holds no frame");
        PageFile file = new PageFile(1, "f", PageKind.HEAP, 8192, new MemoryPageChannel(), new IoAccounting());
        pool.unpin(pool.pinNew(file, 0));
        assertEquals(128, pool.framesCreated(), "the first buffer is 1 MiB");
        for (int p = 1; p < 300; p++) {
            pool.unpin(pool.pinNew(file, p));
        }
        // 128 + 128 + 256: each buffer is as large as all before it.
        assertEquals(512, pool.framesCreated());
    }

    /**
     * Eight threads pin pages of their own, new and old, on a pool that starts empty, grows by arenas of four pages
     * and is smaller than their pages together: frames are cut, handed out for the first time and evicted at once.
     * No frame may serve two pinned pages, and every page must read back as its thread last wrote it.
     */
    @Test
    void threadsFillingAGrowingPoolNeverShareAFrame() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("BufferPoolArenaTest seed=" + seed);
        int threads = 8;
        int pagesPerThread = 40;
        BufferPool pool = new BufferPool(PAGE, 96L * PAGE, 4 * PAGE);
        PageFile file = new PageFile(1, "f", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        Map<Page, Long> holders = new ConcurrentHashMap<>();
        long[][] written = new long[threads][pagesPerThread];
        runTogether(threads, thread -> {
            Random random = new Random(seed + thread);
            int created = 0;
            for (int i = 0; i < 4_000; i++) {
                int index = created < pagesPerThread && (created == 0 || random.nextInt(4) == 0)
                    ? created++ : random.nextInt(created);
                long pageNo = (long) thread * pagesPerThread + index;
                boolean isNew = index == created - 1 && written[thread][index] == 0;
                Page page = isNew ? pool.pinNew(file, pageNo) : pool.pin(file, pageNo);
                assertNull(holders.putIfAbsent(page, pageNo), "a frame serves two pinned pages");
                try {
                    ByteBuffer buf = page.buffer();
                    if (!isNew) {
                        assertEquals(written[thread][index], buf.getLong(PageHeader.SIZE), "page " + pageNo);
                    }
                    long value = pageNo << 32 | i + 1;
                    buf.putLong(PageHeader.SIZE, value);
                    written[thread][index] = value;
                    pool.markDirty(page);
                } finally {
                    holders.remove(page);
                    pool.unpin(page);
                }
            }
        });
        assertEquals(96, pool.framesCreated());
        pool.flushAll();
        ByteBuffer read = ByteBuffer.allocateDirect(PAGE);
        for (int t = 0; t < threads; t++) {
            for (int index = 0; index < pagesPerThread; index++) {
                if (written[t][index] != 0) {
                    file.readPage((long) t * pagesPerThread + index, read.clear());
                    assertEquals(written[t][index], read.getLong(PageHeader.SIZE), "page " + index + " of " + t);
                }
            }
        }
        assertTrue(pool.misses() > 0, "the pages outgrew the pool: some were evicted and read again");
    }

    /**
     * Direct memory runs out after two arenas of eight pages: the pool keeps those 16 frames and serves more pages
     * than that by evicting, every page reading back as written.
     */
    @Test
    void aPoolThatDirectMemoryStopsKeepsTheFramesItHas() throws Exception {
        AtomicInteger arenas = new AtomicInteger();
        BufferPool pool = new BufferPool(PAGE, 61L * PAGE, 8 * PAGE, bytes -> {
            if (arenas.incrementAndGet() > 2) {
                throw new OutOfMemoryError("Cannot reserve " + bytes + " bytes of direct buffer memory");
            }
            return ByteBuffer.allocateDirect(bytes);
        });
        PageFile file = new PageFile(1, "f", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        for (int p = 0; p < 40; p++) {
            Page page = pool.pinNew(file, p);
            page.buffer().putLong(PageHeader.SIZE, p * 31L);
            pool.markDirty(page);
            pool.unpin(page);
        }
        assertEquals(16, pool.framesCreated());
        assertEquals(3, arenas.get(), "one failed allocation, not one per page");
        for (int p = 0; p < 40; p++) {
            Page page = pool.pin(file, p);
            assertEquals(p * 31L, page.buffer().getLong(PageHeader.SIZE), "page " + p);
            pool.unpin(page);
        }
        assertEquals(61, pool.frameCount());
    }

    /** A pool that cannot have even 16 frames is refused with 53200, at its first page. */
    @Test
    void aPoolWithoutRoomForSixteenFramesIs53200() throws Exception {
        BufferPool pool = new BufferPool(PAGE, 61L * PAGE, 8 * PAGE, bytes -> {
            throw new OutOfMemoryError("Cannot reserve " + bytes + " bytes of direct buffer memory");
        });
        PageFile file = new PageFile(1, "f", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        VersoException e = assertThrows(VersoException.class, () -> pool.pinNew(file, 0));
        assertEquals("53200", e.sqlState());
    }

    /**
     * Twenty-four threads pin a new page each at once on a pool of 16 frames whose first buffer is slow to allocate:
     * those that find every frame taken for a first use while none is cut yet wait for the frames, and every page
     * reads back as its thread wrote it.
     */
    @Test
    void threadsArrivingWhileTheFirstFramesAreCutWaitForThem() throws Exception {
        AtomicInteger arenas = new AtomicInteger();
        BufferPool pool = new BufferPool(PAGE, 16L * PAGE, PAGE, bytes -> {
            if (arenas.incrementAndGet() == 1) {
                java.util.concurrent.locks.LockSupport.parkNanos(50_000_000);
            }
            return ByteBuffer.allocateDirect(bytes);
        });
        PageFile file = new PageFile(1, "f", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        int threads = 24;
        runTogether(threads, pageNo -> {
            Page page = pool.pinNew(file, pageNo);
            page.buffer().putLong(PageHeader.SIZE, pageNo * 7L + 1);
            pool.markDirty(page);
            pool.unpin(page);
        });
        for (int p = 0; p < threads; p++) {
            Page page = pool.pin(file, p);
            assertEquals(p * 7L + 1, page.buffer().getLong(PageHeader.SIZE), "page " + p);
            pool.unpin(page);
        }
        assertEquals(16, pool.framesCreated());
    }

    /** What each of {@link #runTogether}'s threads does, given its number. */
    private interface ThreadWork {
        void run(int thread) throws Exception;
    }

    /** Runs {@code work} on {@code threads} threads that start together; rethrows the first failure. */
    private static void runTogether(int threads, ThreadWork work) throws Exception {
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService exec = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(exec.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    work.run(thread);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            exec.shutdownNow();
        }
    }
}
