package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ALTER TABLE ... DROP COLUMN and ADD COLUMN through JDBC while other connections keep reading and writing the
 * table with prepared statements, in autocommit and in transaction blocks. Dropping a column before the ones the
 * statements use moves those columns; a statement planned before such a drop and still running fails with 55000 and
 * changes nothing, and the next execution is planned again. No statement reads or writes a value in the wrong
 * column: {@code twice} is always twice {@code bal}, and every acknowledged change is in the final balances, live
 * and after reopening. The schedule is randomised; the seed is printed ({@code -Dverso.seed} replays it).
 */
class JdbcDropColumnTest {
    private static final int ACCOUNTS = 200;
    private static final int WORKERS = 4;
    private static final int PADS = 6;
    private static final Set<String> EXPECTED = Set.of("55000", "40001");

    @Test
    @Timeout(300)
    void statementsRunningAcrossDropsFailCleanlyAndNoValueLandsInTheWrongColumn(@TempDir Path dir) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("JdbcDropColumnTest seed=" + seed);
        String url = "jdbc:verso:" + dir;
        Map<Integer, Long> committed = new ConcurrentHashMap<>(); // id -> the sum of acknowledged changes to bal
        AtomicLong columnFailures = new AtomicLong();
        AtomicLong statements = new AtomicLong();
        try (Connection ddl = connect(url)) {
            StringBuilder create = new StringBuilder("CREATE TABLE acct (id INT PRIMARY KEY");
            for (int p = 0; p < PADS; p++) {
                create.append(", pad").append(p).append(" VARCHAR(12) DEFAULT 'pad").append(p).append('\'');
            }
            exec(ddl, create.append(", bal BIGINT NOT NULL, twice BIGINT NOT NULL)").toString());
            exec(ddl, "CREATE INDEX acct_twice ON acct (twice)");
            try (PreparedStatement insert = ddl.prepareStatement("INSERT INTO acct (id, bal, twice) VALUES (?, ?, ?)")) {
                for (int id = 0; id < ACCOUNTS; id++) {
                    insert.setInt(1, id);
                    insert.setLong(2, 1000);
                    insert.setLong(3, 2000);
                    insert.executeUpdate();
                    committed.put(id, 0L);
                }
            }

            AtomicBoolean running = new AtomicBoolean(true);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> workers = new ArrayList<>();
            for (int w = 0; w < WORKERS; w++) {
                Random random = new Random(seed + w);
                int worker = w;
                workers.add(new Thread(() -> {
                    try (Connection c = connect(url)) {
                        work(c, random, worker, running, committed, columnFailures, statements);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "worker-" + w));
            }
            workers.forEach(Thread::start);
            Random random = new Random(seed);
            for (int p = 0; p < PADS; p++) {
                Thread.sleep(20 + random.nextInt(60));
                exec(ddl, "ALTER TABLE acct ADD COLUMN extra" + p + " VARCHAR(5) DEFAULT 'x'");
                Thread.sleep(20 + random.nextInt(60));
                exec(ddl, "ALTER TABLE acct DROP COLUMN pad" + p); // moves bal and twice one place down
                if (p % 2 == 1) {
                    exec(ddl, "ALTER TABLE acct DROP COLUMN extra" + (p - 1));
                }
            }
            Thread.sleep(100);
            running.set(false);
            for (Thread t : workers) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("seed " + seed, failure.get());
            }
            assertTrue(statements.get() > 300, "the workers ran " + statements.get() + " statements");
            assertConsistent(ddl, committed, "live, seed " + seed);
        }
        try (Connection c = connect(url)) {
            assertConsistent(c, committed, "reopened, seed " + seed);
        }
        System.out.println("JdbcDropColumnTest: " + statements.get() + " statements, " + columnFailures.get()
            + " failed with 55000 across a drop");
    }

    private static void work(Connection c, Random random, int worker, AtomicBoolean running,
                             Map<Integer, Long> committed, AtomicLong columnFailures, AtomicLong statements)
        throws SQLException {
        try (PreparedStatement add = c.prepareStatement(
                "UPDATE acct SET bal = bal + ?, twice = twice + 2 * ? WHERE id = ?");
             PreparedStatement read = c.prepareStatement("SELECT id, bal, twice FROM acct WHERE id = ?");
             PreparedStatement star = c.prepareStatement("SELECT * FROM acct WHERE twice = ?");
             PreparedStatement sums = c.prepareStatement("SELECT SUM(bal), SUM(twice), COUNT(*) FROM acct")) {
            while (running.get()) {
                int id = random.nextInt(ACCOUNTS / WORKERS) * WORKERS + worker; // each worker its own accounts
                long delta = random.nextInt(21) - 10;
                statements.incrementAndGet();
                try {
                    switch (random.nextInt(5)) {
                        case 0 -> {
                            set(add, delta, delta, id);
                            assertEquals(1, add.executeUpdate());
                            committed.merge(id, delta, Long::sum);
                        }
                        case 1 -> { // a transaction block: two changes that commit together or not at all
                            int other = random.nextInt(ACCOUNTS / WORKERS) * WORKERS + worker;
                            c.setAutoCommit(false);
                            try {
                                set(add, delta, delta, id);
                                add.executeUpdate();
                                set(add, -delta, -delta, other);
                                add.executeUpdate();
                                c.commit();
                                committed.merge(id, delta, Long::sum);
                                committed.merge(other, -delta, Long::sum);
                            } catch (SQLException e) {
                                c.rollback();
                                throw e;
                            } finally {
                                c.setAutoCommit(true);
                            }
                        }
                        case 2 -> {
                            read.setInt(1, id);
                            try (ResultSet rs = read.executeQuery()) {
                                assertTrue(rs.next());
                                assertEquals(2 * rs.getLong(2), rs.getLong(3), "row " + id);
                            }
                        }
                        case 3 -> {
                            read.setInt(1, id);
                            long twice;
                            try (ResultSet rs = read.executeQuery()) {
                                assertTrue(rs.next());
                                twice = rs.getLong(3);
                            }
                            star.setLong(1, twice);
                            try (ResultSet rs = star.executeQuery()) {
                                ResultSetMetaData meta = rs.getMetaData();
                                while (rs.next()) { // by name: the columns of * change with every drop
                                    assertEquals(2 * rs.getLong("BAL"), rs.getLong("TWICE"));
                                    assertEquals(twice, rs.getLong("TWICE"));
                                    assertEquals("BAL", meta.getColumnName(meta.getColumnCount() - 1 - extras(meta)));
                                }
                            }
                        }
                        default -> {
                            try (ResultSet rs = sums.executeQuery()) {
                                assertTrue(rs.next());
                                assertEquals(2 * rs.getLong(1), rs.getLong(2), "the sums");
                                assertEquals(ACCOUNTS, rs.getLong(3));
                            }
                        }
                    }
                } catch (SQLException e) {
                    if (!EXPECTED.contains(e.getSQLState())) {
                        throw e;
                    }
                    if ("55000".equals(e.getSQLState())) {
                        columnFailures.incrementAndGet();
                    }
                }
            }
        }
    }

    /** How many EXTRA columns follow TWICE in a result of SELECT *. */
    private static int extras(ResultSetMetaData meta) throws SQLException {
        int extras = 0;
        for (int i = meta.getColumnCount(); i > 0 && meta.getColumnName(i).startsWith("EXTRA"); i--) {
            extras++;
        }
        return extras;
    }

    private static void set(PreparedStatement add, long delta, long twiceDelta, int id) throws SQLException {
        add.setLong(1, delta);
        add.setLong(2, twiceDelta);
        add.setInt(3, id);
    }

    /** Every balance is its start plus the acknowledged changes; twice is twice it; the index on twice finds it. */
    private static void assertConsistent(Connection c, Map<Integer, Long> committed, String what) throws SQLException {
        Map<Integer, long[]> rows = new HashMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id, bal, twice FROM acct")) {
            while (rs.next()) {
                rows.put(rs.getInt(1), new long[] {rs.getLong(2), rs.getLong(3)});
            }
        }
        assertEquals(ACCOUNTS, rows.size(), what);
        try (PreparedStatement byTwice = c.prepareStatement("SELECT COUNT(*) FROM acct WHERE twice = ? AND id = ?")) {
            for (Map.Entry<Integer, long[]> e : rows.entrySet()) {
                long bal = e.getValue()[0];
                assertEquals(1000 + committed.get(e.getKey()), bal, what + ": balance of " + e.getKey());
                assertEquals(2 * bal, e.getValue()[1], what + ": twice of " + e.getKey());
                byTwice.setLong(1, e.getValue()[1]);
                byTwice.setInt(2, e.getKey());
                try (ResultSet rs = byTwice.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(1, rs.getLong(1), what + ": the index on twice finds " + e.getKey());
                }
            }
        }
        assertEquals(List.of("ID", "BAL", "TWICE", "EXTRA1", "EXTRA3", "EXTRA5"), columns(c), what);
        assertSqlState("42703", () -> queryLong(c, "SELECT COUNT(pad0) FROM acct"));
    }

    private static List<String> columns(Connection c) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getColumns(null, null, "ACCT", null)) {
            while (rs.next()) {
                names.add(rs.getString("COLUMN_NAME"));
            }
        }
        return names;
    }
}
