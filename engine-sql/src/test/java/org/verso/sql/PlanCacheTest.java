package org.verso.sql;

import org.verso.sql.api.PreparedSql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.verso.sql.api.DatabaseLease;
import org.verso.sql.api.DatabaseSettings;
import org.verso.sql.api.Databases;
import org.verso.sql.api.SqlSession;

/** The plan cache is shared by sessions, hit without any planning, and invalidated by DDL. */
class PlanCacheTest extends SqlTestSupport {
    @Test
    void leasesOfOneDatabaseShareOneEngineAndItsPlanCache() {
        DatabaseSettings settings = DatabaseSettings.parse("mem:plans-" + UUID.randomUUID());
        try (DatabaseLease first = Databases.open(settings); DatabaseLease second = Databases.open(settings);
             SqlSession a = first.openSession(); SqlSession b = second.openSession()) {
            assertSame(a.prepare("SELECT 1 FROM (VALUES (0))"), b.prepare("SELECT 1 FROM (VALUES (0))"));
        }
    }

    @Test
    void reExecutionAndOtherSessionsDoNoPlanning() {
        execute("CREATE TABLE t (id INT NOT NULL, v INT, PRIMARY KEY (id))");
        String insert = "INSERT INTO t VALUES (?, ?)";
        update(insert, 1, 10);
        long planned = engine.planCount();
        for (int i = 2; i <= 50; i++) {
            update(insert, i, i * 10);
        }
        try (Session other = engine.openSession()) {
            PreparedSql again = other.prepare(insert);
            assertSame(session.prepare(insert), again);
            other.execute(again, new Object[] {51, 510});
        }
        assertEquals(planned, engine.planCount());
        assertEquals(List.of(row(51L)), query("SELECT COUNT(*) FROM t"));
    }

    /**
     * A session finds the plans of the texts it prepared last by the very string (RecentPlans), an equal string
     * through the shared cache, and neither across DDL; DDL itself is planned anew each time.
     */
    @Test
    void aSessionPreparesItsRecentTextsAgainAsTheSharedCacheWould() {
        execute("CREATE TABLE t (id INT NOT NULL, v INT, PRIMARY KEY (id))");
        String sql = "SELECT v FROM t WHERE id = ?";
        PreparedSql first = session.prepare(sql);
        long planned = engine.planCount();
        assertSame(first, session.prepare(sql));
        assertSame(first, session.prepare(new String(sql.toCharArray())));
        assertEquals(planned, engine.planCount());
        String ddl = "CREATE TABLE u (id INT PRIMARY KEY)";
        assertNotSame(session.prepare(ddl), session.prepare(ddl));
        execute("ALTER TABLE t ADD COLUMN w INT");
        PreparedSql after = session.prepare(sql);
        assertNotSame(first, after);
        assertSame(after, session.prepare(sql));
    }

    @Test
    void ddlInvalidatesCachedPlans() {
        execute("CREATE TABLE t (id INT NOT NULL, v INT, PRIMARY KEY (id))");
        update("INSERT INTO t VALUES (1, 10)");
        PreparedSql select = session.prepare("SELECT * FROM t");
        assertEquals(List.of(row(1, 10)), rows(session.execute(select, new Object[0])));

        execute("DROP TABLE t");
        assertFails("42P01", "SELECT * FROM t");
        execute("CREATE TABLE t (id INT NOT NULL, v VARCHAR(5), w INT, PRIMARY KEY (id))");
        update("INSERT INTO t VALUES (2, 'x', 3)");

        PreparedSql replanned = session.prepare("SELECT * FROM t");
        assertNotSame(select, replanned);
        assertEquals(3, replanned.columns().size());
        // a statement prepared before the DDL is planned again when it runs
        assertEquals(List.of(row(2, "x", 3)), rows(session.execute(select, new Object[0])));
    }
    /**
     * Statements planned at once by many sessions share one catalog snapshot per catalog version, while DDL moves
     * the version on: every new text (direct path and planner alike) answers from the tables as they are when it is
     * planned. Random texts and DDL timing; the seed is printed.
     */
    @Test
    void concurrentPlanningAcrossCatalogVersions() throws Exception {
        execute("CREATE TABLE t (id INT NOT NULL, v INT, PRIMARY KEY (id))");
        for (int i = 0; i < 20; i++) {
            update("INSERT INTO t VALUES (?, ?)", i, i * 10);
        }
        long seed = System.nanoTime();
        System.out.println("PlanCacheTest concurrent planning seed=" + seed);
        int threads = 4;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads + 1);
        java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean(true);
        try {
            java.util.concurrent.Future<Integer> ddl = pool.submit(() -> {
                java.util.Random random = new java.util.Random(seed);
                int changes = 0;
                try (Session own = engine.openSession()) {
                    while (running.get()) {
                        String table = "side" + (changes % 3);
                        own.execute(own.prepare("CREATE TABLE " + table + "_" + changes + " (k INT PRIMARY KEY)"),
                            new Object[0]);
                        changes++;
                        Thread.sleep(random.nextInt(3));
                    }
                }
                return changes;
            });
            List<java.util.concurrent.Future<Integer>> planners = new java.util.ArrayList<>();
            for (int w = 0; w < threads; w++) {
                long workerSeed = seed + w + 1;
                int worker = w;
                planners.add(pool.submit(() -> {
                    java.util.Random random = new java.util.Random(workerSeed);
                    try (Session own = engine.openSession()) {
                        for (int n = 0; n < 300; n++) {
                            int id = random.nextInt(20);
                            int add = random.nextInt(1000);
                            // A new alias each time: a new text and a new shape, planned afresh.
                            String alias = "c" + worker + "_" + n;
                            String sql = switch (random.nextInt(3)) {
                                case 0 -> "SELECT v + " + add + " AS " + alias + " FROM t WHERE id = " + id;
                                case 1 -> "SELECT COALESCE(v, 0) + " + add + " AS " + alias
                                    + " FROM t WHERE id = " + id + " ORDER BY 1 NULLS FIRST";
                                default -> "SELECT x.v + " + add + " AS " + alias + " FROM t AS x JOIN t AS y"
                                    + " ON x.id = y.id WHERE x.id = " + id;
                            };
                            List<List<Object>> rows = rows(own.execute(own.prepare(sql), new Object[0]));
                            assertEquals(List.of(row(id * 10 + add)), rows, "seed " + seed + ": " + sql);
                        }
                    }
                    return 300;
                }));
            }
            for (java.util.concurrent.Future<Integer> planner : planners) {
                assertEquals(300, planner.get(2, java.util.concurrent.TimeUnit.MINUTES));
            }
            running.set(false);
            org.junit.jupiter.api.Assertions.assertTrue(ddl.get(1, java.util.concurrent.TimeUnit.MINUTES) > 0);
        } finally {
            running.set(false);
            pool.shutdownNow();
        }
    }
}
