package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
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
import org.verso.core.table.IndexRange;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * CREATE INDEX on a table that writers keep changing and checkpoints keep writing, while the disk fills up: the index
 * is built from the sorted rows bottom up, and a build that meets the full disk fails with 53100 and leaves no index
 * behind. Once there is
 * space again, the same index is built while the writers go on; it then agrees with the table row for row, live and
 * after reopening, for every kind of index. The writers' commits meanwhile succeed, fail with 53100, or (their log
 * could not be forced) end with 08007; whatever they became, table and index agree.
 */
class IndexBuildFaultTest {
    private static final int LOADED = 20_000;

    @Test
    @Timeout(300)
    void aBuildThatMeetsAFullDiskLeavesNoIndexAndTheNextAgreesWithTheTable(@TempDir Path dir) throws Exception {
        for (IndexKind kind : IndexKind.values()) {
            run(dir.resolve(kind.name()), kind);
        }
    }

    private void run(Path dir, IndexKind kind) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("IndexBuildFaultTest " + kind + " seed=" + seed);
        FailingChannels channels = new FailingChannels();
        DatabaseConfig config = DatabaseConfig.directory(dir).withChannels(channels).withCacheBytes(64 * 8192);
        Set<Integer> acknowledged = ConcurrentHashMap.newKeySet();
        AtomicLong failures = new AtomicLong();
        try (Database db = Database.open(config)) {
            db.createTable(new TableDefinition(0, "T", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
                new ColumnDefinition("V", DataType.of(ValueType.BIGINT), false)), TableLayout.SIAS,
                List.of(IndexDefinition.of("T_PKEY", new int[] {0}, true, kind, IndexOrigin.PRIMARY_KEY))));
            Table table = db.table("T");
            Transaction load = db.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < LOADED; i++) {
                table.insert(load, new Object[] {i, (long) (i * 7919 % LOADED)});
            }
            load.commit();

            AtomicBoolean writing = new AtomicBoolean(true);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int id = w;
                long writerSeed = seed + w;
                writers.add(new Thread(() -> {
                    Random random = new Random(writerSeed);
                    int next = LOADED + id;
                    try {
                        while (writing.get()) {
                            // Inserts of new rows and updates of V (the new index's key) on this writer's share.
                            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                            int inserted = -1;
                            try {
                                if (random.nextBoolean()) {
                                    inserted = next;
                                    table.insert(tx, new Object[] {next, (long) random.nextInt(LOADED)});
                                    next += 4;
                                } else {
                                    int row = random.nextInt(LOADED / 4) * 4 + id;
                                    try (RowCursor c = table.lookup(tx, new Object[] {row})) {
                                        assertTrue(c.next(), "row " + row);
                                        table.update(tx, c.rowId(), new Object[] {row, (long) random.nextInt(LOADED)});
                                    }
                                }
                                tx.commit();
                                if (inserted >= 0) {
                                    acknowledged.add(inserted);
                                }
                            } catch (VersoException e) {
                                assertTrue(Set.of("53100", "08007").contains(e.sqlState()), e.getMessage());
                                failures.incrementAndGet();
                                if (tx.isActive()) {
                                    tx.rollback();
                                }
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }));
            }
            // Checkpoints all along, so that they write the new index's pages while it is built.
            AtomicLong checkpoints = new AtomicLong();
            Thread checkpointer = new Thread(() -> {
                try {
                    while (writing.get()) {
                        try {
                            db.checkpoint();
                            checkpoints.incrementAndGet();
                        } catch (VersoException e) {
                            assertEquals("53100", e.sqlState(), e.getMessage());
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            writers.add(checkpointer);
            writers.forEach(Thread::start);
            Thread.sleep(50);
            channels.full.set(true);
            VersoException full = assertThrows(VersoException.class, () -> db.createIndex("T", index(kind)));
            assertEquals("53100", full.sqlState(), full.getMessage());
            assertTrue(db.catalog().table("T").orElseThrow().index("T_V").isEmpty(), "no index is left");
            // The disk stays full until the writers have met it too, however the build and they were scheduled.
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (failures.get() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            channels.full.set(false);
            Thread.sleep(50);
            db.createIndex("T", index(kind));
            Thread.sleep(100);
            writing.set(false);
            for (Thread t : writers) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("seed " + seed, failure.get());
            }
            assertTrue(failures.get() > 0, "the full disk failed writers too");
            assertTrue(checkpoints.get() > 0, "checkpoints ran");
            assertAgree(db, acknowledged, kind + " live, seed " + seed);
            System.out.println("IndexBuildFaultTest " + kind + ": " + checkpoints.get() + " checkpoints");
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            assertAgree(db, acknowledged, kind + " reopened, seed " + seed);
        }
        System.out.println("IndexBuildFaultTest " + kind + ": " + acknowledged.size() + " acknowledged inserts, "
            + failures.get() + " writes failed by the full disk");
    }

    private static IndexDefinition index(IndexKind kind) {
        return IndexDefinition.of("T_V", new int[] {1}, false, kind, IndexOrigin.CREATE_INDEX);
    }

    /** The index on V holds exactly the table's rows, in V order; every acknowledged insert is among them. */
    private static void assertAgree(Database db, Set<Integer> acknowledged, String what) {
        Table table = db.table("T");
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        List<String> fromTable = new ArrayList<>();
        Set<Integer> ids = new java.util.HashSet<>();
        try (RowCursor c = table.scan(tx)) {
            while (c.next()) {
                fromTable.add(c.row()[1] + ":" + c.row()[0]);
                ids.add((Integer) c.row()[0]);
            }
        }
        List<String> fromIndex = new ArrayList<>();
        try (RowCursor c = table.scan(tx, "T_V", new IndexRange(null, true, null, true), false)) {
            while (c.next()) {
                fromIndex.add(c.row()[1] + ":" + c.row()[0]);
            }
        }
        tx.commit();
        for (int i = 1; i < fromIndex.size(); i++) {
            assertTrue(Long.parseLong(fromIndex.get(i - 1).split(":")[0]) <= Long.parseLong(fromIndex.get(i)
                .split(":")[0]), what + ": the index gives its rows in key order");
        }
        fromTable.sort(java.util.Comparator.comparingLong((String s) -> Long.parseLong(s.split(":")[0]))
            .thenComparingInt(s -> Integer.parseInt(s.split(":")[1])));
        fromIndex.sort(java.util.Comparator.comparingLong((String s) -> Long.parseLong(s.split(":")[0]))
            .thenComparingInt(s -> Integer.parseInt(s.split(":")[1])));
        assertEquals(fromTable, fromIndex, what);
        assertTrue(ids.containsAll(acknowledged), what + ": every acknowledged insert is there");
        assertTrue(ids.size() >= LOADED, what);
    }
}
