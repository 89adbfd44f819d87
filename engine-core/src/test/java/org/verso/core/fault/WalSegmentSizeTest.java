package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * The log segment size decides which file holds which log position, so it belongs to the database, like the page
 * size: a database created with one size and opened with another (the default, say) must still find its whole log.
 */
class WalSegmentSizeTest {
    private static final long SMALL_SEGMENT = 64 * 1024;

    @Test
    void aCrashedDatabaseIsRecoveredWhateverSegmentSizeTheNextOpenAsksFor(@TempDir Path dir, @TempDir Path copy)
        throws IOException {
        try (Database db = Database.open(DatabaseConfig.directory(dir).withWalSegmentBytes(SMALL_SEGMENT)
            .withCheckpointBytes(1L << 40))) {
            db.createTable(table());
            insert(db, 0, 100);
            db.checkpoint();
            insert(db, 100, 2000); // a few hundred KB of log after the checkpoint: several small segments
            CrashCopies.copyDatabase(dir, copy); // what a crash leaves: the acknowledged commits are only in the log
        }
        try (Stream<Path> segments = Files.list(copy.resolve("wal"))) {
            assertEquals(true, segments.count() > 2, "the log after the checkpoint spans several segments");
        }
        try (Database db = Database.open(DatabaseConfig.directory(copy))) {
            assertEquals(2000, CrashCopies.count(db, "T"), "every acknowledged commit is recovered with the default segment size");
            insert(db, 2000, 2100);
        }
        try (Database db = Database.open(DatabaseConfig.directory(copy).withWalSegmentBytes(1 << 20))) {
            assertEquals(2100, CrashCopies.count(db, "T"), "and commits made after that open survive the next one");
        }
    }

    @Test
    void aCleanlyClosedDatabaseKeepsItsSegmentSize(@TempDir Path dir) {
        try (Database db = Database.open(DatabaseConfig.directory(dir).withWalSegmentBytes(SMALL_SEGMENT))) {
            db.createTable(table());
            insert(db, 0, 500);
        }
        for (long segment : new long[] {1 << 20, SMALL_SEGMENT * 2, SMALL_SEGMENT}) {
            try (Database db = Database.open(DatabaseConfig.directory(dir).withWalSegmentBytes(segment))) {
                int before = CrashCopies.count(db, "T");
                insert(db, before, before + 500);
            }
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            assertEquals(2000, CrashCopies.count(db, "T"));
        }
    }

    private static TableDefinition table() {
        return new TableDefinition(0, "T", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("NOTE", DataType.varchar(100), false)), new int[] {0}, TableLayout.SIAS);
    }

    private static void insert(Database db, int from, int to) {
        for (int i = from; i < to; i++) {
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            db.table("T").insert(tx, new Object[] {i, "row " + i + " ".repeat(60)});
            tx.commit();
        }
    }
}
