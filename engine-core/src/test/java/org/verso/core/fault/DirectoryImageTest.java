package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
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
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * Opening a table from its version directory's image: a cleanly closed database opens without reading a single heap
 * page, and after a crash only the records appended after the image's position are read, while every committed
 * change, including one whose versions were written before the checkpoint and committed after it, is there.
 */
class DirectoryImageTest {
    private static final int ROWS = 6000;

    private static void createTable(Database db) {
        db.createTable(new TableDefinition(0, "T", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("V", DataType.of(ValueType.BIGINT), false)), new int[] {0}, TableLayout.SIAS));
        db.createIndex("T", IndexDefinition.of("T_V", new int[] {1}, false, IndexKind.MVIDX,
            IndexOrigin.CREATE_INDEX));
    }

    private static String heapFile(Database db) {
        return "tables/T" + db.catalog().table("T").orElseThrow().id() + ".heap";
    }

    /** Sets row {@code id} to {@code v} (inserting, updating, or with a null {@code v} deleting it). */
    private static void put(Table t, Transaction tx, int id, Long v, TreeMap<Integer, Long> model) {
        long rowId = -1;
        try (RowCursor row = t.lookup(tx, new Object[] {id})) {
            if (row.next()) {
                rowId = row.rowId();
            }
        }
        if (v == null) {
            t.delete(tx, rowId);
        } else if (rowId < 0) {
            t.insert(tx, new Object[] {id, v});
        } else {
            t.update(tx, rowId, new Object[] {id, v});
        }
        if (model != null) {
            if (v == null) {
                model.remove(id);
            } else {
                model.put(id, v);
            }
        }
    }

    private static void assertRows(Database db, TreeMap<Integer, Long> model) {
        Table t = db.table("T");
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        TreeMap<Integer, Long> found = new TreeMap<>();
        try (RowCursor rows = t.scan(tx)) {
            while (rows.next()) {
                found.put((Integer) rows.row()[0], (Long) rows.row()[1]);
            }
        }
        if (!model.equals(found)) {
            TreeMap<Integer, String> differences = new TreeMap<>();
            model.forEach((id, v) -> {
                if (!v.equals(found.get(id))) {
                    differences.put(id, "expected " + v + ", found " + found.get(id));
                }
            });
            found.forEach((id, v) -> differences.putIfAbsent(id, model.containsKey(id) ? "" : "unexpected " + v));
            throw new AssertionError("the rows a scan finds differ: " + differences);
        }
        for (int id : new int[] {0, 1, 2, 17, 999, 3001, ROWS - 1}) {
            try (RowCursor row = t.lookup(tx, new Object[] {id})) {
                assertEquals(model.containsKey(id), row.next(), "row " + id);
            }
        }
        long v = model.firstEntry().getValue();
        long byIndex = 0;
        try (RowCursor rows = t.lookup(tx, "T_V", new Object[] {v})) {
            while (rows.next()) {
                byIndex++;
            }
        }
        assertEquals(model.values().stream().filter(x -> x == v).count(), byIndex, "rows with V = " + v);
        tx.commit();
    }

    @Test
    void aCleanlyClosedDatabaseOpensWithoutReadingItsHeap(@TempDir Path dir) {
        TreeMap<Integer, Long> model = new TreeMap<>();
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            createTable(db);
            Table t = db.table("T");
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < ROWS; i++) {
                put(t, tx, i, (long) i % 7, model);
            }
            tx.commit();
            tx = db.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < ROWS; i += 5) {
                put(t, tx, i, i % 10 == 0 ? null : 100L + i, model);
            }
            tx.commit();
        }
        for (int round = 0; round < 2; round++) {
            try (Database db = Database.open(DatabaseConfig.directory(dir))) {
                assertEquals(0, db.io().file(heapFile(db)).pagesRead(), "round " + round
                    + ": opening read no heap page");
                assertRows(db, model);
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                for (int i = round; i < ROWS; i += 11) {
                    put(db.table("T"), tx, i, i % 3 == 0 ? null : 500L + round, model);
                }
                tx.commit();
            }
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            assertEquals(0, db.io().file(heapFile(db)).pagesRead());
            assertRows(db, model);
        }
    }

    @Test
    void afterACrashOnlyTheRecordsAfterTheImageAreRead(@TempDir Path dir, @TempDir Path copy) throws Exception {
        TreeMap<Integer, Long> model = new TreeMap<>();
        long heapPages;
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            createTable(db);
            Table t = db.table("T");
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < ROWS; i++) {
                put(t, tx, i, (long) i % 7, model);
            }
            tx.commit();
            // Written before the checkpoint, committed after it: the image must not hold it, opening must replay it.
            Transaction spanning = db.begin(IsolationLevel.SNAPSHOT);
            TreeMap<Integer, Long> spanned = new TreeMap<>(model);
            put(t, spanning, 3, 33L, spanned);
            put(t, spanning, 4, null, spanned);
            put(t, spanning, ROWS + 1, 7L, spanned);
            Transaction rolledBack = db.begin(IsolationLevel.SNAPSHOT);
            put(t, rolledBack, 5, 55L, null);
            db.checkpoint();
            rolledBack.rollback();
            spanning.commit();
            model = spanned;
            // A statement rolled back inside a transaction that commits: the undone version must stay undone.
            tx = db.begin(IsolationLevel.SNAPSHOT);
            put(t, tx, 6, 66L, model);
            int mark = tx.markStatement();
            put(t, tx, 7, 77L, null);
            tx.rollbackStatement(mark);
            tx.commit();
            db.checkpoint();
            tx = db.begin(IsolationLevel.SNAPSHOT);
            for (int i = 100; i < 200; i++) {
                put(t, tx, i, i % 2 == 0 ? null : 900L, model);
            }
            tx.commit();
            heapPages = db.table("T").heapStatistics().pages();
            CrashCopies.copyDatabase(dir, copy);
        }
        try (Database db = Database.open(DatabaseConfig.directory(copy))) {
            long read = db.io().file(heapFile(db)).pagesRead();
            assertTrue(read < heapPages / 2, "opening after the crash read " + read + " of " + heapPages
                + " heap pages");
            assertRows(db, model);
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            assertRows(db, model);
        }
    }

    @Test
    void aSlotOfTheImageTornByACrashLeavesTheOtherOne(@TempDir Path dir, @TempDir Path copy0, @TempDir Path copy1)
        throws Exception {
        TreeMap<Integer, Long> model = new TreeMap<>();
        long tableId;
        try (Database db = Database.open(DatabaseConfig.directory(dir).withHeapSegmentBytes(4 * 8192))) {
            createTable(db);
            tableId = db.catalog().table("T").orElseThrow().id();
            Table t = db.table("T");
            for (int round = 0; round < 40; round++) {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                for (int id = 0; id < 300; id++) {
                    put(t, tx, id, round * 1000L + id, model);
                }
                tx.commit();
                db.forgetVersions();
                db.checkpoint();
            }
            assertTrue(t.heapStatistics().pagesReleased() > 0, "runs were given back: the heap cannot be replayed"
                + " whole");
            CrashCopies.copyDatabase(dir, copy0);
            CrashCopies.copyDatabase(dir, copy1);
        }
        // What a power cut in the middle of a page write leaves: the page's second half is not written.
        tear(copy0.resolve("tables/T" + tableId + ".vid"), 0);
        tear(copy1.resolve("tables/T" + tableId + ".vid.1"), 1);
        for (Path copy : List.of(copy0, copy1)) {
            try (Database db = Database.open(DatabaseConfig.directory(copy))) {
                assertRows(db, model);
            }
        }
    }

    private static void tear(Path file, long page) throws java.io.IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
            java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.allocate(4096), page * 8192 + 4096);
        }
    }
}
