package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * READ COMMITTED through JDBC, with PostgreSQL's semantics, on real interleavings of connections: each statement
 * reads a fresh snapshot, and an UPDATE, DELETE or SELECT FOR UPDATE that meets a row changed by a concurrent
 * transaction waits for it, then evaluates its condition again on the newest committed version instead of failing
 * with 40001. Under REPEATABLE_READ the same interleavings fail with 40001.
 */
class JdbcReadCommittedTest {
    private static long value(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getLong(1);
        }
    }

    private static int update(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            return s.executeUpdate(sql);
        }
    }

    private static Connection open(String url, int isolation) throws SQLException {
        Connection c = JdbcTestSupport.connect(url);
        c.setAutoCommit(false);
        c.setTransactionIsolation(isolation);
        return c;
    }

    /** Two connections {@code a} and {@code b} at one isolation level, a third for set-up, and a thread for b. */
    @FunctionalInterface
    private interface TwoWriters {
        void run(Connection setup, Connection a, Connection b, ExecutorService pool) throws Exception;
    }

    private static void withTwoWriters(String name, int isolation, TwoWriters body) throws Exception {
        String url = JdbcTestSupport.freshMemoryUrl(name);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Connection setup = JdbcTestSupport.connect(url);
             Connection a = open(url, isolation);
             Connection b = open(url, isolation)) {
            body.run(setup, a, b, pool);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Runs {@code sql} on {@code c} in another thread and checks that it waits for the writer of the row. */
    private static Future<Integer> blockedUpdate(ExecutorService pool, Connection c, String sql) throws Exception {
        Future<Integer> f = pool.submit(() -> update(c, sql));
        assertThrows(TimeoutException.class, () -> f.get(300, TimeUnit.MILLISECONDS),
            "the statement waits for the transaction that wrote the row");
        return f;
    }

    @Test
    void eachStatementSeesWhatCommittedBeforeIt() throws SQLException {
        String url = JdbcTestSupport.freshMemoryUrl("rcsnap");
        try (Connection setup = JdbcTestSupport.connect(url);
             Connection rc = open(url, Connection.TRANSACTION_READ_COMMITTED);
             Connection rr = open(url, Connection.TRANSACTION_REPEATABLE_READ)) {
            JdbcTestSupport.exec(setup, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            JdbcTestSupport.exec(setup, "INSERT INTO t VALUES (1, 10)");
            assertEquals(1, value(rc, "SELECT COUNT(*) FROM t"));
            assertEquals(1, value(rr, "SELECT COUNT(*) FROM t"));
            JdbcTestSupport.exec(setup, "INSERT INTO t VALUES (2, 20)");
            assertEquals(2, value(rc, "SELECT COUNT(*) FROM t"), "a new statement, a new snapshot");
            assertEquals(1, value(rr, "SELECT COUNT(*) FROM t"), "one snapshot for the whole transaction");
            rc.commit();
            rr.commit();
        }
    }

    @Test
    void aConcurrentIncrementWaitsAndAppliesToTheNewestVersion() throws Exception {
        withTwoWriters("rcinc", Connection.TRANSACTION_READ_COMMITTED, (setup, a, b, pool) -> {
                JdbcTestSupport.exec(setup, "CREATE TABLE hot (id INT PRIMARY KEY, c INT NOT NULL)");
                JdbcTestSupport.exec(setup, "INSERT INTO hot VALUES (1, 0)");
                assertEquals(0, value(b, "SELECT c FROM hot WHERE id = 1")); // b's transaction has started
                assertEquals(1, update(a, "UPDATE hot SET c = c + 1 WHERE id = 1"));
                Future<Integer> second = blockedUpdate(pool, b, "UPDATE hot SET c = c + 1 WHERE id = 1");
                a.commit();
                assertEquals(1, second.get(10, TimeUnit.SECONDS), "applied to the newest committed version");
                b.commit();
                assertEquals(2, value(setup, "SELECT c FROM hot WHERE id = 1"), "no increment is lost");
        });
    }

    @Test
    void theConditionIsEvaluatedAgainOnTheNewestVersion() throws Exception {
        withTwoWriters("rcwhere", Connection.TRANSACTION_READ_COMMITTED, (setup, a, b, pool) -> {
                JdbcTestSupport.exec(setup, "CREATE TABLE t (id INT PRIMARY KEY, status VARCHAR(10), note VARCHAR(10))");
                JdbcTestSupport.exec(setup, "INSERT INTO t VALUES (1, 'open', NULL), (2, 'open', NULL)");
                assertEquals(1, update(a, "UPDATE t SET status = 'closed' WHERE id = 1"));
                Future<Integer> marked = blockedUpdate(pool, b, "UPDATE t SET note = 'seen' WHERE status = 'open'");
                a.commit();
                assertEquals(1, marked.get(10, TimeUnit.SECONDS), "row 1 no longer qualifies; row 2 does");
                b.commit();
                assertEquals(0, value(setup, "SELECT COUNT(*) FROM t WHERE id = 1 AND note IS NOT NULL"));
                assertEquals(1, value(setup, "SELECT COUNT(*) FROM t WHERE id = 2 AND note = 'seen'"));
                assertEquals(0, value(setup, "SELECT COUNT(*) FROM t WHERE id = 1 AND status = 'open'"));
        });
    }

    @Test
    void aDeleteAndASelectForUpdateFollowTheNewestVersion() throws Exception {
        withTwoWriters("rcdel", Connection.TRANSACTION_READ_COMMITTED, (setup, a, b, pool) -> {
                JdbcTestSupport.exec(setup, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
                JdbcTestSupport.exec(setup, "INSERT INTO t VALUES (1, 5), (2, 5)");
                update(a, "UPDATE t SET v = 50 WHERE id = 1");
                Future<Integer> deleted = blockedUpdate(pool, b, "DELETE FROM t WHERE v < 10");
                a.commit();
                assertEquals(1, deleted.get(10, TimeUnit.SECONDS), "row 1 has v = 50 now and is kept");
                b.commit();
                assertEquals(1, value(setup, "SELECT COUNT(*) FROM t"));
                assertEquals(50, value(setup, "SELECT v FROM t WHERE id = 1"));

                update(a, "UPDATE t SET v = 60 WHERE id = 1");
                Future<Long> locked = pool.submit(() -> value(b, "SELECT v FROM t WHERE id = 1 FOR UPDATE"));
                assertThrows(TimeoutException.class, () -> locked.get(300, TimeUnit.MILLISECONDS));
                a.commit();
                assertEquals(60, locked.get(10, TimeUnit.SECONDS), "FOR UPDATE returns the newest version it locked");
                b.commit();
        });
    }

    @Test
    void underRepeatableReadTheSameInterleavingFails() throws Exception {
        withTwoWriters("rrinc", Connection.TRANSACTION_REPEATABLE_READ, (setup, a, b, pool) -> {
                JdbcTestSupport.exec(setup, "CREATE TABLE hot (id INT PRIMARY KEY, c INT NOT NULL)");
                JdbcTestSupport.exec(setup, "INSERT INTO hot VALUES (1, 0)");
                assertEquals(0, value(b, "SELECT c FROM hot WHERE id = 1"));
                update(a, "UPDATE hot SET c = c + 1 WHERE id = 1");
                Future<Integer> second = blockedUpdate(pool, b, "UPDATE hot SET c = c + 1 WHERE id = 1");
                a.commit();
                Exception e = assertThrows(Exception.class, () -> second.get(10, TimeUnit.SECONDS));
                assertEquals("40001", ((SQLException) e.getCause()).getSQLState());
                b.rollback();
        });
    }

    /**
     * Explicit transactions (no implicit retry) from 4 connections, each incrementing one hot row and committing:
     * under READ COMMITTED none fails and every increment is applied.
     */
    @Test
    void hotRowIncrementsFromManyConnectionsAllApply() throws Exception {
        String url = JdbcTestSupport.freshMemoryUrl("rchot");
        int connections = 4;
        int each = 300;
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("JdbcReadCommittedTest seed=" + seed);
        try (Connection setup = JdbcTestSupport.connect(url)) {
            JdbcTestSupport.exec(setup, "CREATE TABLE hot (id INT PRIMARY KEY, c INT NOT NULL)");
            JdbcTestSupport.exec(setup, "INSERT INTO hot VALUES (1, 0), (2, 0)");
            ExecutorService pool = Executors.newFixedThreadPool(connections);
            List<Future<Integer>> done = new ArrayList<>();
            for (int n = 0; n < connections; n++) {
                Random random = new Random(seed + n);
                done.add(pool.submit(() -> {
                    int applied = 0;
                    try (Connection c = open(url, Connection.TRANSACTION_READ_COMMITTED)) {
                        for (int i = 0; i < each; i++) {
                            applied += update(c, "UPDATE hot SET c = c + 1 WHERE id = " + (1 + random.nextInt(2)));
                            if (random.nextInt(4) == 0) {
                                Thread.yield();
                            }
                            c.commit();
                        }
                    }
                    return applied;
                }));
            }
            int applied = 0;
            for (Future<Integer> f : done) {
                applied += f.get(120, TimeUnit.SECONDS);
            }
            pool.shutdown();
            assertEquals(connections * each, applied);
            assertEquals(connections * each, value(setup, "SELECT SUM(c) FROM hot"), "seed " + seed);
        }
    }
}
