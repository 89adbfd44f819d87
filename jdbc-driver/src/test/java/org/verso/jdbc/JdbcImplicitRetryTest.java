package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * An autocommit statement is its own transaction: a serialization failure inside it is retried by the engine, so
 * an application without retry logic never sees 40001 from {@code UPDATE hot SET c = c + 1 WHERE id = 1}, however
 * many connections run it; an explicit transaction still gets the 40001 to retry itself.
 */
class JdbcImplicitRetryTest {
    @Test
    void concurrentAutocommitIncrementsOfOneRowAllApply() throws Exception {
        String url = JdbcTestSupport.freshMemoryUrl("hot");
        int connections = 4;
        int each = 500;
        try (Connection setup = JdbcTestSupport.connect(url)) {
            JdbcTestSupport.exec(setup, "CREATE TABLE hot (id INT NOT NULL, c BIGINT NOT NULL, PRIMARY KEY (id))");
            JdbcTestSupport.exec(setup, "INSERT INTO hot VALUES (1, 0)");
            for (int isolation : new int[] {Connection.TRANSACTION_REPEATABLE_READ,
                Connection.TRANSACTION_SERIALIZABLE}) {
                long before = JdbcTestSupport.queryLong(setup, "SELECT c FROM hot WHERE id = 1");
                AtomicLong errors = new AtomicLong();
                ExecutorService pool = Executors.newFixedThreadPool(connections);
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < connections; t++) {
                    done.add(pool.submit(() -> {
                        try (Connection c = JdbcTestSupport.connect(url);
                             PreparedStatement ps = c.prepareStatement("UPDATE hot SET c = c + 1 WHERE id = ?")) {
                            c.setTransactionIsolation(isolation);
                            for (int i = 0; i < each; i++) {
                                ps.setInt(1, 1);
                                assertEquals(1, ps.executeUpdate());
                            }
                        } catch (SQLException e) {
                            errors.incrementAndGet();
                            throw e;
                        }
                        return null;
                    }));
                }
                pool.shutdown();
                for (Future<?> f : done) {
                    f.get(2, TimeUnit.MINUTES);
                }
                assertEquals(0, errors.get());
                assertEquals(before + (long) connections * each,
                    JdbcTestSupport.queryLong(setup, "SELECT c FROM hot WHERE id = 1"), "isolation " + isolation);
            }
        }
    }

    @Test
    void anExplicitTransactionStillGetsTheSerializationFailure() throws SQLException {
        String url = JdbcTestSupport.freshMemoryUrl("explicit");
        try (Connection a = JdbcTestSupport.connect(url); Connection b = JdbcTestSupport.connect(url)) {
            JdbcTestSupport.exec(a, "CREATE TABLE hot (id INT NOT NULL, c BIGINT NOT NULL, PRIMARY KEY (id))");
            JdbcTestSupport.exec(a, "INSERT INTO hot VALUES (1, 0)");
            a.setAutoCommit(false);
            assertEquals(0, JdbcTestSupport.queryLong(a, "SELECT c FROM hot WHERE id = 1"));
            JdbcTestSupport.exec(b, "UPDATE hot SET c = c + 1 WHERE id = 1");
            SQLException e = JdbcTestSupport.assertSqlState("40001",
                () -> JdbcTestSupport.exec(a, "UPDATE hot SET c = c + 1 WHERE id = 1"));
            assertTrue(e.getMessage().contains("HOT"), e.getMessage());
            a.rollback();
        }
    }
}
