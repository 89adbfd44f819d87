package org.verso.bench.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.verso.common.RowCursor;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexKind;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.table.IndexReadFigures;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.storage.heap.HeapStatistics;
import org.verso.storage.io.PageKind;
import org.verso.storage.wal.Durability;

/**
 * MV-IDX against the version-oblivious B+tree as version chains grow (the MV-IDX paper's second demo scenario): a
 * long-running transaction holds its snapshot while short updaters change a non-key column of every row until each
 * row has {@code chain} versions; every configuration holds 1,000,000 versions (1,000,000 / chain rows). The
 * primary key index is of the kind under test.
 *
 * <ul>
 *   <li>{@code lookupNewSnapshot}: a new transaction looks up a random key (it sees the newest version);</li>
 *   <li>{@code lookupOldSnapshot}: the long-running transaction looks up a random key (it sees the oldest).</li>
 * </ul>
 * At the end of each configuration the engine's own counters are printed: tuples fetched and fetched-but-invisible
 * per lookup, heap pages read per lookup, index pages written per non-key update, and the version directory's bytes
 * per data node and per VID. With the default cache everything is in memory; {@code -p cacheMb=8} makes fetches
 * real reads.
 *
 * <pre>
 * java -jar benchmarks/target/verso-benchmarks.jar VersionChainBenchmark -f 1 -wi 2 -w 2s -i 3 -r 3s
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@State(Scope.Benchmark)
public class VersionChainBenchmark {
    static final int VERSIONS = 1_000_000;

    @Param({"MVIDX", "BTREE"})
    public String index;

    @Param({"1", "10", "100"})
    public int chain;

    @Param({"256"})
    public int cacheMb;

    private Path dir;
    private Database db;
    private Table table;
    private Transaction longRunning;
    private int rows;
    private long updates;
    private long indexPagesWrittenByUpdates;
    private IndexReadFigures readsBefore;
    private long heapReadsBefore;
    private long lookups;
    private final SplittableRandom random = new SplittableRandom(42);

    @Setup(Level.Trial)
    public void load() throws IOException {
        rows = VERSIONS / chain;
        dir = Files.createTempDirectory("verso-chains");
        db = Database.open(DatabaseConfig.directory(dir).withCacheBytes((long) cacheMb << 20)
            .withDurability(Durability.ASYNC));
        db.createTable(new TableDefinition(0, "T", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("V", DataType.of(ValueType.BIGINT), false),
            new ColumnDefinition("S", DataType.varchar(40), true)), TableLayout.SIAS,
            List.of(IndexDefinition.of("T_PKEY", new int[] {0}, true, IndexKind.valueOf(index),
                IndexOrigin.PRIMARY_KEY))));
        table = db.table("T");
        for (int from = 0; from < rows; from += 10_000) {
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            for (int id = from; id < Math.min(rows, from + 10_000); id++) {
                table.insert(tx, new Object[] {id, 0L, "row " + id});
            }
            tx.commit();
        }
        // The long-running transaction: no version written after its snapshot can be forgotten while it runs.
        longRunning = db.begin(IsolationLevel.SNAPSHOT);
        longRunning.snapshot();
        db.checkpoint();
        long indexPages = db.io().total(PageKind.INDEX).pagesWritten();
        for (int version = 1; version < chain; version++) {
            for (int from = 0; from < rows; from += 100) {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                for (int id = from; id < Math.min(rows, from + 100); id++) {
                    try (RowCursor row = table.lookup(tx, new Object[] {id})) {
                        row.next();
                        table.update(tx, row.rowId(), new Object[] {id, (long) version, row.row()[2]});
                    }
                    updates++;
                }
                tx.commit();
            }
        }
        db.checkpoint();
        indexPagesWrittenByUpdates = db.io().total(PageKind.INDEX).pagesWritten() - indexPages;
        readsBefore = table.indexReads().get("T_PKEY");
        heapReadsBefore = db.io().total(PageKind.HEAP).pagesRead();
    }

    @Benchmark
    public Object lookupNewSnapshot() {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        try {
            return lookup(tx);
        } finally {
            tx.commit();
        }
    }

    @Benchmark
    public Object lookupOldSnapshot() {
        return lookup(longRunning);
    }

    /** Reads the cursor to its end, as an executor does: every entry of the key is read. */
    private Object lookup(Transaction tx) {
        Object found = null;
        try (RowCursor row = table.lookup(tx, new Object[] {random.nextInt(rows)})) {
            while (row.next()) {
                found = row.row()[1];
            }
        }
        lookups++;
        return found;
    }

    @TearDown(Level.Trial)
    public void report() throws IOException {
        IndexReadFigures reads = table.indexReads().get("T_PKEY");
        HeapStatistics heap = table.heapStatistics();
        double perLookup = Math.max(1, lookups);
        System.out.printf("%n[versions] index=%s chain=%d rows=%d lookups=%d: tuples fetched per lookup %.2f, "
                + "invisible fetched per lookup %.2f, heap pages read per lookup %.3f, index pages written per "
                + "non-key update %s; version directory: %.1f bytes per data node (%d nodes), %.1f bytes per VID%n",
            index, chain, rows, lookups,
            (reads.tuplesFetched() - readsBefore.tuplesFetched()) / perLookup,
            (reads.fetchedNotReturned() - readsBefore.fetchedNotReturned()) / perLookup,
            (db.io().total(PageKind.HEAP).pagesRead() - heapReadsBefore) / perLookup,
            updates == 0 ? "n/a" : String.format("%.4f", indexPagesWrittenByUpdates / (double) updates),
            heap.nodeBytes() / (double) heap.versionNodes(), heap.versionNodes(),
            heap.vidListBytes() / (double) heap.rowIds());
        longRunning.commit();
        db.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
