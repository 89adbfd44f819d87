package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SQL's transaction statements, as scripts and the shell send them: BEGIN / START TRANSACTION, COMMIT, ROLLBACK,
 * SAVEPOINT, ROLLBACK TO SAVEPOINT and RELEASE SAVEPOINT, and how they meet JDBC's own transaction calls.
 */
class JdbcTransactionStatementsTest {
    private String url;
    private Connection c;
    private Connection other;

    @BeforeEach
    void open() throws SQLException {
        url = freshMemoryUrl("txsql");
        c = connect(url);
        other = connect(url);
        exec(c, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
        other.close();
    }

    private static int count(Connection conn) throws SQLException {
        try (ResultSet rs = conn.createStatement().executeQuery("SELECT count(*) FROM t")) {
            assertTrue(rs.next());
            return rs.getInt(1);
        }
    }

    private static String ids(Connection conn) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (ResultSet rs = conn.createStatement().executeQuery("SELECT id FROM t ORDER BY id")) {
            while (rs.next()) {
                out.append(out.length() == 0 ? "" : ",").append(rs.getInt(1));
            }
        }
        return out.toString();
    }

    @Test
    void beginSuspendsAutocommitUntilCommitOrRollback() throws SQLException {
        Statement s = c.createStatement();
        assertEquals(0, s.executeUpdate("BEGIN"));
        assertFalse(c.getAutoCommit(), "BEGIN opened a transaction block");
        s.executeUpdate("INSERT INTO t VALUES (1, 1)");
        assertEquals(0, count(other), "not visible before COMMIT");
        s.executeUpdate("COMMIT");
        assertTrue(c.getAutoCommit(), "COMMIT ended the block");
        assertEquals(1, count(other));

        s.execute("START TRANSACTION");
        s.executeUpdate("INSERT INTO t VALUES (2, 2)");
        s.execute("ROLLBACK WORK");
        assertTrue(c.getAutoCommit());
        assertEquals("1", ids(other), "the block was rolled back");

        s.execute("begin transaction");
        s.executeUpdate("INSERT INTO t VALUES (3, 3)");
        c.commit(); // JDBC's commit ends the block as COMMIT does
        assertTrue(c.getAutoCommit());
        assertEquals("1,3", ids(other));
        s.executeUpdate("INSERT INTO t VALUES (4, 4)");
        assertEquals("1,3,4", ids(other), "autocommit is back");
    }

    @Test
    void commitAndRollbackEndAJdbcTransactionAndBeginInsideOneChangesNothing() throws SQLException {
        c.setAutoCommit(false);
        Statement s = c.createStatement();
        s.executeUpdate("INSERT INTO t VALUES (1, 1)");
        s.execute("BEGIN");
        s.executeUpdate("INSERT INTO t VALUES (2, 2)");
        assertEquals(0, count(other));
        s.execute("COMMIT WORK");
        assertFalse(c.getAutoCommit(), "COMMIT keeps the autocommit mode JDBC chose");
        assertEquals("1,2", ids(other));
        s.executeUpdate("INSERT INTO t VALUES (3, 3)");
        s.execute("ROLLBACK");
        assertEquals("1,2", ids(other));
        s.execute("COMMIT"); // nothing to commit: harmless
    }

    @Test
    void savepointStatementsUndoAndReleaseByName() throws SQLException {
        Statement s = c.createStatement();
        s.execute("BEGIN");
        s.executeUpdate("INSERT INTO t VALUES (1, 1)");
        s.execute("SAVEPOINT a");
        s.executeUpdate("INSERT INTO t VALUES (2, 2)");
        s.execute("SAVEPOINT b");
        s.executeUpdate("INSERT INTO t VALUES (3, 3)");
        s.execute("ROLLBACK TO SAVEPOINT b");
        assertEquals("1,2", ids(c));
        s.executeUpdate("INSERT INTO t VALUES (4, 4)");
        s.execute("ROLLBACK TO a");
        assertEquals("1", ids(c), "rolling back to a undoes everything after it, b's part too");
        assertSqlState("3B001", () -> s.execute("ROLLBACK TO SAVEPOINT b"));
        s.executeUpdate("INSERT INTO t VALUES (5, 5)");
        s.execute("RELEASE SAVEPOINT a");
        assertSqlState("3B001", () -> s.execute("RELEASE a"));
        assertEquals("1,5", ids(c), "releasing keeps the changes");
        s.execute("COMMIT");
        assertEquals("1,5", ids(other));
    }

    @Test
    void aReusedNameMeansItsNewestSavepointAndJdbcNamesAreFoundBySql() throws SQLException {
        Statement s = c.createStatement();
        s.execute("BEGIN");
        s.execute("SAVEPOINT p");
        s.executeUpdate("INSERT INTO t VALUES (1, 1)");
        s.execute("SAVEPOINT p");
        s.executeUpdate("INSERT INTO t VALUES (2, 2)");
        s.execute("ROLLBACK TO p");
        assertEquals("1", ids(c), "the newest p");
        s.execute("RELEASE p");
        s.execute("ROLLBACK TO p");
        assertEquals("", ids(c), "after releasing the newest, p names the older one");

        Savepoint named = c.setSavepoint("Q");
        s.executeUpdate("INSERT INTO t VALUES (3, 3)");
        s.execute("ROLLBACK TO SAVEPOINT q"); // an unquoted name is upper case, as JDBC's "Q"
        assertEquals("", ids(c));
        s.executeUpdate("INSERT INTO t VALUES (4, 4)");
        c.rollback(named);
        assertEquals("", ids(c), "the JDBC savepoint is still there after the SQL rollback to it");
        s.execute("ROLLBACK");
    }

    @Test
    void misuseGetsTheStandardStates() throws SQLException {
        Statement s = c.createStatement();
        assertSqlState("25000", () -> s.execute("SAVEPOINT a"));
        assertSqlState("3B001", () -> {
            s.execute("BEGIN");
            s.execute("ROLLBACK TO SAVEPOINT nope");
        });
        s.execute("ROLLBACK");
        assertSqlState("42601", () -> s.execute("SAVEPOINT"));
        assertSqlState("42601", () -> s.execute("ROLLBACK TO"));
        assertSqlState("42601", () -> s.execute("START"));
        assertTrue(c.getAutoCommit());
    }

    @Test
    void aReadOnlyConnectionRunsTransactionStatements() throws SQLException {
        c.setReadOnly(true);
        Statement s = c.createStatement();
        s.execute("BEGIN");
        assertEquals(0, count(c));
        s.execute("SAVEPOINT a");
        s.execute("RELEASE SAVEPOINT a");
        s.execute("COMMIT");
        assertSqlState("25006", () -> s.executeUpdate("INSERT INTO t VALUES (1, 1)"));
    }

    @Test
    void aWriteConflictInABlockLeavesOnlyRollback() throws SQLException {
        exec(c, "INSERT INTO t VALUES (1, 0)");
        Statement s = c.createStatement();
        s.execute("BEGIN");
        assertEquals(1, count(c), "the block reads its snapshot");
        exec(other, "UPDATE t SET v = 1 WHERE id = 1");
        assertSqlState("40001", () -> s.executeUpdate("UPDATE t SET v = 2 WHERE id = 1"));
        assertSqlState("25P02", () -> s.executeUpdate("INSERT INTO t VALUES (2, 0)"));
        assertSqlState("25P02", () -> s.execute("COMMIT"));
        assertTrue(c.getAutoCommit(), "the failed COMMIT ended the block");
        assertEquals("1", ids(c));
    }

    private static int sum(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT sum(v) FROM t")) {
            assertTrue(rs.next());
            return rs.getInt(1);
        }
    }

    /**
     * Two on-call doctors: each transaction reads both rows and takes one off; the second commit fails with 40001
     * only at the level the SQL statements asked for, SERIALIZABLE, while the connections' own level is REPEATABLE
     * READ, under which both commit. Returns the second transaction's SQLState, or "none".
     */
    private String writeSkew(String beginFirst, String beginSecond, int row) throws SQLException {
        exec(c, "DELETE FROM t");
        exec(c, "INSERT INTO t VALUES (" + row + ", 1), (" + (row + 1) + ", 1)");
        Statement first = c.createStatement();
        Statement second = other.createStatement();
        for (String sql : beginFirst.split(";")) {
            first.execute(sql);
        }
        for (String sql : beginSecond.split(";")) {
            second.execute(sql);
        }
        assertEquals(2, sum(first));
        assertEquals(2, sum(second));
        first.executeUpdate("UPDATE t SET v = 0 WHERE id = " + row);
        try {
            second.executeUpdate("UPDATE t SET v = 0 WHERE id = " + (row + 1));
            first.execute("COMMIT");
            second.execute("COMMIT");
            return "none";
        } catch (SQLException e) {
            first.execute("ROLLBACK");
            second.execute("ROLLBACK");
            return e.getSQLState();
        }
    }

    @Test
    void isolationLevelsNamedInSqlGovernTheTransactionsTheyAreFor() throws SQLException {
        assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());
        assertEquals("none", writeSkew("BEGIN", "BEGIN", 1));
        assertEquals("40001", writeSkew("BEGIN ISOLATION LEVEL SERIALIZABLE",
            "START TRANSACTION ISOLATION LEVEL SERIALIZABLE", 3));
        assertEquals("40001", writeSkew("BEGIN;SET TRANSACTION ISOLATION LEVEL SERIALIZABLE",
            "BEGIN WORK;set transaction isolation level serializable", 5));
        assertEquals("none", writeSkew("BEGIN", "BEGIN", 7), "the level was the two transactions' only");
        assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());

        // The session's level: READ COMMITTED reads what commits meanwhile, within one transaction.
        Statement s = c.createStatement();
        s.execute("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED");
        assertEquals(Connection.TRANSACTION_READ_COMMITTED, c.getTransactionIsolation());
        s.execute("BEGIN");
        int before = sum(s);
        exec(other, "UPDATE t SET v = v + 10");
        assertEquals(before + 20, sum(s), "a new snapshot per statement");
        s.execute("COMMIT");
        s.execute("BEGIN ISOLATION LEVEL REPEATABLE READ");
        before = sum(s);
        exec(other, "UPDATE t SET v = v + 10");
        assertEquals(before, sum(s), "one snapshot for the transaction that asked for it");
        s.execute("COMMIT");
        assertEquals(Connection.TRANSACTION_READ_COMMITTED, c.getTransactionIsolation());

        // Where the statements do not apply.
        assertSqlState("25P01", () -> s.execute("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE"));
        s.execute("BEGIN");
        sum(s);
        assertSqlState("25001", () -> s.execute("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE"));
        assertSqlState("25001", () -> s.execute("BEGIN ISOLATION LEVEL SERIALIZABLE"));
        s.execute("ROLLBACK");
        assertSqlState("42601", () -> s.execute("SET TRANSACTION ISOLATION LEVEL SNAPSHOT"));
        c.setAutoCommit(false);
        s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"); // outside a block, before any statement
        before = sum(s);
        exec(other, "UPDATE t SET v = v + 10");
        assertEquals(before, sum(s));
        c.commit();
    }
}
