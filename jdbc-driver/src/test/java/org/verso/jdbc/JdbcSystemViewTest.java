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
}
