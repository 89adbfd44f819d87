package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.RowCursor;
import org.verso.common.VersoException;
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
 * is damaged is replayed whole, and then the whole commit log is read. Checkpoints give back the segments of the
 * commit log that no open can ask about any more, so it stops growing; a table replayed whole after that is
 * reported damaged rather than guessed.
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
        return commitLogBytes(dir) / DatabaseConfig.DEFAULT_PAGE_SIZE;
    }

    /** The bytes of the commit log's segment files. */
    private static long commitLogBytes(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            long total = 0;
            for (Path p : files.filter(p -> p.getFileName().toString().startsWith(COMMIT_LOG + ".")).toList()) {
                total += Files.size(p);
            }
            return total;
        }
    }

    /**
     * {@code phases} of 10,000 one-row commits with a checkpoint after every 1,000, on commit-log segments of two
     * pages; returns the commit log's bytes after each phase. Then 300 durable commits more; with {@code crashCopy},
     * a copy of the open database as a crash would leave it is taken after them.
     */
    private static long[] churnWithCheckpoints(Path dir, int phases, TreeMap<Integer, Long> model, Path crashCopy)
        throws IOException {
        Random random = new Random(11);
        long[] bytes = new long[phases];
        try (Database db = Database.open(givingBack(dir))) {
            createTable(db);
            for (int phase = 0; phase < phases; phase++) {
                for (int i = 0; i < 10_000; i++) {
                    set(db, random.nextInt(ROWS), phase * 10_000L + i, model);
                    if (i % 1000 == 999) {
                        db.checkpoint();
                    }
                }
                bytes[phase] = commitLogBytes(dir);
            }
        }
        // Durable commits after the last checkpoint, which a crash copy holds only in the log.
        try (Database db = Database.open(givingBack(dir).withDurability(Durability.SYNC))) {
            for (int i = 0; i < 300; i++) {
                set(db, random.nextInt(ROWS), -1 - i, model);
            }
            if (crashCopy != null) {
                CrashCopies.copyDatabase(dir, crashCopy);
            }
        }
        return bytes;
    }

    private static DatabaseConfig givingBack(Path dir) {
        // Heap segments larger than the heap ever gets: no heap run is given back, so a table can be replayed whole.
        return DatabaseConfig.directory(dir).withDurability(Durability.ASYNC).withCommitLogSegmentPages(2)
            .withHeapSegmentBytes(64L << 20);
    }

    @Test
    void checkpointsGiveBackTheCommitLogThatNoOpenCanAskAbout(@TempDir Path dir, @TempDir Path copy)
        throws Exception {
        TreeMap<Integer, Long> model = new TreeMap<>();
        long[] bytes = churnWithCheckpoints(dir, 3, model, copy);
        long page = DatabaseConfig.DEFAULT_PAGE_SIZE;
        // 30,000 entries of 16 bytes fill about 60 pages; what is kept is a few checkpoints' worth.
        System.out.println("commit log after 10,000 / 20,000 / 30,000 commits: " + bytes[0] + " / " + bytes[1]
            + " / " + bytes[2] + " bytes");
        assertTrue(bytes[2] <= 12 * page, "the commit log keeps " + bytes[2] + " bytes after 30,000 commits");
        assertTrue(bytes[2] <= bytes[0] + 4 * page, "the commit log grows from " + bytes[0] + " to " + bytes[2]
            + " bytes");
        for (Path database : List.of(dir, copy)) {
            TreeMap<Integer, Long> expected = new TreeMap<>(model);
            for (int round = 0; round < 2; round++) {
                try (Database db = Database.open(givingBack(database))) {
                    assertEquals(expected, rows(db), database.getFileName() + ", open " + round);
                    set(db, round, 1_000_000L + round, expected);
                }
            }
        }
    }

    @Test
    void aTableReplayedWholeAfterTheCommitLogWasGivenBackIsReportedDamaged(@TempDir Path dir) throws Exception {
        TreeMap<Integer, Long> model = new TreeMap<>();
        churnWithCheckpoints(dir, 2, model, null);
        long tableId;
        try (Database db = Database.open(givingBack(dir))) {
            tableId = db.catalog().table("T").orElseThrow().id();
        }
        damageImage(dir, tableId);
        VersoException e = assertThrows(VersoException.class, () -> Database.open(givingBack(dir)).close());
        assertEquals("XX001", e.sqlState());
        assertTrue(e.getMessage().contains("T" + tableId + ".vid") && e.getMessage().contains("commit log gave back"),
            e.getMessage());
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
        damageImage(dir, tableId);
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            long read = commitLogPagesRead(db);
            assertTrue(read >= pages - 1, "opening read " + read + " of " + pages + " commit-log pages");
            assertEquals(model, rows(db));
        }
    }

    /** Flips a header byte of both slots of the table's image. */
    private static void damageImage(Path dir, long tableId) throws IOException {
        for (String slot : List.of(".vid", ".vid.1")) {
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
    }
}
