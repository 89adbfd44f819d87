package org.verso.core.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.verso.common.RowCursor;
import org.verso.common.VersoException;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexKind;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * Many writers on several tables in random order, with inserts and deletes on unique keys, statement rollbacks and
 * transaction rollbacks: no thread may hang (a stuck run fails with the JVM's thread dump), the only errors are
 * 40001 (write conflict), 40P01 (deadlock) and 23505 (duplicate key, for inserts), and the tables hold exactly the
 * committed work:
 * <ul>
 *   <li>every counter row of tables A and B holds its initial value plus the increments of the transactions that
 *       committed them (first-updater-wins serialises the increments of a row);</li>
 *   <li>on every churn key of table B the committed inserts and deletes alternate, so the key is present exactly
 *       when one more insert than deletes committed;</li>
 *   <li>a secondary index on B.V agrees with the table, and lookups by key find exactly the present rows.</li>
 * </ul>
 * The seed is printed; {@code -Dverso.seed=N} replays a run's choices (the interleaving is the scheduler's).
 */
class ConcurrentWritersTest {
    private static final int COUNTERS = 16;
    private static final int CHURN_KEYS = 24;
    private static final int CHURN_BASE = 1000;

    private static TableDefinition table(String name) {
        return new TableDefinition(0, name, List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("V", DataType.of(ValueType.BIGINT), false)), new int[] {0}, TableLayout.SIAS);
    }

    @Test
    void writersNeverFreezeAndTablesHoldTheCommittedWork() throws Exception {
        run(8, 1500);
    }

    @Test
    @Tag("slow")
    void longRun() throws Exception {
        run(16, 40_000);
    }

    private void run(int threads, int transactionsPerThread) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("ConcurrentWritersTest seed=" + seed + " threads=" + threads);
        try (Database db = Database.open(DatabaseConfig.inMemory("writers-" + seed))) {
            db.createTable(table("A"));
            db.createTable(table("B"));
            db.createIndex("B", IndexDefinition.of("B_V", new int[] {1}, false, IndexKind.MVIDX,
                IndexOrigin.CREATE_INDEX));
            Table a = db.table("A");
            Table b = db.table("B");
            Transaction setup = db.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < COUNTERS; i++) {
                a.insert(setup, new Object[] {i, 0L});
                b.insert(setup, new Object[] {i, 0L});
            }
            setup.commit();

            AtomicLongArray incrementsA = new AtomicLongArray(COUNTERS);
            AtomicLongArray incrementsB = new AtomicLongArray(COUNTERS);
            AtomicLongArray inserts = new AtomicLongArray(CHURN_KEYS);
            AtomicLongArray deletes = new AtomicLongArray(CHURN_KEYS);
            Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Random random = new Random(seed + t);
                futures.add(pool.submit(() -> {
                    for (int n = 0; n < transactionsPerThread; n++) {
                        oneTransaction(db, a, b, random, incrementsA, incrementsB, inserts, deletes, outcomes);
                    }
                    return null;
                }));
            }
            pool.shutdown();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(threads * (long) transactionsPerThread
                > 20_000 ? 20 : 2);
            for (Future<?> f : futures) {
                try {
                    f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    fail("seed " + seed + ": writers did not finish; threads:\n" + threadDump());
                }
            }
            System.out.println("outcomes: " + new HashMap<>(outcomes));
            assertTrue(outcomes.getOrDefault("commit", new AtomicLong()).get() > threads,
                "seed " + seed + ": hardly anything committed: " + outcomes);
            check(db, a, b, incrementsA, incrementsB, inserts, deletes, seed);
        }
    }

    /** One transaction of 2-5 random steps; records its effects only if it commits. */
    private static void oneTransaction(Database db, Table a, Table b, Random random, AtomicLongArray incrementsA,
                                       AtomicLongArray incrementsB, AtomicLongArray inserts,
                                       AtomicLongArray deletes, Map<String, AtomicLong> outcomes) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        long[] myA = new long[COUNTERS];
        long[] myB = new long[COUNTERS];
        int[] myChurn = new int[CHURN_KEYS]; // +1 inserted, -1 deleted, by this transaction
        try {
            int steps = 2 + random.nextInt(4);
            for (int s = 0; s < steps; s++) {
                int mark = tx.markStatement();
                int op = random.nextInt(10);
                boolean undoStatement = random.nextInt(12) == 0;
                try {
                    if (op < 7) {
                        boolean onA = random.nextBoolean();
                        int id = random.nextInt(COUNTERS);
                        if (increment(onA ? a : b, tx, id) && !undoStatement) {
                            (onA ? myA : myB)[id]++;
                        }
                    } else if (op < 9) {
                        int k = random.nextInt(CHURN_KEYS);
                        b.insert(tx, new Object[] {CHURN_BASE + k, (long) random.nextInt(5)});
                        if (!undoStatement) {
                            myChurn[k]++;
                        }
                    } else {
                        int k = random.nextInt(CHURN_KEYS);
                        try (RowCursor row = b.lookup(tx, new Object[] {CHURN_BASE + k})) {
                            if (row.next() && b.delete(tx, row.rowId()) && !undoStatement) {
                                myChurn[k]--;
                            }
                        }
                    }
                    if (undoStatement) {
                        tx.rollbackStatement(mark);
                        count(outcomes, "statement rollback");
                    }
                } catch (VersoException e) {
                    if (!"23505".equals(e.sqlState())) {
                        throw e;
                    }
                    count(outcomes, "23505");
                    tx.rollbackStatement(mark);
                }
            }
            if (random.nextInt(15) == 0) {
                tx.rollback();
                count(outcomes, "rollback");
                return;
            }
            tx.commit();
        } catch (VersoException e) {
            if (!e.sqlState().equals("40001") && !e.sqlState().equals("40P01")) {
                throw e;
            }
            count(outcomes, e.sqlState());
            tx.rollback();
            return;
        }
        count(outcomes, "commit");
        for (int i = 0; i < COUNTERS; i++) {
            incrementsA.addAndGet(i, myA[i]);
            incrementsB.addAndGet(i, myB[i]);
        }
        for (int k = 0; k < CHURN_KEYS; k++) {
            if (myChurn[k] > 0) {
                inserts.addAndGet(k, myChurn[k]);
            } else if (myChurn[k] < 0) {
                deletes.addAndGet(k, -myChurn[k]);
            }
        }
    }

    private static boolean increment(Table table, Transaction tx, int id) {
        try (RowCursor row = table.lookup(tx, new Object[] {id})) {
            if (!row.next()) {
                return false;
            }
            Object[] values = row.row();
            return table.update(tx, row.rowId(), new Object[] {values[0], (Long) values[1] + 1});
        }
    }

    private static void count(Map<String, AtomicLong> outcomes, String what) {
        outcomes.computeIfAbsent(what, k -> new AtomicLong()).incrementAndGet();
    }

    private static void check(Database db, Table a, Table b, AtomicLongArray incrementsA,
                              AtomicLongArray incrementsB, AtomicLongArray inserts, AtomicLongArray deletes,
                              long seed) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        for (int i = 0; i < COUNTERS; i++) {
            assertEquals(incrementsA.get(i), value(a, tx, i), "seed " + seed + ": A." + i);
            assertEquals(incrementsB.get(i), value(b, tx, i), "seed " + seed + ": B." + i);
        }
        int present = 0;
        for (int k = 0; k < CHURN_KEYS; k++) {
            long balance = inserts.get(k) - deletes.get(k);
            assertTrue(balance == 0 || balance == 1, "seed " + seed + ": key " + (CHURN_BASE + k) + " was inserted "
                + inserts.get(k) + " and deleted " + deletes.get(k) + " times");
            try (RowCursor row = b.lookup(tx, new Object[] {CHURN_BASE + k})) {
                assertEquals(balance == 1, row.next(), "seed " + seed + ": key " + (CHURN_BASE + k));
            }
            present += (int) balance;
        }
        int scanned = 0;
        Map<Long, Integer> byValue = new HashMap<>();
        try (RowCursor rows = b.scan(tx)) {
            while (rows.next()) {
                scanned++;
                byValue.merge((Long) rows.row()[1], 1, Integer::sum);
            }
        }
        assertEquals(COUNTERS + present, scanned, "seed " + seed);
        for (Map.Entry<Long, Integer> e : byValue.entrySet()) {
            int found = 0;
            try (RowCursor rows = b.lookup(tx, "B_V", new Object[] {e.getKey()})) {
                while (rows.next()) {
                    assertEquals(e.getKey(), rows.row()[1]);
                    found++;
                }
            }
            assertEquals(e.getValue(), found, "seed " + seed + ": index B_V for value " + e.getKey());
        }
        tx.commit();
    }

    private static long value(Table table, Transaction tx, int id) {
        try (RowCursor row = table.lookup(tx, new Object[] {id})) {
            assertTrue(row.next());
            return (Long) row.row()[1];
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
