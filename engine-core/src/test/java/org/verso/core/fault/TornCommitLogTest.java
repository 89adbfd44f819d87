package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
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
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * A power cut while the last commit-log page is written leaves it torn. The commit log is not logged itself, but
 * every commit in a page written after the last checkpoint has its COMMIT record in the write-ahead log, so the
 * database must open and keep every acknowledged commit.
 */
class TornCommitLogTest {
    @Test
    void aTornCommitLogPageAfterTheCheckpointIsRebuiltFromTheLog(@TempDir Path dir, @TempDir Path copy)
        throws IOException {
        int page = 8192;
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            db.createTable(new TableDefinition(0, "T", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false)), new int[] {0}, TableLayout.SIAS));
            insert(db, 0, 100);
            db.checkpoint();
            insert(db, 100, 1600); // about 1,500 commit-log entries of 16 bytes: at least two pages sealed
            CrashCopies.copyDatabase(dir, copy); // what a crash leaves: every acknowledged commit is in the log
        }
        Path commitLog;
        try (Stream<Path> files = Files.list(copy)) { // the last segment file of the commit log
            commitLog = files.filter(p -> p.getFileName().toString().startsWith("commit.log."))
                .max(Comparator.comparing(p -> p.getFileName().toString())).orElseThrow();
        }
        long size = Files.size(commitLog);
        assertTrue(size >= 2L * page, "pages of the commit log were written after the checkpoint");
        try (FileChannel ch = FileChannel.open(commitLog, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(page / 2), size - page / 2); // the second half of the last page is lost
        }
        try (Database db = Database.open(DatabaseConfig.directory(copy))) {
            assertEquals(1600, CrashCopies.count(db, "T"), "every acknowledged commit survived the torn commit-log page");
            insert(db, 1600, 1700);
        }
        try (Database db = Database.open(DatabaseConfig.directory(copy))) {
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            try (RowCursor c = db.table("T").lookup(tx, new Object[] {1699})) {
                assertTrue(c.next(), "commits after the repair are kept too");
            }
            tx.commit();
        }
    }

    private static void insert(Database db, int from, int to) {
        for (int i = from; i < to; i++) {
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            db.table("T").insert(tx, new Object[] {i});
            tx.commit();
        }
    }
}
