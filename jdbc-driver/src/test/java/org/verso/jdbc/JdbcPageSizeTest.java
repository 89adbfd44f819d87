package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page size is fixed when a database is created: later opens use the stored size, whatever they ask for. */
class JdbcPageSizeTest {
    @Test
    void aDatabaseKeepsThePageSizeItWasCreatedWith(@TempDir Path dir) throws Exception {
        try (Connection c = JdbcTestSupport.connect("jdbc:verso:" + dir + ";pageSize=16384")) {
            JdbcTestSupport.exec(c, "CREATE TABLE t (id INT PRIMARY KEY, note VARCHAR(100))");
            for (int i = 0; i < 500; i++) {
                JdbcTestSupport.exec(c, "INSERT INTO t VALUES (" + i + ", 'row " + i + "')");
            }
            assertEquals(16384, JdbcTestSupport.queryLong(c, "SELECT page_size FROM sys.buffer_pool"));
        }
        long rows = 500;
        for (String url : new String[] {"jdbc:verso:" + dir, "jdbc:verso:" + dir + ";pageSize=4096"}) {
            try (Connection c = JdbcTestSupport.connect(url)) {
                assertEquals(rows++, JdbcTestSupport.queryLong(c, "SELECT COUNT(*) FROM t"), url);
                assertEquals(16384, JdbcTestSupport.queryLong(c, "SELECT page_size FROM sys.buffer_pool"), url);
                JdbcTestSupport.exec(c, "INSERT INTO t VALUES (" + (1000 + url.length()) + ", 'again')");
            }
        }
        try (Connection c = JdbcTestSupport.connect("jdbc:verso:" + dir)) {
            assertEquals(502, JdbcTestSupport.queryLong(c, "SELECT COUNT(*) FROM t"));
        }
    }
}
