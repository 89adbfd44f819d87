package org.verso.jdbc;

import org.verso.sql.api.DatabaseSettings;
import org.verso.sql.api.Databases;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.nio.file.Path;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Autocommit, commit and rollback, snapshot reads across connections, first-updater-wins, durability. */
class JdbcTransactionTest {
    private static final String ACCOUNT =
        "CREATE TABLE account (id INT NOT NULL, balance INT NOT NULL, PRIMARY KEY (id))";

    @Test
    void rollbackDiscardsAndCommitKeeps() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("tx"))) {
            exec(c, ACCOUNT);
            c.setAutoCommit(false);
            exec(c, "INSERT INTO account VALUES (1, 10)");
            assertEquals(1, queryLong(c, "SELECT COUNT(*) FROM account"), "a transaction sees its own writes");
            c.rollback();
            assertEquals(0, queryLong(c, "SELECT COUNT(*) FROM account"));
            exec(c, "INSERT INTO account VALUES (2, 20)");
            c.commit();
            c.rollback();
            assertEquals(1, queryLong(c, "SELECT COUNT(*) FROM account"));
        }
    }

    @Test
    void switchingAutocommitOnCommits() throws SQLException {
        String url = freshMemoryUrl("auto");
        try (Connection a = connect(url); Connection b = connect(url)) {
            exec(a, ACCOUNT);
            a.setAutoCommit(false);
            exec(a, "INSERT INTO account VALUES (1, 10)");
            a.setAutoCommit(true);
            assertEquals(1, queryLong(b, "SELECT COUNT(*) FROM account"));
        }
    }

    @Test
    void closingRollsBackTheOpenTransaction() throws SQLException {
        String url = freshMemoryUrl("closeRollback");
        try (Connection keeper = connect(url)) {
            exec(keeper, ACCOUNT);
            Connection c = connect(url);
            c.setAutoCommit(false);
            exec(c, "INSERT INTO account VALUES (1, 10)");
            c.close();
            assertEquals(0, queryLong(keeper, "SELECT COUNT(*) FROM account"));
        }
    }

    @Test
    void uncommittedRowsAreInvisibleToOtherConnections() throws SQLException {
        String url = freshMemoryUrl("dirty");
        try (Connection a = connect(url); Connection b = connect(url)) {
            exec(a, ACCOUNT);
            a.setAutoCommit(false);
            exec(a, "INSERT INTO account VALUES (1, 10)");
            assertEquals(0, queryLong(b, "SELECT COUNT(*) FROM account"));
            a.commit();
            assertEquals(1, queryLong(b, "SELECT COUNT(*) FROM account"));
        }
    }

    @Test
    void anOpenTransactionKeepsReadingItsSnapshot() throws SQLException {
        String url = freshMemoryUrl("snapshot");
        try (Connection a = connect(url); Connection b = connect(url)) {
            exec(a, ACCOUNT);
            exec(a, "INSERT INTO account VALUES (1, 10)");
            b.setAutoCommit(false);
            assertEquals(10, queryLong(b, "SELECT balance FROM account WHERE id = 1"));
            exec(a, "UPDATE account SET balance = 99 WHERE id = 1");
            exec(a, "INSERT INTO account VALUES (2, 20)");
            assertEquals(10, queryLong(b, "SELECT balance FROM account WHERE id = 1"),
                "a row committed after B's snapshot is not seen in its new version");
            assertEquals(1, queryLong(b, "SELECT COUNT(*) FROM account"),
                "a row inserted after B's snapshot is not seen");
            b.commit();
            assertEquals(99, queryLong(b, "SELECT balance FROM account WHERE id = 1"));
            assertEquals(2, queryLong(b, "SELECT COUNT(*) FROM account"));
        }
    }

    @Test
    void lostUpdateIsPreventedWith40001() throws SQLException {
        String url = freshMemoryUrl("lost");
        try (Connection a = connect(url); Connection b = connect(url)) {
            exec(a, ACCOUNT);
            exec(a, "INSERT INTO account VALUES (1, 100)");
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            assertEquals(100, queryLong(a, "SELECT balance FROM account WHERE id = 1"));
            assertEquals(100, queryLong(b, "SELECT balance FROM account WHERE id = 1"));
            exec(a, "UPDATE account SET balance = balance + 1 WHERE id = 1");
            a.commit();
            SQLException e = assertSqlState("40001",
                () -> exec(b, "UPDATE account SET balance = balance + 1 WHERE id = 1"));
            assertInstanceOf(SQLTransactionRollbackException.class, e);
            assertEquals(0, e.getErrorCode(), "tools retry 40001 only with vendor code 0");
            b.rollback();
            b.setAutoCommit(true);
            assertEquals(101, queryLong(b, "SELECT balance FROM account WHERE id = 1"));
        }
    }

    @Test
    void conflictInABatchIsABatchUpdateExceptionWith40001() throws SQLException {
        String url = freshMemoryUrl("batchConflict");
        try (Connection a = connect(url); Connection b = connect(url)) {
            exec(a, ACCOUNT);
            exec(a, "INSERT INTO account VALUES (1, 100), (2, 200)");
            b.setAutoCommit(false);
            assertEquals(300, queryLong(b, "SELECT SUM(balance) FROM account"));
            exec(a, "UPDATE account SET balance = 0 WHERE id = 2");
            try (PreparedStatement p = b.prepareStatement("UPDATE account SET balance = balance + 1 WHERE id = ?")) {
                p.setInt(1, 1);
                p.addBatch();
                p.setInt(1, 2);
                p.addBatch();
                BatchUpdateException e = assertThrows(BatchUpdateException.class, p::executeBatch);
                assertEquals("40001", e.getSQLState(), e.getMessage());
                assertEquals(0, e.getErrorCode());
                assertArrayEquals(new int[] {1}, e.getUpdateCounts());
            }
            b.rollback();
            assertEquals(100, queryLong(b, "SELECT SUM(balance) FROM account"));
        }
    }

    @Test
    void concurrentWriterWaitsAndFailsWhenTheHolderCommits() throws Exception {
        String url = freshMemoryUrl("wait");
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Connection a = connect(url); Connection b = connect(url)) {
            exec(a, ACCOUNT);
            exec(a, "INSERT INTO account VALUES (1, 100)");
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            assertEquals(100, queryLong(b, "SELECT balance FROM account WHERE id = 1"));
            exec(a, "UPDATE account SET balance = 1 WHERE id = 1");
            Future<?> second = pool.submit(() -> {
                exec(b, "UPDATE account SET balance = 2 WHERE id = 1");
                return null;
            });
            try {
                second.get(300, TimeUnit.MILLISECONDS);
            } catch (TimeoutException expected) {
                // B waits for A's write lock, as first-updater-wins requires.
            } catch (ExecutionException e) {
                throw new AssertionError("B must wait for A rather than fail before A ends", e.getCause());
            }
            a.commit();
            ExecutionException failure = assertThrows(ExecutionException.class,
                () -> second.get(10, TimeUnit.SECONDS));
            SQLException e = assertInstanceOf(SQLException.class, failure.getCause());
            assertEquals("40001", e.getSQLState(), e.getMessage());
            b.rollback();
            assertEquals(1, queryLong(b, "SELECT balance FROM account WHERE id = 1"));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void dataSurvivesClosingAllConnections(@TempDir Path dir) throws SQLException {
        Path db = dir.resolve("db");
        String url = "jdbc:verso:" + db;
        try (Connection c = connect(url)) {
            exec(c, ACCOUNT);
            exec(c, "INSERT INTO account VALUES (1, 10), (2, 20)");
            c.setAutoCommit(false);
            exec(c, "INSERT INTO account VALUES (3, 30)");
            c.commit();
            exec(c, "INSERT INTO account VALUES (4, 40)");
            c.rollback();
        }
        assertEquals(0, Databases.leaseCount(DatabaseSettings.parse(db.toString())));
        try (Connection c = connect("jdbc:verso:" + dir.resolve("x/../db") + ";cache=32MB")) {
            assertEquals(3, queryLong(c, "SELECT COUNT(*) FROM account"));
            assertEquals(60, queryLong(c, "SELECT SUM(balance) FROM account"));
        }
    }
}
