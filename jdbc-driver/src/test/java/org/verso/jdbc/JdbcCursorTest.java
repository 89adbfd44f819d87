package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** When a streaming result set's query ends, and what it sees meanwhile (see VersoConnection). */
class JdbcCursorTest {
    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = connect(freshMemoryUrl("cursor"));
        exec(c, "CREATE TABLE account (id INT NOT NULL, balance INT, PRIMARY KEY (id))");
        exec(c, "INSERT INTO account VALUES (1, 10), (2, 20), (3, 30)");
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    @Test
    void withAutocommitOtherStatementsRunWhileAResultSetIsRead() throws SQLException {
        try (Statement query = c.createStatement();
             ResultSet rs = query.executeQuery("SELECT id, balance FROM account ORDER BY id");
             PreparedStatement update = c.prepareStatement("UPDATE account SET balance = balance + 1 WHERE id = ?")) {
            int rows = 0;
            while (rs.next()) {
                assertEquals(rs.getInt(1) * 10, rs.getInt(2), "the result set reads its query's snapshot");
                update.setInt(1, rs.getInt(1));
                assertEquals(1, update.executeUpdate(), "each update commits on its own");
                rows++;
            }
            assertEquals(3, rows);
        }
        assertEquals(63, queryLong(c, "SELECT SUM(balance) FROM account"));
    }

    @Test
    void reExecutingOrClosingAStatementClosesItsResultSet() throws SQLException {
        Statement s = c.createStatement();
        ResultSet first = s.executeQuery("SELECT id FROM account");
        assertTrue(first.next());
        ResultSet second = s.executeQuery("SELECT id FROM account");
        assertTrue(first.isClosed());
        assertSqlState("55000", first::next);
        assertTrue(second.next());
        s.close();
        assertTrue(second.isClosed());
    }

    @Test
    void withoutAutocommitTheEndOfTheTransactionClosesItsResultSets() throws SQLException {
        c.setAutoCommit(false);
        assertEquals(ResultSet.CLOSE_CURSORS_AT_COMMIT, c.getHoldability());
        try (Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT id FROM account ORDER BY id");
            assertTrue(rs.next());
            assertEquals(ResultSet.CLOSE_CURSORS_AT_COMMIT, rs.getHoldability());
            exec(c, "INSERT INTO account VALUES (4, 40)");
            assertTrue(rs.next(), "a statement of the same transaction leaves the result set open");
            c.commit();
            assertTrue(rs.isClosed());
            assertSqlState("55000", rs::next);
            ResultSet again = s.executeQuery("SELECT id FROM account");
            c.rollback();
            assertTrue(again.isClosed());
        }
        assertEquals(4, queryLong(c, "SELECT COUNT(*) FROM account"));
    }

    @Test
    void holdingCursorsOverCommitIsRefused() throws SQLException {
        assertSqlState("0A000", () -> c.setHoldability(ResultSet.HOLD_CURSORS_OVER_COMMIT));
        assertSqlState("0A000", () -> c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY,
            ResultSet.HOLD_CURSORS_OVER_COMMIT));
        assertFalse(c.getMetaData().supportsResultSetHoldability(ResultSet.HOLD_CURSORS_OVER_COMMIT));
        assertTrue(c.getMetaData().supportsResultSetHoldability(ResultSet.CLOSE_CURSORS_AT_COMMIT));
    }

    @Test
    void anErrorMetWhileReadingIsThrownByNext() throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT 100 / (balance - 20) FROM account")) {
            assertSqlState("22012", () -> {
                while (rs.next()) {
                    rs.getInt(1);
                }
            });
        }
        assertEquals(3, queryLong(c, "SELECT COUNT(*) FROM account"), "the connection goes on");
    }
}
