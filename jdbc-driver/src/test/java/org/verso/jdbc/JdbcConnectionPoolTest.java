package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The driver under HikariCP, as a service runs it: many threads borrow few connections, each borrower changes
 * isolation, autocommit or read-only as it likes, and the next borrower finds the pool's defaults again (Hikari
 * resets what was changed through the JDBC calls the driver implements). Increments that committed are all there.
 */
class JdbcConnectionPoolTest {
    private static final int THREADS = 16;
    private static final int BORROWS = 150;
    private static final int POOL = 4;

    @Test
    void manyThreadsShareAFewConnectionsAndEachBorrowerStartsClean() throws Exception {
        long seed = System.nanoTime();
        System.out.println("JdbcConnectionPoolTest seed=" + seed);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(freshMemoryUrl("pool"));
        config.setMaximumPoolSize(POOL);
        config.setConnectionTimeout(TimeUnit.SECONDS.toMillis(30));
        try (HikariDataSource pool = new HikariDataSource(config)) {
            try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
                s.executeUpdate("CREATE TABLE counter (id INT PRIMARY KEY, n BIGINT NOT NULL)");
                s.executeUpdate("INSERT INTO counter VALUES (0, 0), (1, 0), (2, 0), (3, 0)");
            }
            AtomicLong committed = new AtomicLong();
            Set<VersoConnection> physical = Collections.synchronizedSet(
                Collections.newSetFromMap(new IdentityHashMap<>()));
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                Random random = new Random(seed + t);
                Thread worker = new Thread(() -> {
                    try {
                        for (int i = 0; i < BORROWS; i++) {
                            if (borrowOnce(pool, random, physical)) {
                                committed.incrementAndGet();
                            }
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                workers.add(worker);
                worker.start();
            }
            for (Thread worker : workers) {
                worker.join(TimeUnit.MINUTES.toMillis(3));
                assertFalse(worker.isAlive(), "seed " + seed + ": a worker is stuck");
            }
            assertTrue(failures.isEmpty(), () -> "seed " + seed + ": " + failures);
            assertTrue(physical.size() <= POOL, "seed " + seed + ": " + physical.size() + " connections for a pool of "
                + POOL);
            try (Connection c = pool.getConnection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT sum(n) FROM counter")) {
                assertTrue(rs.next());
                assertEquals(committed.get(), rs.getLong(1), "seed " + seed + ": every committed increment, once");
            }
            assertTrue(committed.get() > THREADS * BORROWS / 2, "most borrows committed: " + committed.get());
        }
    }

    /** One borrower: checks the clean state, changes some of it, increments a counter; true if it committed. */
    private static boolean borrowOnce(HikariDataSource pool, Random random, Set<VersoConnection> physical)
        throws SQLException {
        try (Connection c = pool.getConnection()) {
            physical.add(c.unwrap(VersoConnection.class));
            assertTrue(c.getAutoCommit(), "a borrowed connection autocommits");
            assertFalse(c.isReadOnly(), "a borrowed connection is not read-only");
            assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation(),
                "a borrowed connection has the default isolation");
            int[] levels = {Connection.TRANSACTION_READ_COMMITTED, Connection.TRANSACTION_REPEATABLE_READ,
                Connection.TRANSACTION_SERIALIZABLE};
            c.setTransactionIsolation(levels[random.nextInt(levels.length)]);
            if (random.nextInt(5) == 0) {
                c.setReadOnly(true);
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM counter")) {
                    assertTrue(rs.next());
                    assertEquals(4, rs.getInt(1));
                }
                return false;
            }
            boolean explicit = random.nextBoolean();
            c.setAutoCommit(!explicit);
            try (PreparedStatement ps = c.prepareStatement("UPDATE counter SET n = n + 1 WHERE id = ?")) {
                ps.setInt(1, random.nextInt(4));
                assertEquals(1, ps.executeUpdate());
                if (explicit) {
                    if (random.nextInt(4) == 0) {
                        c.rollback();
                        return false;
                    }
                    c.commit();
                }
                return true;
            } catch (SQLException e) {
                // Only an explicit transaction may meet a conflict: autocommit statements are retried inside.
                if (!explicit || !e.getSQLState().startsWith("40")) {
                    throw e;
                }
                c.rollback();
                return false;
            }
        }
    }
}
