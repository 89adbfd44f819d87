package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Helpers for the tests that run SQL through the driver. */
final class JdbcTestSupport {
    private JdbcTestSupport() {
    }

    /** A URL for an in-memory database no other test uses. */
    static String freshMemoryUrl(String prefix) {
        return "jdbc:verso:mem:" + prefix + "_" + UUID.randomUUID().toString().replace("-", "");
    }

    static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url);
    }

    static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** The single long value of a one-row, one-column query. */
    static long queryLong(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            if (!rs.next()) {
                throw new AssertionError("no row from " + sql);
            }
            return rs.getLong(1);
        }
    }

    /** What one connection of a concurrency test does, with random numbers of its own. */
    @FunctionalInterface
    interface ConnectionWork {
        void run(Connection conn, Random random) throws Exception;
    }

    /**
     * Runs {@code work} on {@code connections} connections to {@code url} at once, connection {@code c} with the
     * random numbers of {@code seed + c}; fails, naming the seed, if they have not all finished within two minutes,
     * and with the first failure of any.
     */
    static void inConnections(String url, long seed, int connections, ConnectionWork work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(connections);
        List<Future<?>> futures = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            Random random = new Random(seed + c);
            futures.add(pool.submit(() -> {
                try (Connection conn = connect(url)) {
                    work.run(conn, random);
                }
                return null;
            }));
        }
        pool.shutdown();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        for (Future<?> f : futures) {
            try {
                f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                fail("seed " + seed + ": connections stopped making progress");
            }
        }
    }

    interface SqlAction {
        void run() throws SQLException;
    }

    /** Asserts that {@code action} fails with {@code sqlState}; returns the exception for further checks. */
    static SQLException assertSqlState(String sqlState, SqlAction action) {
        SQLException e = assertThrows(SQLException.class, action::run);
        assertEquals(sqlState, e.getSQLState(), () -> "message: " + e.getMessage());
        return e;
    }
}
