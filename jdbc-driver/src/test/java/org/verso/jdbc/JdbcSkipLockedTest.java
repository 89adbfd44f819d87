package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A job queue as applications build one on PostgreSQL: workers at READ COMMITTED each take the first job nobody holds
 * with {@code SELECT ... ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED}, mark it done and commit. Every job is done
 * exactly once, no worker waits for another or fails, and the jobs held while a worker looks are passed over, not
 * waited for. Pauses inside the transactions are random; the seed is printed ({@code -Dverso.seed} replays it).
 */
class JdbcSkipLockedTest {
    private static final int JOBS = 400;
    private static final int WORKERS = 6;

    @Test
    @Timeout(120)
    void workersTakeEveryJobExactlyOnceWithoutWaiting() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("JdbcSkipLockedTest seed=" + seed);
        String url = JdbcTestSupport.freshMemoryUrl("queue");
        try (Connection admin = connect(url)) {
            exec(admin, "CREATE TABLE jobs (id INT PRIMARY KEY, done BOOLEAN NOT NULL, worker INT)");
            try (PreparedStatement insert = admin.prepareStatement("INSERT INTO jobs VALUES (?, FALSE, NULL)")) {
                for (int i = 0; i < JOBS; i++) {
                    insert.setInt(1, i);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            Map<Integer, Integer> takenBy = new ConcurrentHashMap<>();
            AtomicLong duplicates = new AtomicLong();
            AtomicLong skippedBusy = new AtomicLong();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> workers = new ArrayList<>();
            for (int w = 0; w < WORKERS; w++) {
                int worker = w;
                Random random = new Random(seed + w);
                workers.add(new Thread(() -> {
                    try (Connection c = connect(url)) {
                        c.setAutoCommit(false);
                        c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                        work(c, worker, random, takenBy, duplicates, skippedBusy);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "worker-" + w));
            }
            workers.forEach(Thread::start);
            for (Thread t : workers) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("seed " + seed, failure.get());
            }
            assertEquals(0, duplicates.get(), "no job was taken twice");
            assertEquals(JOBS, takenBy.size(), "every job was taken");
            assertEquals(JOBS, queryLong(admin, "SELECT COUNT(*) FROM jobs WHERE done"));
            for (Map.Entry<Integer, Integer> e : takenBy.entrySet()) {
                assertEquals(e.getValue().longValue(), queryLong(admin, "SELECT worker FROM jobs WHERE id = " + e.getKey()));
            }
            assertTrue(takenBy.values().stream().distinct().count() > 1, "more than one worker took jobs");
            System.out.println("JdbcSkipLockedTest: " + JOBS + " jobs, " + skippedBusy.get()
                + " looks found the first free job held by another worker and took the next");
        }
    }

    private static void work(Connection c, int worker, Random random, Map<Integer, Integer> takenBy,
                             AtomicLong duplicates, AtomicLong skippedBusy) throws SQLException {
        try (PreparedStatement take = c.prepareStatement(
                "SELECT id FROM jobs WHERE NOT done ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED");
             PreparedStatement first = c.prepareStatement("SELECT MIN(id) FROM jobs WHERE NOT done");
             PreparedStatement finish = c.prepareStatement("UPDATE jobs SET done = TRUE, worker = ? WHERE id = ?")) {
            while (true) {
                int job;
                try (ResultSet rs = take.executeQuery()) {
                    if (!rs.next()) {
                        c.commit();
                        return; // every job is done or held by a worker that will finish it
                    }
                    job = rs.getInt(1);
                }
                try (ResultSet rs = first.executeQuery()) {
                    if (rs.next() && rs.getInt(1) < job) {
                        skippedBusy.incrementAndGet();
                    }
                }
                if (takenBy.putIfAbsent(job, worker) != null) {
                    duplicates.incrementAndGet();
                }
                LockSupport.parkNanos(random.nextInt(200_000)); // the work, while the job is held
                finish.setInt(1, worker);
                finish.setInt(2, job);
                assertEquals(1, finish.executeUpdate());
                c.commit();
            }
        }
    }
}
