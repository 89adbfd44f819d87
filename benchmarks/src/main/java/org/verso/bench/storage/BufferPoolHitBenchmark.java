package org.verso.bench.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;
import org.verso.storage.io.FilePageChannel;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.Page;
import org.verso.storage.page.PageFile;
import org.verso.storage.page.PageHeader;

/**
 * The cost of reading a page that is already in the buffer pool: {@link BufferPool#pin}, one {@code getLong} from
 * {@link Page#buffer()}, {@link BufferPool#unpin}. Every row read and every version-chain step of the engine pays
 * this, so it bounds how fast a cached workload can go. The pool holds every page (all hits, checked at the end).
 *
 * <p>{@code unpinnedRead}: the same read through {@link BufferPool#readIfCached}, which pins nothing and checks
 * afterwards that the frame still holds the page; the engine's record reads take this path.
 *
 * <p>Baseline: the same {@code getLong} straight from the page's memory, with no pool ({@code directRead}). Both
 * run with 1, 2 and 4 threads; the many-thread scores show what pins of different pages cost each other (the pool's
 * partitions and per-frame state words are meant to make that nothing). Where there are fewer cores than threads,
 * each thread also waits for a core: with 4 threads on 2 cores an operation's time per thread is at least twice the
 * single thread's, as the baseline shows, so compare pool/baseline at the same thread count, and the 2-thread
 * scores against the 1-thread ones for what contention alone costs on 2 cores.
 *
 * <p>Pages are visited in a per-thread random order (a fixed shuffle per thread), so the pool's page table is
 * probed for different keys, as a lookup of scattered rows would.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class BufferPoolHitBenchmark {
    static final int PAGE_SIZE = 8192;
    static final int PAGES = 512;
    static final int OFFSET = PageHeader.SIZE + 8;

    @Benchmark
    @Threads(1)
    public long pinRead(CachedFile cached, Cursor cursor) {
        return cached.readThroughPool(cursor.nextPage());
    }

    @Benchmark
    @Threads(2)
    public long pinRead2Threads(CachedFile cached, Cursor cursor) {
        return cached.readThroughPool(cursor.nextPage());
    }

    @Benchmark
    @Threads(4)
    public long pinRead4Threads(CachedFile cached, Cursor cursor) {
        return cached.readThroughPool(cursor.nextPage());
    }

    @Benchmark
    @Threads(1)
    public long unpinnedRead(CachedFile cached, Cursor cursor) {
        return cached.readWithoutPin(cursor.nextPage());
    }

    @Benchmark
    @Threads(2)
    public long unpinnedRead2Threads(CachedFile cached, Cursor cursor) {
        return cached.readWithoutPin(cursor.nextPage());
    }

    @Benchmark
    @Threads(4)
    public long unpinnedRead4Threads(CachedFile cached, Cursor cursor) {
        return cached.readWithoutPin(cursor.nextPage());
    }

    @Benchmark
    @Threads(1)
    public long directRead(CachedFile cached, Cursor cursor) {
        return cached.readDirect(cursor.nextPage());
    }

    @Benchmark
    @Threads(2)
    public long directRead2Threads(CachedFile cached, Cursor cursor) {
        return cached.readDirect(cursor.nextPage());
    }

    @Benchmark
    @Threads(4)
    public long directRead4Threads(CachedFile cached, Cursor cursor) {
        return cached.readDirect(cursor.nextPage());
    }

    /** A file of {@link #PAGES} pages, all resident in a pool twice that size; shared by all threads. */
    @State(Scope.Benchmark)
    public static class CachedFile {
        private final BufferPool pool = new BufferPool(PAGE_SIZE, 2L * PAGES * PAGE_SIZE);
        private final ByteBuffer[] plainPages = new ByteBuffer[PAGES];
        private Path dir;
        private PageFile file;
        private long missesAtStart;

        @Setup(Level.Trial)
        public void load() throws IOException {
            dir = Scratch.create("pool");
            file = new PageFile(1, "cached.dat", PageKind.HEAP, PAGE_SIZE,
                new FilePageChannel(dir.resolve("cached.dat")), new IoAccounting());
            for (int p = 0; p < PAGES; p++) {
                Page page = pool.pinNew(file, p);
                page.buffer().putLong(OFFSET, p);
                pool.markDirty(page);
                pool.unpin(page);
                plainPages[p] = ByteBuffer.allocateDirect(PAGE_SIZE);
                plainPages[p].putLong(OFFSET, p);
            }
            pool.flush(file);
            missesAtStart = pool.misses();
        }

        long readThroughPool(int pageNo) {
            Page page = pool.pin(file, pageNo);
            try {
                return page.buffer().getLong(OFFSET);
            } finally {
                pool.unpin(page);
            }
        }

        long readWithoutPin(int pageNo) {
            Long value = pool.readIfCached(file, pageNo, page -> page.getLong(OFFSET));
            if (value == null) {
                throw new IllegalStateException("page " + pageNo + " is not in the pool");
            }
            return value;
        }

        long readDirect(int pageNo) {
            return plainPages[pageNo].getLong(OFFSET);
        }

        @TearDown(Level.Trial)
        public void close() {
            long misses = pool.misses() - missesAtStart;
            System.out.println("[bufferPool] misses during the benchmark: " + misses + ", hit ratio "
                + pool.hitRatio());
            if (misses != 0) {
                throw new IllegalStateException("the page set did not stay in the pool: " + misses + " misses");
            }
            file.close();
            Scratch.delete(dir);
        }
    }

    /** A thread's own random visiting order of the pages. */
    @State(Scope.Thread)
    public static class Cursor {
        private final int[] order = new int[PAGES];
        private int next;

        @Setup(Level.Trial)
        public void shuffle(ThreadParams thread) {
            SplittableRandom random = new SplittableRandom(42 + thread.getThreadIndex());
            for (int i = 0; i < PAGES; i++) {
                order[i] = i;
            }
            for (int i = PAGES - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
        }

        int nextPage() {
            int p = order[next];
            next = (next + 1) & (PAGES - 1);
            return p;
        }
    }
}
