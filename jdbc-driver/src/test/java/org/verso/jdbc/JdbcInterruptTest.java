package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interrupted threads (Future.cancel(true), shutdownNow(), request timeouts) must not break a file database: a
 * statement run with the interrupt flag set works, the thread keeps its flag, and every later statement on every
 * connection works, also after a restart.
 */
class JdbcInterruptTest {
    @Test
    void anInterruptedThreadDoesNotBreakTheDatabase(@TempDir Path dir) throws Exception {
        String url = "jdbc:verso:" + dir;
        try (Connection keeper = JdbcTestSupport.connect(url)) {
            JdbcTestSupport.exec(keeper, "CREATE TABLE t (id INT NOT NULL, v INT NOT NULL, PRIMARY KEY (id))");
            List<Throwable> failures = new ArrayList<>();
            boolean[] stillInterrupted = new boolean[1];
            Thread interrupted = new Thread(() -> {
                try (Connection c = JdbcTestSupport.connect(url)) {
                    Thread.currentThread().interrupt();
                    JdbcTestSupport.exec(c, "INSERT INTO t VALUES (1, 1)");
                    JdbcTestSupport.exec(c, "CREATE TABLE u (id INT NOT NULL, PRIMARY KEY (id))");
                    stillInterrupted[0] = Thread.currentThread().isInterrupted();
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            interrupted.start();
            interrupted.join();
            assertTrue(failures.isEmpty(), () -> "statements of an interrupted thread: " + failures);
            assertTrue(stillInterrupted[0], "the thread still sees its interrupt");
            JdbcTestSupport.exec(keeper, "INSERT INTO t VALUES (2, 2)");
            JdbcTestSupport.exec(keeper, "INSERT INTO u VALUES (1)");
            assertEquals(2, JdbcTestSupport.queryLong(keeper, "SELECT COUNT(*) FROM t"));
        }
        try (Connection reopened = JdbcTestSupport.connect(url)) {
            assertEquals(2, JdbcTestSupport.queryLong(reopened, "SELECT COUNT(*) FROM t"));
        }
    }

    @Test
    void executorsCancellingWorkersNeverBreakOtherConnections(@TempDir Path dir) throws Exception {
        long seed = System.nanoTime();
        System.out.println("JdbcInterruptTest seed=" + seed);
        Random random = new Random(seed);
        String url = "jdbc:verso:" + dir;
        AtomicLong acknowledged = new AtomicLong();
        try (Connection keeper = JdbcTestSupport.connect(url)) {
            JdbcTestSupport.exec(keeper, "CREATE TABLE t (id BIGINT NOT NULL, PRIMARY KEY (id))");
            AtomicLong ids = new AtomicLong();
            for (int round = 0; round < 20; round++) {
                ExecutorService pool = Executors.newFixedThreadPool(4);
                List<Future<?>> work = new ArrayList<>();
                for (int w = 0; w < 4; w++) {
                    work.add(pool.submit(() -> {
                        try (Connection c = JdbcTestSupport.connect(url)) {
                            while (!Thread.currentThread().isInterrupted()) {
                                JdbcTestSupport.exec(c, "INSERT INTO t VALUES (" + ids.incrementAndGet() + ")");
                                acknowledged.incrementAndGet();
                            }
                        } catch (SQLException e) {
                            // A statement may fail cleanly once its thread is interrupted; the database must not.
                        }
                        return null;
                    }));
                }
                long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20 + random.nextInt(50));
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                work.get(random.nextInt(work.size())).cancel(true);
                pool.shutdownNow();
                assertTrue(pool.awaitTermination(1, TimeUnit.MINUTES));
                JdbcTestSupport.exec(keeper, "INSERT INTO t VALUES (" + (-1 - round) + ")");
            }
            long rows = JdbcTestSupport.queryLong(keeper, "SELECT COUNT(*) FROM t");
            assertTrue(rows >= acknowledged.get() + 20, "seed " + seed + ": every acknowledged insert is there");
        }
        try (Connection reopened = JdbcTestSupport.connect(url)) {
            assertTrue(JdbcTestSupport.queryLong(reopened, "SELECT COUNT(*) FROM t") >= acknowledged.get() + 20);
        }
    }
}
