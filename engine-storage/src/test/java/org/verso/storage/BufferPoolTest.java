package org.verso.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.Page;
import org.verso.storage.page.PageFile;

/**
 * Random page operations from many threads against a reference model: each page's body holds a counter that only
 * its owning thread changes; whatever the pool evicts and re-reads, every read must return the model's value.
 */
class BufferPoolTest {
    private static final int PAGE = 4096;

    @Test
    void randomOperationsMatchTheModel() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("BufferPoolTest seed=" + seed);
        BufferPool pool = new BufferPool(PAGE, 32L * PAGE);
        PageFile file = new PageFile(1, "model", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        int threads = 6;
        int pagesPerThread = 40;
        ConcurrentHashMap<Long, Long> model = new ConcurrentHashMap<>();
        for (long p = 0; p < (long) threads * pagesPerThread; p++) {
            Page page = pool.pinNew(file, p);
            page.buffer().putLong(64, 0);
            model.put(p, 0L);
            pool.unpin(page);
        }
        ExecutorService exec = Executors.newFixedThreadPool(threads);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int owner = t;
            Random random = new Random(seed + t);
            futures.add(exec.submit(() -> {
                for (int i = 0; i < 5000; i++) {
                    long p = (long) owner * pagesPerThread + random.nextInt(pagesPerThread);
                    Page page = pool.pin(file, p);
                    try {
                        long value = page.buffer().getLong(64);
                        assertEquals(model.get(p).longValue(), value, "page " + p);
                        if (random.nextBoolean()) {
                            page.buffer().putLong(64, value + 1);
                            model.put(p, value + 1);
                            pool.markDirty(page);
                        }
                    } finally {
                        pool.unpin(page);
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get(60, TimeUnit.SECONDS);
        }
        exec.shutdown();
        assertTrue(pool.misses() > threads * pagesPerThread, "the working set exceeds the pool: pages were evicted");
        assertTrue(file.counters().pagesRead() > 0);
    }
}
