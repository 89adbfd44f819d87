package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * ALTER TABLE DROP COLUMN while writers insert and update the table and checkpoints run; checkpoints stop at a
 * random moment before or after the drop while the writers go on, then a crash (a copy of the files of the open
 * database, whose commits since the last checkpoint are only in the log) and a clean reopen: rows written before the drop (their dropped value still
 * stored), during it and after it all read back with the remaining columns, every acknowledged insert is there, and
 * the index on the column after the dropped one, whose key moved down a place, finds every row by its key. A writer
 * that built its row for the columns before the drop is refused by the table (the row has one value too many); the
 * SQL layer turns that into 55000, as {@code JdbcDropColumnTest} shows.
 */
class DropColumnCrashTest {
    private static final int LOADED = 5_000;
    private static final int WRITERS = 4;

    @Test
    @Timeout(300)
    void rowsOfBothShapesSurviveACrashAndTheMovedIndexKeyFindsThem(@TempDir Path dir) throws Exception {
        for (IndexKind kind : IndexKind.values()) {
            run(dir.resolve(kind.name()), kind);
        }
    }

    private void run(Path dir, IndexKind kind) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("DropColumnCrashTest " + kind + " seed=" + seed);
        Path crashed = dir.resolveSibling(dir.getFileName() + "-crashed");
        Set<Integer> acknowledged = ConcurrentHashMap.newKeySet();
        AtomicLong refused = new AtomicLong();
        // No background checkpoint: the test decides when checkpoints run, and none may run while the crash copy is made.
        try (Database db = Database.open(DatabaseConfig.directory(dir).withCacheBytes(64 * 8192)
                .withCheckpointBytes(Long.MAX_VALUE))) {
            db.createTable(new TableDefinition(0, "T", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
                new ColumnDefinition("NOTE", DataType.varchar(40), true),
                new ColumnDefinition("V", DataType.of(ValueType.BIGINT), false)), TableLayout.SIAS,
                List.of(IndexDefinition.of("T_PKEY", new int[] {0}, true, kind, IndexOrigin.PRIMARY_KEY),
                    IndexDefinition.of("T_V", new int[] {2}, false, kind, IndexOrigin.CREATE_INDEX))));
            Table table = db.table("T");
            Transaction load = db.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < LOADED; i++) {
                table.insert(load, row(table, i, "loaded before the drop " + i));
                acknowledged.add(i);
            }
            load.commit();

            AtomicBoolean running = new AtomicBoolean(true);
            AtomicBoolean checkpointing = new AtomicBoolean(true);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int id = w;
                Random random = new Random(seed + w);
                threads.add(new Thread(() -> {
                    int next = LOADED + id;
                    try {
                        while (running.get()) {
                            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                            int inserted = -1;
                            try {
                                if (random.nextBoolean()) {
                                    inserted = next;
                                    table.insert(tx, row(table, next, "inserted " + next));
                                    next += WRITERS;
                                } else {
                                    int key = random.nextInt(LOADED / WRITERS) * WRITERS + id;
                                    try (RowCursor c = table.lookup(tx, new Object[] {key})) {
                                        assertTrue(c.next(), "row " + key);
                                        table.update(tx, c.rowId(), row(table, key, "updated " + key));
                                    }
                                }
                                tx.commit();
                                if (inserted >= 0) {
                                    acknowledged.add(inserted);
                                }
                            } catch (VersoException e) {
                                // Built for the columns before the drop: one value too many, refused as a whole.
                                assertEquals("XX000", e.sqlState(), e.getMessage());
                                assertTrue(e.getMessage().contains("row of 3 values"), e.getMessage());
                                refused.incrementAndGet();
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
            AtomicLong checkpoints = new AtomicLong();
            threads.add(new Thread(() -> {
                try {
                    while (checkpointing.get()) {
                        db.checkpoint();
                        checkpoints.incrementAndGet();
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
            threads.forEach(Thread::start);
            Thread.sleep(100);
            TableDefinition before = db.catalog().table("T").orElseThrow();
            db.dropColumn(before.withoutColumn(1), 1, Set.of(), false);
            Thread.sleep(new Random(seed).nextInt(100));
            // The last checkpoint falls before or after the drop; the rows written after it are only in the log.
            checkpointing.set(false);
            Thread.sleep(100);
            running.set(false);
            for (Thread t : threads) {
                t.join();
            }
            CrashCopies.copyDatabase(dir, crashed); // a crash now: the commits since the checkpoint are in the log
            if (failure.get() != null) {
                throw new AssertionError("seed " + seed, failure.get());
            }
            assertTrue(checkpoints.get() > 0, "checkpoints ran");
            assertAllThere(db, Set.copyOf(acknowledged), kind + " live, seed " + seed);
        }
        Set<Integer> beforeCrash = Set.copyOf(acknowledged);
        try (Database db = Database.open(DatabaseConfig.directory(crashed))) {
            assertAllThere(db, Set.of(), kind + " after the crash, seed " + seed);
            assertTrue(CrashCopies.count(db, "T") >= LOADED, "at least the loaded rows");
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            assertAllThere(db, beforeCrash, kind + " reopened, seed " + seed);
        }
        System.out.println("DropColumnCrashTest " + kind + ": " + acknowledged.size() + " acknowledged inserts, "
            + refused.get() + " writes refused for their old shape");
    }

    /** A row for the table's columns as the writer sees them now: with NOTE before the drop, without it after. */
    private static Object[] row(Table table, int id, String note) {
        long v = id * 7L;
        return table.definition().columnCount() == 3 ? new Object[] {id, note, v} : new Object[] {id, v};
    }

    /**
     * The table has the columns ID and V; V is 7 times ID in every row; the index on V finds each row by its key;
     * every acknowledged insert is there.
     */
    private static void assertAllThere(Database db, Set<Integer> acknowledged, String what) {
        Table table = db.table("T");
        assertEquals(List.of("ID", "V"), table.definition().columns().stream().map(ColumnDefinition::name).toList());
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        Map<Integer, Long> rows = new HashMap<>();
        try (RowCursor c = table.scan(tx)) {
            while (c.next()) {
                Object[] row = c.row();
                assertEquals(2, row.length, what);
                assertEquals(((Integer) row[0]) * 7L, row[1], what + ": row " + row[0]);
                rows.put((Integer) row[0], (Long) row[1]);
            }
        }
        for (Map.Entry<Integer, Long> e : rows.entrySet()) {
            try (RowCursor c = table.lookup(tx, "T_V", new Object[] {e.getValue()})) {
                assertTrue(c.next(), what + ": the index on V finds row " + e.getKey());
                assertEquals(e.getKey(), c.row()[0], what);
            }
        }
        tx.commit();
        assertTrue(rows.keySet().containsAll(acknowledged), what + ": every acknowledged insert is there");
    }
}
