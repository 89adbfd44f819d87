package org.verso.sql.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.SqlState;
import org.verso.common.VersoException;

/** One registry, reference counted: leases share a database, the last release closes it. */
class DatabasesTest {
    private static DatabaseSettings memory(String prefix) {
        return DatabaseSettings.parse("mem:" + prefix + "-" + UUID.randomUUID());
    }

    private static long count(SqlSession session, String sql) {
        try (ResultRows rows = session.execute(sql).rows()) {
            assertTrue(rows.next());
            return ((Number) rows.get(0)).longValue();
        }
    }

    @Test
    void leasesShareOneDatabaseAndTheLastReleaseClosesIt() {
        DatabaseSettings settings = memory("share");
        DatabaseLease first = Databases.open(settings);
        try (SqlSession s = first.openSession()) {
            s.execute("CREATE TABLE t (a INT)");
            s.execute("INSERT INTO t VALUES (1)");
        }
        DatabaseLease second = Databases.open(settings);
        assertEquals(2, Databases.leaseCount(settings));
        first.close();
        first.close(); // idempotent: one lease is released once
        assertEquals(1, Databases.leaseCount(settings));
        try (SqlSession s = second.openSession()) {
            assertEquals(1, count(s, "SELECT COUNT(*) FROM t"));
        }
        second.close();
        assertEquals(0, Databases.leaseCount(settings));
        try (DatabaseLease again = Databases.open(settings); SqlSession s = again.openSession()) {
            assertEquals(SqlState.UNDEFINED_TABLE,
                assertThrows(VersoException.class, () -> s.execute("SELECT COUNT(*) FROM t")).sqlState(),
                "an in-memory database disappears with its last lease");
        }
    }

    @Test
    void aReleasedLeaseOpensNoSession() {
        DatabaseLease lease = Databases.open(memory("released"));
        SqlSession open = lease.openSession();
        lease.close();
        assertTrue(lease.isReleased());
        assertEquals(SqlState.CONNECTION_DOES_NOT_EXIST,
            assertThrows(VersoException.class, lease::openSession).sqlState());
        assertEquals(SqlState.CONNECTION_DOES_NOT_EXIST,
            assertThrows(VersoException.class, () -> open.execute("SELECT 1 FROM (VALUES (0))")).sqlState(),
            "the database closed with its last lease");
    }

    @Test
    void directoriesSurviveTheirLastLease(@TempDir Path dir) {
        DatabaseSettings settings = DatabaseSettings.parse(dir.resolve("db").toString());
        try (DatabaseLease lease = Databases.open(settings); SqlSession s = lease.openSession()) {
            s.execute("CREATE TABLE t (a INT)");
            s.execute("INSERT INTO t VALUES (1), (2)");
        }
        assertEquals(0, Databases.leaseCount(settings));
        DatabaseSettings spelledOtherwise = DatabaseSettings.parse(dir.resolve("x/../db").toString());
        try (DatabaseLease lease = Databases.open(spelledOtherwise); SqlSession s = lease.openSession()) {
            assertEquals(2, count(s, "SELECT COUNT(*) FROM t"));
            assertEquals(1, Databases.leaseCount(settings));
        }
    }

    /**
     * Many threads take and release leases on a few databases at random. Every lease finds its database open, a
     * directory is never opened twice at once (a second open would fail with 08001, its lock being held), every
     * committed row survives the closes and reopens, and at the end nothing is held.
     */
    @Test
    void concurrentLeasesAndReleases(@TempDir Path dir) throws Exception {
        long seed = System.nanoTime();
        System.out.println("DatabasesTest.concurrentLeasesAndReleases seed=" + seed);
        List<DatabaseSettings> databases = List.of(DatabaseSettings.parse(dir.resolve("a").toString()),
            DatabaseSettings.parse(dir.resolve("b").toString()), memory("c"));
        AtomicLong[] inserted = {new AtomicLong(), new AtomicLong(), new AtomicLong()};
        for (DatabaseSettings settings : databases.subList(0, 2)) {
            try (DatabaseLease lease = Databases.open(settings); SqlSession s = lease.openSession()) {
                s.execute("CREATE TABLE t (a INT)");
            }
        }
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Random random = new Random(seed + t);
                work.add(pool.submit(() -> {
                    for (int i = 0; i < 25; i++) {
                        int which = random.nextInt(databases.size());
                        try (DatabaseLease lease = Databases.open(databases.get(which));
                             SqlSession s = lease.openSession()) {
                            assertTrue(Databases.leaseCount(databases.get(which)) >= 1);
                            if (databases.get(which).isInMemory()) {
                                // a fresh in-memory database each time its last lease went away
                                assertTrue(count(s, "SELECT COUNT(*) FROM information_schema.tables") >= 0);
                            } else {
                                s.execute("INSERT INTO t VALUES (1)");
                                inserted[which].incrementAndGet();
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : work) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        for (int i = 0; i < databases.size(); i++) {
            assertEquals(0, Databases.leaseCount(databases.get(i)));
        }
        for (int i = 0; i < 2; i++) {
            try (DatabaseLease lease = Databases.open(databases.get(i)); SqlSession s = lease.openSession()) {
                assertEquals(inserted[i].get(), count(s, "SELECT COUNT(*) FROM t"), "database " + i);
            }
        }
    }
}
