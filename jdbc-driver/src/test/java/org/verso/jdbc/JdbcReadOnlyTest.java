package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * {@code Connection.setReadOnly(true)} is enforced: every statement that would write fails with 25006 before it
 * runs, whether sent as a Statement, a PreparedStatement or a batch, and leaves the data as it was; queries run;
 * switching it off lets writes through again.
 */
class JdbcReadOnlyTest {
    private static void assertReadOnly(Executable write) {
        SQLException e = assertThrows(SQLException.class, write::run);
        assertEquals("25006", e.getSQLState(), e.getMessage());
    }

    @FunctionalInterface
    private interface Executable {
        void run() throws SQLException;
    }

    @Test
    void aReadOnlyConnectionRefusesEveryWriteAndAnswersQueries() throws SQLException {
        try (Connection c = JdbcTestSupport.connect(JdbcTestSupport.freshMemoryUrl("ro"))) {
            JdbcTestSupport.exec(c, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            JdbcTestSupport.exec(c, "INSERT INTO t VALUES (1, 10)");
            c.setReadOnly(true);
            assertTrue(c.isReadOnly());
            try (Statement s = c.createStatement()) {
                assertReadOnly(() -> s.executeUpdate("INSERT INTO t VALUES (2, 20)"));
                assertReadOnly(() -> s.executeUpdate("UPDATE t SET v = 11"));
                assertReadOnly(() -> s.executeUpdate("DELETE FROM t"));
                assertReadOnly(() -> s.execute("CREATE TABLE u (id INT PRIMARY KEY)"));
                assertReadOnly(() -> s.execute("DROP TABLE t"));
                assertReadOnly(() -> s.executeQuery("SELECT v FROM t WHERE id = 1 FOR UPDATE"));
                try (ResultSet rs = s.executeQuery("SELECT v FROM t WHERE id = 1")) {
                    assertTrue(rs.next());
                    assertEquals(10, rs.getInt(1));
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                ps.setInt(1, 3);
                ps.setInt(2, 30);
                assertReadOnly(ps::executeUpdate);
                ps.addBatch();
                assertThrows(SQLException.class, ps::executeBatch);
            }
            c.setAutoCommit(false);
            assertReadOnly(() -> JdbcTestSupport.exec(c, "UPDATE t SET v = 12 WHERE id = 1"));
            c.rollback();
            c.setAutoCommit(true);
            c.setReadOnly(false);
            assertFalse(c.isReadOnly());
            JdbcTestSupport.exec(c, "UPDATE t SET v = 13 WHERE id = 1");
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*), MAX(v) FROM t")) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1), "nothing was written while read-only");
                assertEquals(13, rs.getInt(2));
            }
        }
    }
}
