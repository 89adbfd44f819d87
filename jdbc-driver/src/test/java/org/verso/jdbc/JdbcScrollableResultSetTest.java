package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * TYPE_SCROLL_INSENSITIVE result sets, as reporting tools and paging code use them: every movement, the position
 * queries, and insensitivity to later changes.
 */
class JdbcScrollableResultSetTest {
    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = connect(freshMemoryUrl("scroll"));
        exec(c, "CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(10))");
        exec(c, "INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')");
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    private ResultSet scrollable(String sql) throws SQLException {
        return c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY).executeQuery(sql);
    }

    @Test
    void everyMovementReachesTheRowItNames() throws SQLException {
        try (ResultSet rs = scrollable("SELECT id, name FROM t ORDER BY id")) {
            assertEquals(ResultSet.TYPE_SCROLL_INSENSITIVE, rs.getType());
            assertTrue(rs.isBeforeFirst());
            assertTrue(rs.last());
            assertEquals(4, rs.getInt(1));
            assertEquals(4, rs.getRow());
            assertTrue(rs.isLast());
            assertTrue(rs.previous());
            assertEquals("c", rs.getString("name"));
            assertTrue(rs.first());
            assertTrue(rs.isFirst());
            assertEquals(1, rs.getInt(1));
            assertTrue(rs.absolute(3));
            assertEquals(3, rs.getInt(1));
            assertTrue(rs.absolute(-1));
            assertEquals(4, rs.getInt(1));
            assertTrue(rs.absolute(-4));
            assertEquals(1, rs.getInt(1));
            assertTrue(rs.relative(2));
            assertEquals(3, rs.getInt(1));
            assertTrue(rs.relative(-1));
            assertEquals(2, rs.getInt(1));
            assertFalse(rs.relative(5), "past the end");
            assertTrue(rs.isAfterLast());
            assertEquals(0, rs.getRow());
            assertTrue(rs.previous());
            assertEquals(4, rs.getInt(1));
            assertFalse(rs.absolute(-9), "before the start");
            assertTrue(rs.isBeforeFirst());
            assertTrue(rs.next());
            assertEquals(1, rs.getInt(1));
            rs.afterLast();
            assertFalse(rs.next());
            rs.beforeFirst();
            int n = 0;
            while (rs.next()) {
                n++;
            }
            assertEquals(4, n, "next() walks every row again");
            JdbcTestSupport.assertSqlState("24000", () -> rs.getInt(1)); // after the last row
            assertFalse(rs.absolute(0));
            assertTrue(rs.isBeforeFirst());
        }
    }

    @Test
    void anEmptyResultIsNeitherBeforeFirstNorAfterLast() throws SQLException {
        try (ResultSet rs = scrollable("SELECT id FROM t WHERE id > 100")) {
            assertFalse(rs.isBeforeFirst());
            assertFalse(rs.first());
            assertFalse(rs.last());
            assertFalse(rs.isAfterLast());
            assertFalse(rs.next());
        }
    }

    @Test
    void preparedStatementsAndMaxRowsScrollToo() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM t WHERE id >= ? ORDER BY id",
                ResultSet.TYPE_SCROLL_SENSITIVE, ResultSet.CONCUR_READ_ONLY)) {
            assertEquals(ResultSet.TYPE_SCROLL_INSENSITIVE, ps.getResultSetType(), "the nearest type Verso has");
            ps.setInt(1, 2);
            ps.setMaxRows(2);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.last());
                assertEquals(2, rs.getRow(), "maxRows limits the rows held");
                assertEquals(3, rs.getInt(1));
            }
        }
    }

    @Test
    void theRowsAreThoseOfTheMomentTheQueryRan() throws SQLException {
        c.setAutoCommit(false);
        try (Statement s = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY);
             ResultSet rs = s.executeQuery("SELECT id, name FROM t ORDER BY id")) {
            exec(c, "UPDATE t SET name = 'z'");
            exec(c, "DELETE FROM t WHERE id = 4");
            assertTrue(rs.absolute(4), "the deleted row is still in the result");
            assertEquals("d", rs.getString(2));
            c.commit();
            assertEquals(ResultSet.HOLD_CURSORS_OVER_COMMIT, rs.getHoldability());
            assertTrue(rs.first(), "the rows are held, so they outlive the transaction");
            assertEquals("a", rs.getString(2));
        }
    }
}
