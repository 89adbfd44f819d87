package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.RowCursor;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.storage.wal.Durability;

/**
 * Opening reads the commit log only from the last checkpoint's floor on: a database that has committed tens of
 * thousands of transactions opens reading a page or two of it, cleanly closed or after a crash, with every commit
 * there, including one whose versions were written before a checkpoint and committed after it. A table whose image
 * is damaged is replayed whole, and then the whole commit log is read.
 */
class CommitLogFloorTest {
    private static final int ROWS = 50;
    private static final int COMMITS = 20_000;
    private static final String COMMIT_LOG = "commit.log";

    private static void createTable(Database db) {
        db.createTable(new TableDefinition(0, "T", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("V", DataType.of(ValueType.BIGINT), false)), new int[] {0}, TableLayout.SIAS));
    }

    /** Sets row {@code id} to {@code v}, inserting it if it is not there, in its own transaction. */
    private static void set(Database db, int id, long v, TreeMap<Integer, Long> model) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        set(db.table("T"), tx, id, v, model);
        tx.commit();
    }

    private static void set(Table t, Transaction tx, int id, long v, TreeMap<Integer, Long> model) {
        long rowId = -1;
        try (RowCursor row = t.lookup(tx, new Object[] {id})) {
            if (row.next()) {
                rowId = row.rowId();
            }
        }
        if (rowId < 0) {
            t.insert(tx, new Object[] {id, v});
        } else {
            t.update(tx, rowId, new Object[] {id, v});
        }
        model.put(id, v);
    }

    private static TreeMap<Integer, Long> rows(Database db) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        TreeMap<Integer, Long> found = new TreeMap<>();
        try (RowCursor rows = db.table("T").scan(tx)) {
            while (rows.next()) {
                found.put((Integer) rows.row()[0], (Long) rows.row()[1]);
            }
        }
        tx.commit();
        return found;
    }

    private static long commitLogPagesRead(Database db) {
        return db.io().file(COMMIT_LOG).pagesRead();
    }

    /** A database of {@link #COMMITS} one-row transactions, checkpointed and closed; returns its commit-log pages. */
    private static long manyCommits(Path dir, TreeMap<Integer, Long> model) throws IOException {
        Random random = new Random(7);
        try (Database db = Database.open(DatabaseConfig.directory(dir).withDurability(Durability.ASYNC))) {
            createTable(db);
            for (int i = 0; i < COMMITS; i++) {
                set(db, random.nextInt(ROWS), i, model);
            }
        }
        return Files.size(dir.resolve(COMMIT_LOG)) / DatabaseConfig.DEFAULT_PAGE_SIZE;
    }

    @Test
    void aCleanlyClosedDatabaseReadsOnlyTheEndOfItsCommitLog(@TempDir Path dir) throws IOException {
        TreeMap<Integer, Long> model = new TreeMap<>();
        long pages = manyCommits(dir, model);
        assertTrue(pages >= 20, "the commit log has " + pages + " pages");
        for (int round = 0; round < 2; round++) {
            try (Database db = Database.open(DatabaseConfig.directory(dir))) {
                long read = commitLogPagesRead(db);
                assertTrue(read <= 2, "round " + round + ": opening read " + read + " of " + pages
                    + " commit-log pages");
                assertEquals(model, rows(db), "round " + round);
                set(db, round, -1 - round, model);
            }
        }
    }

    @Test
    void afterACrashEveryCommitIsThereAndTheLogIsReadFromItsFloor(@TempDir Path dir, @TempDir Path copy)
        throws Exception {
        TreeMap<Integer, Long> model = new TreeMap<>();
        long pages = manyCommits(dir, model);
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            Table t = db.table("T");
            // Written before the checkpoint, committed after it: its commit lies above the image's horizon.
            Transaction spanning = db.begin(IsolationLevel.SNAPSHOT);
            TreeMap<Integer, Long> spanned = new TreeMap<>(model);
            set(t, spanning, 1, 1_000_001L, spanned);
            set(t, spanning, ROWS + 1, 1_000_002L, spanned);
            db.checkpoint();
            spanning.commit();
            model = spanned;
            for (int i = 0; i < 300; i++) {
                set(db, i % ROWS, 2_000_000L + i, model);
            }
            db.checkpoint();
            for (int i = 0; i < 100; i++) {
                set(db, (i * 7) % ROWS, 3_000_000L + i, model);
            }
            CrashCopies.copyDatabase(dir, copy);
        }
        try (Database db = Database.open(DatabaseConfig.directory(copy))) {
            long read = commitLogPagesRead(db);
            assertTrue(read <= 3, "opening after the crash read " + read + " of " + pages + " commit-log pages");
            assertEquals(model, rows(db));
        }
        try (Database db = Database.open(DatabaseConfig.directory(copy))) {
            assertEquals(model, rows(db), "opened again");
        }
    }

    @Test
    void aTableWithADamagedImageReadsTheWholeCommitLog(@TempDir Path dir) throws Exception {
        TreeMap<Integer, Long> model = new TreeMap<>();
        long pages = manyCommits(dir, model);
        long tableId;
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            tableId = db.catalog().table("T").orElseThrow().id();
        }
        for (String slot : List.of(".vid", ".vid.1")) { // both slots of the image
            Path file = dir.resolve("tables/T" + tableId + slot);
            if (!Files.exists(file)) {
                continue;
            }
            try (RandomAccessFile image = new RandomAccessFile(file.toFile(), "rw")) {
                image.seek(40);
                int b = image.read();
                image.seek(40);
                image.write(b ^ 0x10);
            }
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            long read = commitLogPagesRead(db);
            assertTrue(read >= pages - 1, "opening read " + read + " of " + pages + " commit-log pages");
            assertEquals(model, rows(db));
        }
    }
}
