package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine's own I/O accounting, read through SQL from the SYS views. */
class JdbcSystemViewTest {
    @Test
    void ioCountersShowSiasAppendsAndGroupedLogForces(@TempDir Path dir) throws SQLException {
        try (Connection c = connect("jdbc:verso:" + dir)) {
            exec(c, "CREATE TABLE item (id INT NOT NULL, name VARCHAR(100), qty INT NOT NULL, PRIMARY KEY (id))");
            c.setAutoCommit(false);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO item VALUES (?, ?, ?)")) {
                for (int i = 0; i < 3000; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, "item number " + i + " with a longer name to fill pages");
                    insert.setInt(3, 0);
                    insert.executeUpdate();
                }
            }
            c.commit();
            // An older snapshot, held open on a second connection, keeps the superseded versions reachable.
            Connection reader = connect("jdbc:verso:" + dir);
            reader.setAutoCommit(false);
            assertEquals(3000, queryLong(reader, "SELECT COUNT(*) FROM item"));
            try (PreparedStatement update = c.prepareStatement("UPDATE item SET qty = qty + ? WHERE id = ?")) {
                for (int i = 0; i < 3000; i += 3) {
                    update.setInt(1, 1);
                    update.setInt(2, i);
                    update.executeUpdate();
                }
            }
            c.commit();
            c.setAutoCommit(true);

            long heapPages = queryLong(c, "SELECT pages_written FROM sys.io_totals WHERE kind = 'HEAP'");
            long heapRandom = queryLong(c, "SELECT random_writes FROM sys.io_totals WHERE kind = 'HEAP'");
            long walFsyncs = queryLong(c, "SELECT fsyncs FROM sys.io_totals WHERE kind = 'WAL'");
            assertTrue(heapPages > 10, "full heap pages were written: " + heapPages);
            assertEquals(0, heapRandom, "SIAS appends: no heap page is written anywhere but at the end");
            assertTrue(walFsyncs >= 2 && walFsyncs < 100, "one log force per commit, not per row: " + walFsyncs);
            assertEquals(3000, queryLong(c, "SELECT row_ids FROM sys.table_versions WHERE table_name = 'ITEM'"));
            assertEquals(4000,
                queryLong(c, "SELECT version_nodes FROM sys.table_versions WHERE table_name = 'ITEM'"),
                "3000 inserted versions plus 1000 updated ones, all kept for the old snapshot");
            reader.commit();
            reader.close();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
            long nodes;
            do {
                nodes = queryLong(c, "SELECT version_nodes FROM sys.table_versions WHERE table_name = 'ITEM'");
            } while (nodes != 3000 && System.nanoTime() < deadline);
            assertEquals(3000, nodes, "once no snapshot needs them, the superseded versions are forgotten");
            assertTrue(queryLong(c, "SELECT COUNT(*) FROM sys.io_stats WHERE file = 'wal'") == 1);
            assertSqlState("0A000", () -> exec(c, "DELETE FROM sys.io_totals"));
        }
    }

    /**
     * A full scan of a table several times the cache, with O_DIRECT, in a database opened again (nothing cached): the
     * scan reads its pages ahead of itself, about each page once and in file order, and every row comes back once.
     */
    @Test
    void aFullScanReadsPagesAheadOfItself(@TempDir Path dir) throws SQLException {
        // Read-ahead serves files opened with O_DIRECT (where the file system refuses it, the files are buffered and
        // read ahead all the same).
        String url = "jdbc:verso:" + dir + ";cache=1MB;directIo=true";
        int rows = 60_000;
        try (Connection c = connect(url)) {
            exec(c, "CREATE TABLE item (id INT PRIMARY KEY, name VARCHAR(100))");
            c.setAutoCommit(false);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO item VALUES (?, ?)")) {
                for (int i = 0; i < rows; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, "item number " + i + " with a name long enough to fill several pages");
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            c.commit();
        }
        try (Connection c = connect(url)) {
            long heapPages = queryLong(c, "SELECT pages FROM sys.table_versions WHERE table_name = 'ITEM'");
            assertTrue(heapPages > 4 * queryLong(c, "SELECT frames FROM sys.buffer_pool"), heapPages + " pages");
            long readBefore = queryLong(c, "SELECT pages_read FROM sys.io_totals WHERE kind = 'HEAP'");
            long sequentialBefore = queryLong(c, "SELECT sequential_reads FROM sys.io_totals WHERE kind = 'HEAP'");
            assertEquals((long) rows * (rows - 1) / 2, queryLong(c, "SELECT SUM(CAST(id AS BIGINT)) FROM item"));
            long read = queryLong(c, "SELECT pages_read FROM sys.io_totals WHERE kind = 'HEAP'") - readBefore;
            long sequential = queryLong(c, "SELECT sequential_reads FROM sys.io_totals WHERE kind = 'HEAP'")
                - sequentialBefore;
            long ahead = queryLong(c, "SELECT pages_read_ahead FROM sys.buffer_pool");
            System.out.println("aFullScanReadsPagesAheadOfItself: " + heapPages + " heap pages, " + read + " read ("
                + sequential + " sequentially), " + ahead + " read ahead");
            assertTrue(ahead > heapPages / 2, ahead + " of the " + heapPages + " heap pages were read ahead");
            // About each page once, nearly all in file order. A page read ahead can still be evicted before the scan
            // reaches it, or read while the scan reads another, on a busy machine: a little slack for those.
            assertTrue(read <= heapPages + heapPages / 20, read + " pages read for " + heapPages);
            assertTrue(sequential >= read * 8 / 10, sequential + " of " + read + " pages read sequentially");
            assertEquals(rows, queryLong(c, "SELECT COUNT(DISTINCT id) FROM item"));
        }
    }

    /**
     * MV-IDX read through SQL: an entry left for an older snapshot whose row has since changed key costs a fetch that
     * returns nothing; an entry whose row no version is visible of costs no fetch, the directory decides.
     */
    @Test
    void indexCountersShowFetchesSavedAndOldEntriesRechecked(@TempDir Path dir) throws SQLException {
        try (Connection c = connect("jdbc:verso:" + dir)) {
            exec(c, "CREATE TABLE acct (id INT PRIMARY KEY, city VARCHAR(20))");
            exec(c, "CREATE INDEX acct_city ON acct (city)");
            for (int i = 0; i < 100; i++) {
                exec(c, "INSERT INTO acct VALUES (" + i + ", 'Oslo')");
            }
            try (Connection reader = connect("jdbc:verso:" + dir)) {
                reader.setAutoCommit(false);
                assertEquals(100, queryLong(reader, "SELECT COUNT(*) FROM acct WHERE city = 'Oslo'"));
                exec(c, "UPDATE acct SET city = 'Rome' WHERE id < 10");
                exec(c, "DELETE FROM acct WHERE id = 50");
                assertEquals(89, queryLong(c, "SELECT COUNT(*) FROM acct WHERE city = 'Oslo'"));
                assertEquals(100, queryLong(reader, "SELECT COUNT(*) FROM acct WHERE city = 'Oslo'"),
                    "the old snapshot reads through the entries kept for it");
                // Counted while the old snapshot runs: once it ends, the version collector may drop the old entries.
                assertEquals(110, queryLong(c, "SELECT entries FROM sys.index_stats WHERE index_name = 'ACCT_CITY'"),
                    "100 keys, and 10 new ones next to the old");
                reader.commit();
            }
            String stats = " FROM sys.index_stats WHERE index_name = 'ACCT_CITY'";
            assertTrue(queryLong(c, "SELECT entries_read" + stats) >= 300);
            assertTrue(queryLong(c, "SELECT fetched_not_returned" + stats) >= 10, "moved rows rechecked");
            assertTrue(queryLong(c, "SELECT fetches_saved" + stats) >= 1, "the deleted row is not fetched");
        }
        try (Connection c = connect("jdbc:verso:" + dir)) {
            assertTrue(queryLong(c, "SELECT pages_read FROM sys.index_stats WHERE index_name = 'ACCT_CITY'") > 0,
                "reopened, the index is read from its file");
            assertEquals(0, queryLong(c, "SELECT pages_written FROM sys.index_stats WHERE index_name = 'ACCT_CITY'"),
                "and not built again");
        }
    }
}
