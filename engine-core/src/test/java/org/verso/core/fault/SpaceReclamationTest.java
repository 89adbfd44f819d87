package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
import org.verso.core.table.IndexRange;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.storage.io.IoCounters;

/**
 * The heap gives back to the file system the runs of pages (segment files) that no version any snapshot can reach
 * lies in: a table that never holds more than one live row stops growing on disk, no page is ever written twice, a
 * snapshot keeps every run it may read, and the database opens with every row after a clean close and after a crash,
 * also through index entries that name versions whose runs were given back. A run whose last live versions fill
 * little of it is merged: those versions are appended again and the run is given back too, while readers through a
 * tuple-id index see every moved row exactly once.
 */
class SpaceReclamationTest {
    private static final int PAGE = 8192;
    private static final long SEGMENT = 4L * PAGE;

    /** O_DIRECT (where the file system allows it), so that the readers' scans read ahead while runs are given back. */
    private static DatabaseConfig config(Path dir) {
        return DatabaseConfig.directory(dir).withHeapSegmentBytes(SEGMENT).withDirectIo(true);
    }

    private static void createTable(Database db) {
        db.createTable(new TableDefinition(0, "T", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.BIGINT), false),
            new ColumnDefinition("V", DataType.of(ValueType.BIGINT), false),
            new ColumnDefinition("PAD", DataType.varchar(200), true)), new int[] {0}, TableLayout.SIAS));
        db.createIndex("T", IndexDefinition.of("T_V", new int[] {1}, false, IndexKind.BTREE,
            IndexOrigin.CREATE_INDEX));
    }

    private static long rowIdOf(Table t, Transaction tx, long id) {
        try (RowCursor row = t.lookup(tx, new Object[] {id})) {
            return row.next() ? row.rowId() : -1;
        }
    }

    /** One transaction of the churn: row 0 gets {@code v}, a fresh key {@code key} is inserted and deleted. */
    private static void churn(Database db, long key, long v) {
        Table t = db.table("T");
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        t.update(tx, rowIdOf(t, tx, 0), new Object[] {0L, v, "x".repeat(150)});
        t.insert(tx, new Object[] {key, -key, "y".repeat(150)});
        t.delete(tx, rowIdOf(t, tx, key));
        tx.commit();
    }

    private static long valueOf(Table t, Transaction tx) {
        try (RowCursor row = t.lookup(tx, new Object[] {0L})) {
            assertTrue(row.next());
            return (Long) row.row()[1];
        }
    }

    private static long segmentFiles(Path dir, Database db) throws IOException {
        String prefix = "T" + db.catalog().table("T").orElseThrow().id() + ".heap.";
        try (Stream<Path> files = Files.list(dir.resolve("tables"))) {
            return files.filter(p -> p.getFileName().toString().startsWith(prefix)).count();
        }
    }

    /** The value of row 0 and the rows a new snapshot sees, checked through the key, a scan and the V index. */
    private static long onlyRow(Database db) {
        Table t = db.table("T");
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        int rows = 0;
        long v = 0;
        try (RowCursor c = t.scan(tx)) {
            while (c.next()) {
                rows++;
                v = (Long) c.row()[1];
            }
        }
        assertEquals(1, rows, "one live row");
        try (RowCursor c = t.lookup(tx, "T_V", new Object[] {v})) {
            assertTrue(c.next(), "the index finds row 0 by its value");
            assertEquals(0L, c.row()[0]);
        }
        tx.commit();
        return v;
    }

    private static void churnRounds(Database db, long from, long to) {
        for (long i = from; i < to; i++) {
            churn(db, 1_000_000 + i, i);
            if (i % 100 == 99) {
                db.forgetVersions();
                db.checkpoint();
            }
        }
    }

    @Test
    void aTableWithOneLiveRowStopsGrowingAndOpensWhole(@TempDir Path dir, @TempDir Path copy) throws Exception {
        long filesAfterWarmUp;
        try (Database db = Database.open(config(dir))) {
            createTable(db);
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            db.table("T").insert(tx, new Object[] {0L, 0L, "x"});
            tx.commit();
            churnRounds(db, 0, 1000);
            filesAfterWarmUp = segmentFiles(dir, db);
            churnRounds(db, 1000, 3000);
            Table t = db.table("T");
            long pages = t.heapStatistics().pages();
            long released = t.heapStatistics().pagesReleased();
            long files = segmentFiles(dir, db);
            assertTrue(pages > 40 * 4, "the heap appended " + pages + " pages");
            assertTrue(released > pages / 2, released + " of " + pages + " pages given back");
            assertTrue(files <= filesAfterWarmUp + 2 && files * 4 < pages / 4, files + " segment files for "
                + pages + " pages, " + filesAfterWarmUp + " after the first 1,000 transactions");
            IoCounters heap = db.io().file("tables/T" + db.catalog().table("T").orElseThrow().id() + ".heap");
            assertEquals(0, heap.randomWrites(), "no heap page is written twice or out of order");
            assertEquals(2999, onlyRow(db));
            System.out.printf("SpaceReclamationTest: %d heap pages appended, %d given back, %d segment files%n",
                pages, released, files);
            // Not forgotten before the crash: their index entries outlive it, naming versions the restart drops.
            for (long i = 3000; i < 3050; i++) {
                churn(db, 1_000_000 + i, i);
            }
            CrashCopies.copyDatabase(dir, copy);
            churnRounds(db, 3050, 3100);
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            assertEquals(3099, onlyRow(db), "reopened after a clean close");
        }
        try (Database db = Database.open(DatabaseConfig.directory(copy))) {
            assertEquals(3049, onlyRow(db), "reopened after a crash");
            // Index entries of versions from before the crash name runs that are given back as the churn goes on.
            churnRounds(db, 4000, 5000);
            assertTrue(db.table("T").heapStatistics().pagesReleased() > 0);
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            for (long v = 2990; v < 3049; v++) {
                try (RowCursor c = db.table("T").lookup(tx, "T_V", new Object[] {v})) {
                    assertTrue(!c.next(), "no row has V = " + v + " any more");
                }
            }
            tx.commit();
            assertEquals(4999, onlyRow(db));
        }
    }

    @Test
    void aSnapshotKeepsEveryRunItMayRead(@TempDir Path dir) throws Exception {
        try (Database db = Database.open(config(dir))) {
            createTable(db);
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            db.table("T").insert(tx, new Object[] {0L, -1L, "x"});
            tx.commit();
            Transaction old = db.begin(IsolationLevel.SNAPSHOT);
            assertEquals(-1L, valueOf(db.table("T"), old));
            churnRounds(db, 0, 1500);
            assertEquals(0, db.table("T").heapStatistics().pagesReleased(), "the old snapshot holds every run");
            assertEquals(-1L, valueOf(db.table("T"), old), "the old snapshot still reads its version");
            old.commit();
            for (int i = 0; i < 3; i++) {
                db.forgetVersions();
                db.checkpoint();
            }
            churnRounds(db, 1500, 1600);
            assertTrue(db.table("T").heapStatistics().pagesReleased() > 0, "given back once the snapshot ended");
            assertEquals(1599, onlyRow(db));
        }
    }

    /** Creates the table with its row 0, the one the churn updates. */
    private static Database withRowZero(Database db) {
        createTable(db);
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        db.table("T").insert(tx, new Object[] {0L, 0L, "x"});
        tx.commit();
        return db;
    }

    /**
     * Cold rows, one inserted per transaction, each followed by {@code hotPerCold} churn transactions: the runs end
     * up holding a few live cold versions among many dead ones. Cold row {@code c} has V = 10 c; the churn keeps V
     * negative.
     */
    private static void coldAmongHot(Database db, long firstCold, long coldRows, int hotPerCold) {
        Table t = db.table("T");
        long churned = 0;
        for (long c = firstCold; c < firstCold + coldRows; c++) {
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            t.insert(tx, new Object[] {c, c * 10, "c".repeat(150)});
            tx.commit();
            for (int i = 0; i < hotPerCold; i++, churned++) {
                churn(db, 2_000_000 + c * hotPerCold + i, -c * hotPerCold - i - 1);
            }
            if (c % 10 == 0) {
                db.forgetVersions();
                db.checkpoint();
            }
        }
    }

    /** Rounds of forgetting and checkpoints, with a little churn between them so that the image settles. */
    private static void settle(Database db, int rounds) {
        for (int r = 0; r < rounds; r++) {
            churn(db, 3_000_000 + r, -3_000_000 - r);
            db.forgetVersions();
            db.checkpoint();
        }
    }

    /**
     * Checks that a new snapshot sees cold rows {@code 1..n} and row 0, exactly once each, through the primary key,
     * a scan and a range scan of the tuple-id index on V.
     */
    private static void coldRowsIntact(Database db, long n) {
        Table t = db.table("T");
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        for (long c = 1; c <= n; c++) {
            try (RowCursor row = t.lookup(tx, new Object[] {c})) {
                assertTrue(row.next(), "cold row " + c + " by its key");
                assertEquals(c * 10, row.row()[1]);
            }
        }
        int scanned = 0;
        try (RowCursor rows = t.scan(tx)) {
            while (rows.next()) {
                scanned++;
            }
        }
        assertEquals(n + 1, scanned, "rows a scan sees");
        assertEquals(n, coldThroughIndex(t, tx, n).size());
        tx.commit();
    }

    /** The cold rows a range scan of the V index returns, failing on a row returned twice or with a wrong value. */
    private static Set<Long> coldThroughIndex(Table t, Transaction tx, long n) {
        Set<Long> seen = new HashSet<>();
        try (RowCursor rows = t.scan(tx, "T_V", new IndexRange(new Object[] {10L}, true, new Object[] {n * 10},
                true), false)) {
            while (rows.next()) {
                long id = (Long) rows.row()[0];
                assertEquals(id * 10, rows.row()[1], "row " + id + " through the V index");
                assertTrue(seen.add(id), "row " + id + " returned twice by one scan of the V index");
            }
        }
        return seen;
    }

    @Test
    void aMergeMovesTheLastLiveVersionsOutOfMostlyDeadRuns(@TempDir Path dir, @TempDir Path copy) throws Exception {
        long cold = 300;
        try (Database db = Database.open(config(dir))) {
            coldAmongHot(withRowZero(db), 1, cold, 20);
            settle(db, 6);
            Table t = db.table("T");
            long pages = t.heapStatistics().pages();
            long released = t.heapStatistics().pagesReleased();
            long moved = t.heapStatistics().versionsMoved();
            long files = segmentFiles(dir, db);
            System.out.printf("SpaceReclamationTest merge: %d heap pages appended, %d given back, %d versions moved,"
                + " %d segment files%n", pages, released, moved, files);
            // Every run holds cold rows: without the merge none of them could go.
            assertTrue(moved >= cold / 2, moved + " versions moved");
            assertTrue(released > pages * 3 / 4, released + " of " + pages + " pages given back");
            IoCounters heap = db.io().file("tables/T" + db.catalog().table("T").orElseThrow().id() + ".heap");
            assertEquals(0, heap.randomWrites(), "a merge appends; no heap page is written twice or out of order");
            coldRowsIntact(db, cold);
            // Moves not yet covered by the image when the copy is taken: replay brings them back.
            coldAmongHot(db, cold + 1, 40, 20);
            db.forgetVersions();
            CrashCopies.copyDatabase(dir, copy);
            coldRowsIntact(db, cold + 40);
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            coldRowsIntact(db, cold + 40);
        }
        try (Database db = Database.open(DatabaseConfig.directory(copy))) {
            coldRowsIntact(db, cold + 40);
            coldAmongHot(db, cold + 41, 60, 20);
            settle(db, 6);
            coldRowsIntact(db, cold + 100);
        }
    }

    @Test
    void readersThroughTheTupleIdIndexSeeEachMovedRowOnce(@TempDir Path dir) throws Exception {
        long seed = System.nanoTime();
        System.out.println("SpaceReclamationTest readers seed " + seed);
        long cold = 200;
        try (Database db = Database.open(config(dir))) {
            coldAmongHot(withRowZero(db), 1, cold, 20);
            AtomicBoolean stop = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicLong scans = new AtomicLong();
            List<Thread> readers = new ArrayList<>();
            for (int r = 0; r < 4; r++) {
                Random random = new Random(seed + r);
                Thread reader = new Thread(() -> {
                    try {
                        while (!stop.get()) {
                            // Some transactions begin before a move and scan after it, some the other way round.
                            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                            int times = 1 + random.nextInt(3);
                            for (int i = 0; i < times; i++) {
                                assertEquals(cold, coldThroughIndex(db.table("T"), tx, cold).size(),
                                    "cold rows through the V index");
                                scans.incrementAndGet();
                                Thread.sleep(random.nextInt(3));
                            }
                            tx.commit();
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "reader-" + r);
                readers.add(reader);
                reader.start();
            }
            for (int round = 0; round < 40 && failure.get() == null; round++) {
                for (int i = 0; i < 25; i++) {
                    churn(db, 4_000_000 + round * 25L + i, -4_000_000 - round * 25L - i);
                }
                db.forgetVersions();
                db.checkpoint();
            }
            stop.set(true);
            for (Thread reader : readers) {
                reader.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("seed " + seed, failure.get());
            }
            long moved = db.table("T").heapStatistics().versionsMoved();
            System.out.printf("SpaceReclamationTest readers: %d scans, %d versions moved%n", scans.get(), moved);
            assertTrue(moved > 0, "the merge moved versions while the readers ran");
            coldRowsIntact(db, cold);
        }
    }
}
