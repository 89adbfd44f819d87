package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/**
 * INSERT ... ON CONFLICT from many connections at once on a few keys, in random order (the seed is printed). Every
 * upsert that committed must be counted exactly once in its key's row: none lost, none applied twice, and no 23505
 * ever reaches the application. At REPEATABLE READ (Snapshot Isolation) and SERIALIZABLE an upsert that meets a row
 * its snapshot does not see fails with 40001 and is retried; at READ COMMITTED a single upsert never fails.
 */
class JdbcUpsertConcurrencyTest {
    private static final int KEYS = 6;
    private static final String UPSERT = "INSERT INTO counter (k, n, last) VALUES (?, 1, ?) "
        + "ON CONFLICT (k) DO UPDATE SET n = counter.n + 1, last = EXCLUDED.last";

    @Test
    void upsertsAtRepeatableReadCountEveryCommittedOneOnce() throws Exception {
        run(Connection.TRANSACTION_REPEATABLE_READ, 8, 150);
    }

    @Test
    void upsertsAtReadCommittedNeverFailAndCountEveryOneOnce() throws Exception {
        run(Connection.TRANSACTION_READ_COMMITTED, 8, 150);
    }

    /**
     * Every connection upserts the same new keys in the same order, so that they race to insert each key first: the
     * losers must find the winner's row (after waiting for it) and update it, never fail with 23505.
     */
    @Test
    void connectionsRacingToInsertEachKeyFirstAllCountOnce() throws Exception {
        for (int isolation : new int[] {Connection.TRANSACTION_READ_COMMITTED,
            Connection.TRANSACTION_REPEATABLE_READ, Connection.TRANSACTION_SERIALIZABLE}) {
            long seed = Long.getLong("verso.seed", System.nanoTime());
            System.out.println("JdbcUpsertConcurrencyTest racing seed=" + seed + " isolation=" + isolation);
            String url = JdbcTestSupport.freshMemoryUrl("upsert-race");
            int keys = 200;
            int connections = 8;
            try (Connection setup = JdbcTestSupport.connect(url)) {
                JdbcTestSupport.exec(setup, "CREATE TABLE counter (k INT PRIMARY KEY, n BIGINT NOT NULL, last INT)");
                JdbcTestSupport.inConnections(url, seed, connections, (conn, random) -> {
                    conn.setTransactionIsolation(isolation);
                    try (PreparedStatement ps = conn.prepareStatement(UPSERT)) {
                        for (int k = 0; k < keys; k++) {
                            ps.setInt(1, k);
                            ps.setInt(2, random.nextInt(100));
                            while (true) {
                                try {
                                    assertEquals(1, ps.executeUpdate());
                                    break;
                                } catch (SQLException e) {
                                    if (isolation == Connection.TRANSACTION_READ_COMMITTED
                                        || !"40001".equals(e.getSQLState())) {
                                        throw e;
                                    }
                                }
                            }
                        }
                    }
                });
                assertEquals(keys, JdbcTestSupport.queryLong(setup, "SELECT COUNT(*) FROM counter"), "seed " + seed);
                assertEquals(keys, JdbcTestSupport.queryLong(setup, "SELECT COUNT(*) FROM counter WHERE n = "
                    + connections), "seed " + seed + ": every key counted once per connection");
            }
        }
    }

    @Test
    void insertsThatDoNothingOnConflictLeaveOneRowPerKey() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("JdbcUpsertConcurrencyTest DO NOTHING seed=" + seed);
        String url = JdbcTestSupport.freshMemoryUrl("upsert-nothing");
        try (Connection setup = JdbcTestSupport.connect(url)) {
            JdbcTestSupport.exec(setup, "CREATE TABLE seen (id INT PRIMARY KEY, code VARCHAR(8) UNIQUE, who INT)");
            AtomicLong inserted = new AtomicLong();
            JdbcTestSupport.inConnections(url, seed, 8, (conn, random) -> {
                conn.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                try (PreparedStatement ps = conn.prepareStatement(
                    "INSERT INTO seen VALUES (?, ?, ?) ON CONFLICT DO NOTHING")) {
                    for (int i = 0; i < 150; i++) {
                        int id = random.nextInt(40);
                        ps.setInt(1, id);
                        ps.setString(2, "c" + (id % 25)); // a second unique key, shared by some ids
                        ps.setInt(3, i);
                        inserted.addAndGet(ps.executeUpdate());
                    }
                }
            });
            long rows = JdbcTestSupport.queryLong(setup, "SELECT COUNT(*) FROM seen");
            assertEquals(inserted.get(), rows, "seed " + seed + ": rows inserted as counted by the statements");
            assertEquals(rows, JdbcTestSupport.queryLong(setup, "SELECT COUNT(DISTINCT code) FROM seen"),
                "seed " + seed);
        }
    }

    private void run(int isolation, int connections, int transactionsEach) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("JdbcUpsertConcurrencyTest seed=" + seed + " isolation=" + isolation);
        String url = JdbcTestSupport.freshMemoryUrl("upsert");
        try (Connection setup = JdbcTestSupport.connect(url)) {
            JdbcTestSupport.exec(setup, "CREATE TABLE counter (k INT PRIMARY KEY, n BIGINT NOT NULL, last INT)");
            AtomicLongArray committed = new AtomicLongArray(KEYS);
            AtomicLong retries = new AtomicLong();
            boolean readCommitted = isolation == Connection.TRANSACTION_READ_COMMITTED;
            JdbcTestSupport.inConnections(url, seed, connections, (conn, random) -> {
                conn.setTransactionIsolation(isolation);
                conn.setAutoCommit(readCommitted); // at READ COMMITTED each upsert commits alone
                try (PreparedStatement ps = conn.prepareStatement(UPSERT)) {
                    for (int t = 0; t < transactionsEach; t++) {
                        int[] keys = new int[readCommitted ? 1 : 1 + random.nextInt(3)];
                        for (int i = 0; i < keys.length; i++) {
                            keys[i] = random.nextInt(KEYS);
                        }
                        while (true) {
                            try {
                                for (int key : keys) {
                                    ps.setInt(1, key);
                                    ps.setInt(2, t);
                                    assertEquals(1, ps.executeUpdate(), "an upsert inserts or updates one row");
                                }
                                if (!readCommitted) {
                                    conn.commit();
                                }
                                break;
                            } catch (SQLException e) {
                                String state = e.getSQLState();
                                if (readCommitted || !"40001".equals(state) && !"40P01".equals(state)) {
                                    throw e;
                                }
                                retries.incrementAndGet();
                                conn.rollback();
                            }
                        }
                        for (int key : keys) {
                            committed.incrementAndGet(key);
                        }
                    }
                }
            });
            System.out.println("retries after 40001/40P01: " + retries.get());
            for (int key = 0; key < KEYS; key++) {
                long expected = committed.get(key);
                long rows = JdbcTestSupport.queryLong(setup, "SELECT COUNT(*) FROM counter WHERE k = " + key);
                assertEquals(expected == 0 ? 0 : 1, rows, "seed " + seed + " key " + key);
                if (expected > 0) {
                    assertEquals(expected, JdbcTestSupport.queryLong(setup, "SELECT n FROM counter WHERE k = " + key),
                        "seed " + seed + " key " + key);
                }
            }
        }
    }
}
