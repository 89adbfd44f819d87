package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The multi-table writers' workload as an application sends it: connections at REPEATABLE_READ, two tables of 16
 * rows with a table-level primary key, each transaction adding 1 to 2-4 random rows of either table in random order
 * ({@code UPDATE ta SET v = v + 1 WHERE id = ?}) and committing, retrying on 40001 and 40P01. Every connection must
 * keep making progress (a stuck run fails with a thread dump), and each row must end up holding exactly the
 * increments of the transactions that committed. The seed is printed.
 */
class JdbcConcurrentWritersTest {
    private static final int ROWS = 16;

    @Test
    void multiTableWritersKeepCommitting() throws Exception {
        run(8, 400);
    }

    @Test
    @Tag("slow")
    void multiTableWritersSoak() throws Exception {
        run(16, 10_000);
    }

    private void run(int connections, int transactionsEach) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("JdbcConcurrentWritersTest seed=" + seed + " connections=" + connections);
        String url = JdbcTestSupport.freshMemoryUrl("writers");
        try (Connection setup = JdbcTestSupport.connect(url)) {
            for (String t : new String[] {"TA", "TB"}) {
                JdbcTestSupport.exec(setup, "CREATE TABLE " + t + " (id INTEGER NOT NULL, v BIGINT NOT NULL, "
                    + "PRIMARY KEY (id))");
                for (int i = 0; i < ROWS; i++) {
                    JdbcTestSupport.exec(setup, "INSERT INTO " + t + " VALUES (" + i + ", 0)");
                }
            }
            AtomicLongArray committed = new AtomicLongArray(2 * ROWS);
            AtomicLong retries = new AtomicLong();
            ExecutorService pool = Executors.newFixedThreadPool(connections);
            List<Future<?>> futures = new ArrayList<>();
            for (int c = 0; c < connections; c++) {
                Random random = new Random(seed + c);
                futures.add(pool.submit(() -> {
                    try (Connection conn = JdbcTestSupport.connect(url)) {
                        conn.setAutoCommit(false);
                        conn.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
                        for (int n = 0; n < transactionsEach; n++) {
                            transferUntilCommitted(conn, random, committed, retries);
                        }
                    }
                    return null;
                }));
            }
            pool.shutdown();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(connections * transactionsEach > 10_000
                ? 15 : 2);
            for (Future<?> f : futures) {
                try {
                    f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    fail("seed " + seed + ": connections stopped making progress\n" + threadDump());
                }
            }
            System.out.println("retries after 40001/40P01: " + retries.get());
            for (int t = 0; t < 2; t++) {
                for (int i = 0; i < ROWS; i++) {
                    long v = JdbcTestSupport.queryLong(setup, "SELECT v FROM " + (t == 0 ? "TA" : "TB")
                        + " WHERE id = " + i);
                    assertEquals(committed.get(t * ROWS + i), v, "seed " + seed + " table " + t + " row " + i);
                }
            }
            long total = JdbcTestSupport.queryLong(setup, "SELECT SUM(v) FROM TA")
                + JdbcTestSupport.queryLong(setup, "SELECT SUM(v) FROM TB");
            assertTrue(total >= (long) connections * transactionsEach * 2, "every transaction committed once");
        }
    }

    private static void transferUntilCommitted(Connection conn, Random random, AtomicLongArray committed,
                                               AtomicLong retries) throws SQLException {
        int rows = 2 + random.nextInt(3);
        int[] picks = new int[rows];
        for (int i = 0; i < rows; i++) {
            picks[i] = random.nextInt(2 * ROWS);
        }
        while (true) {
            try {
                for (int pick : picks) {
                    String table = pick < ROWS ? "TA" : "TB";
                    try (PreparedStatement ps = conn.prepareStatement("UPDATE " + table
                        + " SET v = v + 1 WHERE id = ?")) {
                        ps.setInt(1, pick % ROWS);
                        assertEquals(1, ps.executeUpdate());
                    }
                }
                conn.commit();
                for (int pick : picks) {
                    committed.incrementAndGet(pick);
                }
                return;
            } catch (SQLException e) {
                if (!"40001".equals(e.getSQLState()) && !"40P01".equals(e.getSQLState())) {
                    throw e;
                }
                retries.incrementAndGet();
                conn.rollback();
            }
        }
    }

    private static String threadDump() {
        StringBuilder out = new StringBuilder();
        long[] deadlocked = ManagementFactory.getThreadMXBean().findDeadlockedThreads();
        if (deadlocked != null) {
            out.append("Java-level deadlock among ").append(deadlocked.length).append(" threads\n");
        }
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            out.append(info);
        }
        return out.toString();
    }
}
