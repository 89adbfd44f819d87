package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.RowCursor;
import org.verso.common.VersoException;
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
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.storage.wal.Durability;

/**
 * A steady update workload levels off on disk: single-row updates, nine in ten of the hottest 1% of the rows and the
 * rest of any row, run from two threads in phases of equal length while versions are forgotten, runs merged and
 * given back and checkpoints taken in the background. After each phase rounds of reclamation catch up with what the
 * workload outran, until three in a row give nothing back (the size while running is printed too); between the second and the third phase the
 * database (the write-ahead log left out, whose size follows where the last checkpoint fell) may then grow by at
 * most 15% + 2 MB. The
 * table has a tuple-id index on the updated column, so merges move its entries too; every row's value is checked
 * at the end, and again after reopening. Behind {@code -Pcrash}.
 */
@Tag("slow")
class SteadyFootprintTest {
    private static final int ROWS = 20_000;
    private static final int PHASE = 150_000;
    private static final int THREADS = 2;

    @Test
    void anUpdateHeavyWorkloadLevelsOff(@TempDir Path dir) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("SteadyFootprintTest seed=" + seed);
        DatabaseConfig config = DatabaseConfig.directory(dir).withDurability(Durability.ASYNC)
            .withHeapSegmentBytes(32 * 8192).withCheckpointBytes(4L << 20);
        long[] model = new long[ROWS];
        long[] sizes = new long[3];
        try (Database db = Database.open(config)) {
            db.createTable(new TableDefinition(0, "STOCK", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.BIGINT), false),
                new ColumnDefinition("QTY", DataType.of(ValueType.BIGINT), false),
                new ColumnDefinition("PAD", DataType.varchar(100), false)), new int[] {0}, TableLayout.SIAS));
            db.createIndex("STOCK", IndexDefinition.of("STOCK_QTY", new int[] {1}, false, IndexKind.BTREE,
                IndexOrigin.CREATE_INDEX));
            Table t = db.table("STOCK");
            for (int i = 0; i < ROWS; i += 1000) {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                for (int id = i; id < i + 1000; id++) {
                    t.insert(tx, new Object[] {(long) id, 0L, "row " + id + " ".repeat(60)});
                }
                tx.commit();
            }
            for (int phase = 0; phase < 3; phase++) {
                runPhase(db, seed + phase, model);
                long running = total(bytesBesidesTheLog(dir));
                // The rounds of reclamation the workload outran, until they give nothing more back: what is left is
                // the steady footprint. A round moves a bounded number of versions, and a run is given back only once
                // two checkpoints were written after its last move, so how many rounds that takes depends on how far
                // the workload got ahead, which the machine's speed decides.
                java.util.Map<String, Long> files = bytesBesidesTheLog(dir);
                int idle = 0;
                for (int round = 0; round < 40 && idle < 3; round++) {
                    db.forgetVersions();
                    db.checkpoint();
                    java.util.Map<String, Long> after = bytesBesidesTheLog(dir);
                    idle = total(after) < total(files) ? 0 : idle + 1;
                    files = after;
                }
                sizes[phase] = total(files);
                System.out.printf("SteadyFootprintTest: after %,d updates %,d bytes besides the log while running,"
                    + " %,d once reclamation caught up %s; %d heap pages given back, %d versions moved%n",
                    (phase + 1) * PHASE, running, sizes[phase], files, t.heapStatistics().pagesReleased(),
                    t.heapStatistics().versionsMoved());
            }
            check(db, model);
            assertTrue(sizes[2] <= sizes[1] * 1.15 + (2 << 20), "grew from " + sizes[1] + " to " + sizes[2]
                + " bytes between the second and the third phase");
            assertTrue(t.heapStatistics().versionsMoved() > 0, "merges moved versions");
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            check(db, model);
        }
    }

    /** {@link #PHASE} single-row updates from {@link #THREADS} threads; a write conflict is tried again. */
    private static void runPhase(Database db, long seed, long[] model) throws InterruptedException {
        Thread[] threads = new Thread[THREADS];
        Throwable[] failure = new Throwable[1];
        for (int w = 0; w < THREADS; w++) {
            Random random = new Random(seed * 31 + w);
            threads[w] = new Thread(() -> {
                try {
                    Table t = db.table("STOCK");
                    for (int done = 0; done < PHASE / THREADS; ) {
                        long id = random.nextInt(10) < 9 ? random.nextInt(ROWS / 100) : random.nextInt(ROWS);
                        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                        try {
                            try (RowCursor row = t.lookup(tx, new Object[] {id})) {
                                assertTrue(row.next(), "row " + id);
                                Object[] values = row.row().clone();
                                values[1] = (Long) values[1] + 1;
                                t.update(tx, row.rowId(), values);
                            }
                            tx.commit();
                            synchronized (model) {
                                model[(int) id]++;
                            }
                            done++;
                        } catch (VersoException e) {
                            if (!"40001".equals(e.sqlState())) {
                                throw e;
                            }
                            tx.rollback();
                        }
                    }
                } catch (Throwable e) {
                    failure[0] = e;
                }
            });
            threads[w].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (failure[0] != null) {
            throw new AssertionError("seed " + seed, failure[0]);
        }
    }

    /** Every row has its model's value, through the key and through the tuple-id index on the value. */
    private static void check(Database db, long[] model) {
        Table t = db.table("STOCK");
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        for (int id = 0; id < ROWS; id += 7) {
            try (RowCursor row = t.lookup(tx, new Object[] {(long) id})) {
                assertTrue(row.next(), "row " + id);
                assertEquals(model[id], row.row()[1], "row " + id);
            }
            boolean found = false;
            try (RowCursor rows = t.lookup(tx, "STOCK_QTY", new Object[] {model[id]})) {
                while (rows.next()) {
                    found |= (Long) rows.row()[0] == id;
                }
            }
            assertTrue(found, "row " + id + " through the index on its value " + model[id]);
        }
        tx.commit();
    }

    private static long total(java.util.Map<String, Long> bytes) {
        return bytes.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Bytes of the database's files, the log's left out, by kind: heap segments, commit log and the rest by name. */
    private static java.util.Map<String, Long> bytesBesidesTheLog(Path dir) throws IOException {
        java.util.Map<String, Long> bytes = new java.util.TreeMap<>();
        List<Path> paths;
        while (true) {
            try (Stream<Path> files = Files.walk(dir)) {
                paths = files.filter(Files::isRegularFile).toList();
                break;
            } catch (java.io.UncheckedIOException e) {
                if (!(e.getCause() instanceof java.nio.file.NoSuchFileException)) {
                    throw e;
                }
                // a segment given back while the directory was walked: walk it again
            }
        }
        for (Path p : paths) {
            String name = dir.relativize(p).toString();
            if (name.startsWith("wal")) {
                continue;
            }
            String kind = name.contains(".heap.") ? "heap" : name.startsWith("commit.log") ? "commit.log" : name;
            try {
                bytes.merge(kind, Files.size(p), Long::sum);
            } catch (java.nio.file.NoSuchFileException e) {
                // a segment given back meanwhile
            }
        }
        return bytes;
    }
}
