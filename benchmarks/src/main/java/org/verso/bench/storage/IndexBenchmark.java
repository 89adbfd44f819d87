package org.verso.bench.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.verso.storage.index.IndexCursor;
import org.verso.storage.index.KeyRange;
import org.verso.storage.index.MemoryIndex;
import org.verso.storage.index.TableIndex;
import org.verso.storage.index.btree.BTree;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.PageFile;
import org.verso.storage.wal.FullPageImages;
import org.verso.storage.wal.RedoLog;

/**
 * An index of one million 8-byte keys, as the B+tree on pages (every node cached in the buffer pool, nothing logged)
 * and as the in-memory skip list that in-memory databases use: a point lookup of a random present key, and the
 * insert and removal of a random new entry (a new version's entry, then its forgetting). The ratio of the two kinds
 * in one run is what storing indexes on pages costs when they fit in memory.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@State(Scope.Benchmark)
public class IndexBenchmark {
    static final int ENTRIES = 1_000_000;
    static final int PAGE_SIZE = 8192;

    @Param({"btree", "memory"})
    public String kind;

    private TableIndex index;
    private final SplittableRandom random = new SplittableRandom(42);

    static byte[] key(long k) {
        return ByteBuffer.allocate(8).putLong(k ^ Long.MIN_VALUE).array();
    }

    @Setup
    public void fill() throws IOException {
        if (kind.equals("btree")) {
            BufferPool pool = new BufferPool(PAGE_SIZE, 256L << 20);
            PageFile file = new PageFile(1, "index", PageKind.INDEX, PAGE_SIZE, new MemoryPageChannel(),
                new IoAccounting());
            index = BTree.create("bench", TableIndex.Reference.ROW_ID, file, pool, RedoLog.NONE,
                FullPageImages.NEVER, 1);
        } else {
            index = new MemoryIndex(TableIndex.Reference.ROW_ID);
        }
        SplittableRandom fill = new SplittableRandom(7);
        for (int i = 0; i < ENTRIES; i++) {
            long k = 2L * fill.nextInt(ENTRIES * 4);
            index.insert(key(k), k);
        }
    }

    @Benchmark
    public long pointLookup() {
        long k = 2L * random.nextInt(ENTRIES * 4);
        try (IndexCursor c = index.scan(KeyRange.prefix(key(k)), false)) {
            return c.next() ? c.ref() : -1;
        }
    }

    @Benchmark
    public boolean insertThenRemove() {
        long k = 2L * random.nextInt(ENTRIES * 4) + 1;
        index.insert(key(k), k);
        return index.remove(key(k), k);
    }

    @TearDown
    public void close() {
        index.close();
    }
}
