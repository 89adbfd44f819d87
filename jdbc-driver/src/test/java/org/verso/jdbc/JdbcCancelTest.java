package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Statement.cancel from another thread and setQueryTimeout stop a long statement with 57014, within seconds, and
 * the connection stays usable. Waiting is proven by polling the statement's progress in the engine.
 */
class JdbcCancelTest {
    /** 10^8 joined rows counted: minutes of work unless cancelled. */
    private static final String LONG_QUERY = "SELECT COUNT(*) FROM big a, big b, big c, big d";
    private static final long STOP_WITHIN_MILLIS = 5_000;

    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = connect(freshMemoryUrl("cancel"));
        exec(c, "CREATE TABLE big (id INT NOT NULL, PRIMARY KEY (id))");
        StringBuilder values = new StringBuilder("INSERT INTO big VALUES (0)");
        for (int i = 1; i < 100; i++) {
            values.append(", (").append(i).append(')');
        }
        exec(c, values.toString());
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    private static void awaitProgress(VersoStatement statement, Future<?> running) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (statement.executionProgress() < 1_000_000) {
            if (running.isDone()) {
                running.get();
                throw new AssertionError("the statement ended before it was cancelled");
            }
            assertTrue(System.nanoTime() < deadline, "the statement made no progress");
            Thread.onSpinWait();
        }
    }

    private static SQLException failure(Future<?> running) throws InterruptedException {
        try {
            running.get(STOP_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            return assertInstanceOf(SQLException.class, e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("the statement did not stop within " + STOP_WITHIN_MILLIS + " ms");
        }
        throw new AssertionError("the statement was not cancelled");
    }

    @Test
    void cancelFromAnotherThreadStopsTheStatement() throws Exception {
        Statement s = c.createStatement();
        CompletableFuture<ResultSet> running = CompletableFuture.supplyAsync(() -> {
            try {
                return s.executeQuery(LONG_QUERY);
            } catch (SQLException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        awaitProgress((VersoStatement) s, running);
        long start = System.nanoTime();
        s.cancel();
        SQLException e = failure(running);
        System.out.println("Statement.cancel stopped the query after " + (System.nanoTime() - start) / 1_000_000
            + " ms");
        assertEquals("57014", e.getSQLState(), e.getMessage());
        assertInstanceOf(SQLTimeoutException.class, e);
        assertEquals(100, queryLong(c, "SELECT COUNT(*) FROM big"), "the connection stays usable");
        assertEquals(100, queryLong(c, "SELECT COUNT(*) FROM big"));
        s.close();
    }

    @Test
    void aOneSecondQueryTimeoutStopsTheStatement() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(1);
            long start = System.nanoTime();
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(LONG_QUERY));
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.println("setQueryTimeout(1) stopped the query after " + millis + " ms");
            assertEquals("57014", e.getSQLState(), e.getMessage());
            assertTrue(millis >= 900 && millis < 1_000 + STOP_WITHIN_MILLIS, "stopped after " + millis + " ms");
            s.setQueryTimeout(0);
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big")) {
                assertTrue(rs.next());
                assertEquals(100, rs.getInt(1), "the statement and its connection stay usable");
            }
        }
    }

    @Test
    void theTimeoutAlsoStopsAResultSetBeingRead() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(1);
            long start = System.nanoTime();
            long rows = 0;
            try (ResultSet rs = s.executeQuery("SELECT a.id FROM big a, big b, big c, big d")) {
                SQLException e = assertThrows(SQLException.class, () -> {
                    while (rs.next()) {
                        rs.getInt(1);
                    }
                });
                assertEquals("57014", e.getSQLState(), e.getMessage());
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis < 1_000 + STOP_WITHIN_MILLIS, "stopped after " + millis + " ms");
            assertEquals(100, queryLong(c, "SELECT COUNT(*) FROM big"));
        }
    }

    @Test
    void closingTheConnectionCancelsWhatRunsInIt() throws Exception {
        Connection other = connect(((VersoConnection) c).getMetaData().getURL());
        Statement s = other.createStatement();
        CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
            try {
                return s.executeQuery(LONG_QUERY);
            } catch (SQLException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        awaitProgress((VersoStatement) s, running);
        long start = System.nanoTime();
        other.close();
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.println("Connection.close returned after " + millis + " ms while a query ran in it");
        assertTrue(millis < STOP_WITHIN_MILLIS, "close took " + millis + " ms");
        SQLException e = failure(running);
        assertEquals("57014", e.getSQLState(), "the running statement was cancelled: " + e.getMessage());
        assertTrue(other.isClosed());
        assertEquals(100, queryLong(c, "SELECT COUNT(*) FROM big"), "the database stays open for c");
    }

    @Test
    void cancelWithNothingRunningDoesNothing() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.cancel();
            assertEquals(100, queryLong(c, "SELECT COUNT(*) FROM big"));
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big")) {
                assertTrue(rs.next());
                assertEquals(100, rs.getInt(1), "a cancel before an execution does not reach it");
            }
        }
    }
}
