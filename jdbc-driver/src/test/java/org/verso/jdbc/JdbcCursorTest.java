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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** When a streaming result set's query ends, and what it sees meanwhile (see VersoConnection). */
class JdbcCursorTest {
    private String url;
    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        url = freshMemoryUrl("cursor");
        c = connect(url);
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

    /**
     * A result set still being read keeps the parameter values it was executed with, while the statement's
     * parameters are set again and batched; the batch entries keep theirs.
     */
    @Test
    void parametersSetAgainChangeNeitherAnOpenResultSetNorABatch() throws SQLException {
        exec(c, "INSERT INTO account VALUES (4, 40), (5, 50), (6, 60)");
        try (PreparedStatement select = c.prepareStatement("SELECT id FROM account WHERE balance > ? ORDER BY id");
             PreparedStatement insert = c.prepareStatement("INSERT INTO account VALUES (?, ?)")) {
            select.setInt(1, 25);
            try (ResultSet rs = select.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(3, rs.getInt(1));
                select.setInt(1, 55);
                List<Integer> rest = new ArrayList<>();
                while (rs.next()) {
                    rest.add(rs.getInt(1));
                }
                assertEquals(List.of(4, 5, 6), rest);
            }
            insert.setInt(1, 7);
            insert.setInt(2, 70);
            insert.addBatch();
            insert.setInt(1, 8);
            insert.setInt(2, 80);
            insert.addBatch();
            insert.executeBatch();
        }
        List<String> inserted = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, balance FROM account WHERE id > 6 ORDER BY id")) {
            while (rs.next()) {
                inserted.add(rs.getInt(1) + ":" + rs.getInt(2));
            }
        }
        assertEquals(List.of("7:70", "8:80"), inserted);
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

    /**
     * A table scan reads its rows in the order of the table's pages, deciding each row once; its transaction's own
     * updates meanwhile (of rows read and not yet read) and another connection's committed ones must neither repeat
     * a row nor lose one, and the other connection's changes stay invisible.
     */
    @Test
    void aScanReturnsEachRowOnceWhileItsTransactionAndAnotherConnectionUpdateTheTable() throws SQLException {
        long seed = System.nanoTime();
        System.out.println("aScanReturnsEachRowOnceWhile... seed " + seed);
        Random random = new Random(seed);
        exec(c, "DELETE FROM account");
        int rows = 1000;
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO account VALUES (?, ?)")) {
            for (int id = 1; id <= rows; id++) {
                insert.setInt(1, id);
                insert.setInt(2, id * 10);
                insert.addBatch();
            }
            insert.executeBatch();
        }
        // Rows updated before the scan, in random order, lie out of key order in the table's pages.
        try (PreparedStatement update = c.prepareStatement("UPDATE account SET balance = balance + 0 WHERE id = ?")) {
            for (int i = 0; i < rows / 2; i++) {
                update.setInt(1, 1 + random.nextInt(rows));
                update.executeUpdate();
            }
        }
        Set<Integer> ownUpdates = new HashSet<>();
        Set<Integer> theirUpdates = new HashSet<>(); // never updated by the scanning transaction: that would be 40001
        Set<Integer> seen = new HashSet<>();
        try (Connection other = connect(url)) {
            c.setAutoCommit(false);
            try (Statement query = c.createStatement();
                 ResultSet rs = query.executeQuery("SELECT id, balance FROM account");
                 PreparedStatement own = c.prepareStatement("UPDATE account SET balance = balance + 1 WHERE id = ?");
                 PreparedStatement theirs = other.prepareStatement(
                     "UPDATE account SET balance = balance + 1000 WHERE id = ?")) {
                while (rs.next()) {
                    int id = rs.getInt(1);
                    assertTrue(seen.add(id), "row " + id + " returned twice");
                    int balance = rs.getInt(2);
                    assertTrue(balance == id * 10 || ownUpdates.contains(id) && balance == id * 10 + 1,
                        "row " + id + " read as " + balance);
                    for (int n = 0; n < 2; n++) { // this row or another, read or not yet
                        int target = n == 0 ? id : 1 + random.nextInt(rows);
                        if (!theirUpdates.contains(target) && ownUpdates.add(target)) {
                            own.setInt(1, target);
                            assertEquals(1, own.executeUpdate());
                        }
                    }
                    int untouched;
                    do {
                        untouched = 1 + random.nextInt(rows);
                    } while (ownUpdates.contains(untouched)); // else it would wait for this transaction
                    theirUpdates.add(untouched);
                    theirs.setInt(1, untouched); // commits at once: another transaction's change
                    theirs.executeUpdate();
                }
            }
            c.rollback();
        }
        assertEquals(rows, seen.size(), "every row once");
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
