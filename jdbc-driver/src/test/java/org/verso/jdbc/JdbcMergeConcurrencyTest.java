package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/**
 * MERGE from many connections at once, as an application counts events through JDBC ({@code USING (VALUES (?)) AS
 * s (k)}), on a few keys of which some exist and some do not (the seed is printed). Every MERGE that committed must
 * be counted exactly once in its key's row. Two connections inserting the same new key meet as two INSERTs do: one
 * fails with 23505 and runs again (PostgreSQL's MERGE does the same); at REPEATABLE READ a row changed after the
 * snapshot fails with 40001, at READ COMMITTED its newest version is updated. Transactions of two keys in either order
 * may deadlock (40P01) and run again.
 */
class JdbcMergeConcurrencyTest {
    private static final int KEYS = 8;
    private static final String MERGE = "MERGE INTO counter AS c USING (VALUES (?)) AS s (k) ON c.k = s.k "
        + "WHEN MATCHED THEN UPDATE SET n = c.n + 1 WHEN NOT MATCHED THEN INSERT VALUES (s.k, 1)";

    @Test
    void mergesAtReadCommittedCountEveryCommittedOneOnce() throws Exception {
        run(Connection.TRANSACTION_READ_COMMITTED, Set.of("23505", "40P01")); // two keys in either order may deadlock
    }

    @Test
    void mergesAtRepeatableReadCountEveryCommittedOneOnce() throws Exception {
        run(Connection.TRANSACTION_REPEATABLE_READ, Set.of("23505", "40001", "40P01"));
    }

    /**
     * A counter that each MERGE moves one step round a cycle (absent, 1, 2, 3, 4, 5, absent, ...: inserted, updated,
     * deleted at 5), so that a key's final state depends only on how many MERGEs of it committed: at READ COMMITTED
     * a MERGE that meets a row another changed or deleted tries its clauses again on what is there now.
     */
    @Test
    void mergesThatInsertUpdateAndDeleteKeepEachKeyOnItsCycle() throws Exception {
        for (int isolation : new int[] {Connection.TRANSACTION_READ_COMMITTED,
            Connection.TRANSACTION_REPEATABLE_READ}) {
            long seed = Long.getLong("verso.seed", System.nanoTime());
            System.out.println("JdbcMergeConcurrencyTest cycle seed=" + seed + " isolation=" + isolation);
            String url = JdbcTestSupport.freshMemoryUrl("merge-cycle");
            try (Connection setup = JdbcTestSupport.connect(url)) {
                JdbcTestSupport.exec(setup, "CREATE TABLE counter (k INT PRIMARY KEY, n BIGINT NOT NULL)");
                AtomicLongArray committed = new AtomicLongArray(KEYS);
                JdbcTestSupport.inConnections(url, seed, 8, (conn, random) -> {
                    conn.setTransactionIsolation(isolation);
                    try (PreparedStatement ps = conn.prepareStatement("MERGE INTO counter AS c "
                        + "USING (VALUES (?)) AS s (k) ON c.k = s.k "
                        + "WHEN MATCHED AND c.n >= 5 THEN DELETE "
                        + "WHEN MATCHED THEN UPDATE SET n = c.n + 1 "
                        + "WHEN NOT MATCHED THEN INSERT VALUES (s.k, 1)")) {
                        for (int t = 0; t < 150; t++) {
                            int key = random.nextInt(KEYS / 2);
                            while (true) {
                                try {
                                    ps.setInt(1, key);
                                    assertEquals(1, ps.executeUpdate(), "one row inserted, updated or deleted");
                                    break;
                                } catch (SQLException e) {
                                    if (!"23505".equals(e.getSQLState()) && !"40001".equals(e.getSQLState())) {
                                        throw e;
                                    }
                                }
                            }
                            committed.incrementAndGet(key);
                        }
                    }
                });
                for (int key = 0; key < KEYS / 2; key++) {
                    long step = committed.get(key) % 6;
                    assertEquals(step == 0 ? 0 : 1, JdbcTestSupport.queryLong(setup,
                        "SELECT COUNT(*) FROM counter WHERE k = " + key), "seed " + seed + " key " + key);
                    if (step > 0) {
                        assertEquals(step, JdbcTestSupport.queryLong(setup, "SELECT n FROM counter WHERE k = " + key),
                            "seed " + seed + " key " + key + " after " + committed.get(key) + " merges");
                    }
                }
            }
        }
    }

    private void run(int isolation, Set<String> retried) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("JdbcMergeConcurrencyTest seed=" + seed + " isolation=" + isolation);
        String url = JdbcTestSupport.freshMemoryUrl("merge");
        int connections = 8;
        int transactionsEach = 120;
        try (Connection setup = JdbcTestSupport.connect(url)) {
            JdbcTestSupport.exec(setup, "CREATE TABLE counter (k INT PRIMARY KEY, n BIGINT NOT NULL)");
            AtomicLongArray committed = new AtomicLongArray(KEYS);
            for (int k = 0; k < KEYS / 2; k++) {
                JdbcTestSupport.exec(setup, "INSERT INTO counter VALUES (" + k + ", 0)");
            }
            AtomicLong retries = new AtomicLong();
            JdbcTestSupport.inConnections(url, seed, connections, (conn, random) -> {
                conn.setTransactionIsolation(isolation);
                conn.setAutoCommit(false);
                try (PreparedStatement ps = conn.prepareStatement(MERGE)) {
                    for (int t = 0; t < transactionsEach; t++) {
                        int[] keys = new int[1 + random.nextInt(2)];
                        for (int i = 0; i < keys.length; i++) {
                            keys[i] = random.nextInt(KEYS);
                        }
                        mergeUntilCommitted(conn, ps, keys, retried, retries);
                        for (int key : keys) {
                            committed.incrementAndGet(key);
                        }
                    }
                }
            });
            System.out.println("retries: " + retries.get());
            for (int key = 0; key < KEYS; key++) {
                long expected = committed.get(key);
                long rows = JdbcTestSupport.queryLong(setup, "SELECT COUNT(*) FROM counter WHERE k = " + key);
                assertEquals(expected > 0 || key < KEYS / 2 ? 1 : 0, rows, "seed " + seed + " key " + key);
                if (rows > 0) {
                    assertEquals(expected, JdbcTestSupport.queryLong(setup, "SELECT n FROM counter WHERE k = " + key),
                        "seed " + seed + " key " + key);
                }
            }
        }
    }

    private static void mergeUntilCommitted(Connection conn, PreparedStatement ps, int[] keys, Set<String> retried,
                                            AtomicLong retries) throws SQLException {
        while (true) {
            try {
                for (int key : keys) {
                    ps.setInt(1, key);
                    assertEquals(1, ps.executeUpdate(), "a MERGE of one source row updates or inserts one row");
                }
                conn.commit();
                return;
            } catch (SQLException e) {
                if (!retried.contains(e.getSQLState())) {
                    throw e;
                }
                retries.incrementAndGet();
                conn.rollback();
            }
        }
    }
}
