package org.verso.core.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
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
import org.verso.core.table.IndexRange;
import org.verso.core.table.Table;

/**
 * Serializable Snapshot Isolation against the anomalies snapshot isolation allows: write skew, a phantom through an
 * index range, and Fekete's read-only anomaly; and a randomized invariant that only serializable executions keep.
 */
class SerializableTest {
    private static final IsolationLevel LEVEL = IsolationLevel.valueOf(System.getProperty("ssi.level", "SERIALIZABLE"));
    private Database db;
    private Table duty;

    /** DUTY(ID INTEGER PRIMARY KEY, SHIFT INTEGER, ON_CALL BOOLEAN), with an index on SHIFT. */
    @BeforeEach
    void open() {
        db = Database.open(DatabaseConfig.inMemory("ssi"));
        db.createTable(new TableDefinition(0, "DUTY", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("SHIFT", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("ON_CALL", DataType.of(ValueType.BOOLEAN), false)), new int[] {0}, TableLayout.SIAS));
        db.createIndex("DUTY", IndexDefinition.of("DUTY_SHIFT", new int[] {1}, false, IndexKind.MVIDX,
            IndexOrigin.CREATE_INDEX));
        duty = db.table("DUTY");
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        duty.insert(tx, new Object[] {1, 7, true});
        duty.insert(tx, new Object[] {2, 7, true});
        tx.commit();
    }

    @AfterEach
    void close() {
        db.close();
    }

    private int onCall(Transaction tx, int shift) {
        int n = 0;
        try (RowCursor rows = duty.lookup(tx, "DUTY_SHIFT", new Object[] {shift})) {
            while (rows.next()) {
                if ((Boolean) rows.row()[2]) {
                    n++;
                }
            }
        }
        return n;
    }

    private void goOffDuty(Transaction tx, int id) {
        try (RowCursor row = duty.lookup(tx, new Object[] {id})) {
            assertTrue(row.next());
            Object[] v = row.row();
            duty.update(tx, row.rowId(), new Object[] {v[0], v[1], false});
        }
    }

    /** Two doctors each check that someone else is on call, then go off duty: write skew. */
    private int writeSkew(IsolationLevel level) {
        Transaction t1 = db.begin(level);
        Transaction t2 = db.begin(level);
        assertEquals(2, onCall(t1, 7));
        assertEquals(2, onCall(t2, 7));
        int failures = 0;
        for (Object[] step : new Object[][] {{t1, 1}, {t2, 2}}) {
            try {
                goOffDuty((Transaction) step[0], (Integer) step[1]);
                ((Transaction) step[0]).commit();
            } catch (VersoException e) {
                assertEquals("40001", e.sqlState(), e.getMessage());
                failures++;
            }
        }
        return failures;
    }

    @Test
    void writeSkewIsPreventedUnderSerializableOnly() {
        assertEquals(1, writeSkew(IsolationLevel.SERIALIZABLE), "one of the two doctors must fail");
        Transaction check = db.begin(IsolationLevel.SNAPSHOT);
        assertEquals(1, onCall(check, 7), "someone stays on call");
        check.commit();
        Transaction reset = db.begin(IsolationLevel.SNAPSHOT);
        try (RowCursor rows = duty.scan(reset)) {
            while (rows.next()) {
                duty.update(reset, rows.rowId(), new Object[] {rows.row()[0], 7, true});
            }
        }
        reset.commit();
        assertEquals(0, writeSkew(IsolationLevel.SNAPSHOT), "snapshot isolation lets both go");
    }

    @Test
    void aPhantomInsertIntoAScannedRangeIsAConflict() {
        Transaction t1 = db.begin(IsolationLevel.SERIALIZABLE);
        Transaction t2 = db.begin(IsolationLevel.SERIALIZABLE);
        // Each counts the doctors of shift 8 (none) and adds one, unless the shift is already staffed.
        assertEquals(0, onCall(t1, 8));
        assertEquals(0, onCall(t2, 8));
        duty.insert(t1, new Object[] {10, 8, true});
        duty.insert(t2, new Object[] {11, 8, true});
        t1.commit();
        VersoException e = assertThrows(VersoException.class, t2::commit);
        assertEquals("40001", e.sqlState());
    }

    @Test
    void theReadOnlyAnomalyIsPrevented() {
        // Fekete, O'Neil and O'Neil: checking X=0, saving Y=0; T2 withdraws 10 from savings (charging a fee if
        // the total goes negative); T1 deposits 20 into checking; T3 (read-only) reads both after T1 committed.
        Transaction setup = db.begin(IsolationLevel.SNAPSHOT);
        duty.insert(setup, new Object[] {100, 0, true}); // X: checking, SHIFT holds the balance
        duty.insert(setup, new Object[] {101, 0, true}); // Y: savings
        setup.commit();
        Transaction t2 = db.begin(IsolationLevel.SERIALIZABLE);
        int x2 = balance(t2, 100);
        int y2 = balance(t2, 101);
        Transaction t1 = db.begin(IsolationLevel.SERIALIZABLE);
        setBalance(t1, 100, balance(t1, 100) + 20);
        t1.commit();
        Transaction t3 = db.begin(IsolationLevel.SERIALIZABLE);
        int x3 = balance(t3, 100);
        int y3 = balance(t3, 101);
        int failures = 0;
        try {
            t3.commit();
        } catch (VersoException e) {
            assertEquals("40001", e.sqlState());
            failures++;
        }
        try {
            setBalance(t2, 101, y2 - 10 - (x2 + y2 - 10 < 0 ? 1 : 0));
            t2.commit();
        } catch (VersoException e) {
            assertEquals("40001", e.sqlState());
            failures++;
        }
        assertEquals(20, x3);
        assertEquals(0, y3);
        assertEquals(1, failures, "T3 saw X=20, Y=0, which no serial order with T2's fee explains");
    }

    private int balance(Transaction tx, int id) {
        try (RowCursor row = duty.lookup(tx, new Object[] {id})) {
            assertTrue(row.next());
            return (Integer) row.row()[1];
        }
    }

    private void setBalance(Transaction tx, int id, int value) {
        try (RowCursor row = duty.lookup(tx, new Object[] {id})) {
            assertTrue(row.next());
            duty.update(tx, row.rowId(), new Object[] {id, value, true});
        }
    }

    @Test
    void transactionsOnDisjointRowsAllCommitAndLocksAreReleased() {
        Transaction setup = db.begin(IsolationLevel.SNAPSHOT);
        for (int i = 200; i < 220; i++) {
            duty.insert(setup, new Object[] {i, i, true});
        }
        setup.commit();
        List<Transaction> txs = new ArrayList<>();
        for (int i = 200; i < 220; i++) {
            Transaction tx = db.begin(IsolationLevel.SERIALIZABLE);
            assertEquals(1, onCall(tx, i));
            goOffDuty(tx, i);
            txs.add(tx);
        }
        for (Transaction tx : txs) {
            tx.commit();
        }
        db.begin(IsolationLevel.SERIALIZABLE).commit();
        Transaction scan = db.begin(IsolationLevel.SERIALIZABLE);
        assertEquals(2, onCall(scan, 7));
        scan.commit();
        Transaction last = db.begin(IsolationLevel.SERIALIZABLE);
        last.commit();
        assertEquals(0, ((org.verso.core.tx.ssi.SerializableSnapshotIsolation) last.control()).sireadLocks(),
            "no SIREAD lock outlives every transaction that overlapped its holder");
    }

    @Test
    void randomizedWithdrawalsNeverBreakTheInvariantUnderSerializable() throws Exception {
        // -Dssi.level=SNAPSHOT runs the same workload under snapshot isolation, which does break it (write skew).
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("SerializableTest seed=" + seed);
        // Pairs of accounts (shift = pair, balance in ID 1000+); a withdrawal from one account of a pair is allowed
        // only if the pair's total stays >= 0: the classic constraint that write skew breaks.
        int pairs = 2;
        Transaction setup = db.begin(IsolationLevel.SNAPSHOT);
        for (int p = 0; p < pairs; p++) {
            duty.insert(setup, new Object[] {1000 + 2 * p, 100 + p, true});
            duty.insert(setup, new Object[] {1001 + 2 * p, 100 + p, true});
        }
        setup.commit();
        db.createTable(new TableDefinition(0, "BAL", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("PAIR", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("AMOUNT", DataType.of(ValueType.BIGINT), false)), new int[] {0}, TableLayout.SIAS));
        Table balances = db.table("BAL");
        db.createIndex("BAL", IndexDefinition.of("BAL_PAIR", new int[] {1}, false, IndexKind.MVIDX,
            IndexOrigin.CREATE_INDEX));
        Transaction fill = db.begin(IsolationLevel.SNAPSHOT);
        for (int p = 0; p < pairs; p++) {
            balances.insert(fill, new Object[] {2 * p, p, 50L});
            balances.insert(fill, new Object[] {2 * p + 1, p, 50L});
        }
        fill.commit();
        AtomicLong committed = new AtomicLong();
        AtomicLong negativeSeen = new AtomicLong();
        AtomicLong serializationFailures = new AtomicLong();
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            Random random = new Random(seed + t);
            threads.add(new Thread(() -> {
                for (int n = 0; n < 300; n++) {
                    Transaction tx = db.begin(LEVEL);
                    try {
                        int pair = random.nextInt(pairs);
                        long total = 0;
                        long[] rowIds = new long[2];
                        Object[][] rows = new Object[2][];
                        int i = 0;
                        try (RowCursor c = balances.scan(tx, "BAL_PAIR",
                            IndexRange.prefix(new Object[] {pair}), false)) {
                            while (c.next()) {
                                total += (Long) c.row()[2];
                                rowIds[i] = c.rowId();
                                rows[i++] = c.row();
                            }
                        }
                        boolean sawNegative = total < 0;
                        long amount = 1 + random.nextInt(70);
                        Thread.yield(); // widen the window between the check and the write
                        int which = random.nextInt(2);
                        if (total - amount >= 0) {
                            balances.update(tx, rowIds[which], new Object[] {rows[which][0], pair,
                                (Long) rows[which][2] - amount});
                        } else {
                            balances.update(tx, rowIds[which], new Object[] {rows[which][0], pair,
                                (Long) rows[which][2] + 60});
                        }
                        tx.commit();
                        committed.incrementAndGet();
                        if (sawNegative) {
                            negativeSeen.incrementAndGet(); // a committed transaction read a broken invariant
                        }
                    } catch (VersoException e) {
                        if (!e.sqlState().startsWith("40")) {
                            failures.add(e);
                        }
                        serializationFailures.incrementAndGet();
                        tx.rollback();
                    } catch (Throwable e) {
                        failures.add(e);
                        tx.rollback();
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join(TimeUnit.MINUTES.toMillis(2));
        }
        assertTrue(failures.isEmpty(), () -> "seed " + seed + ": " + failures);
        Transaction check = db.begin(IsolationLevel.SNAPSHOT);
        int negativePairs = 0;
        for (int p = 0; p < pairs; p++) {
            long total = 0;
            try (RowCursor c = balances.scan(check, "BAL_PAIR", IndexRange.prefix(new Object[] {p}), false)) {
                while (c.next()) {
                    total += (Long) c.row()[2];
                }
            }
            if (total < 0) {
                negativePairs++;
            }
        }
        check.commit();
        System.out.println(LEVEL + ": committed " + committed.get() + ", serialization failures "
            + serializationFailures.get() + ", negative totals seen " + negativeSeen.get() + ", at the end "
            + negativePairs);
        assertEquals(0, negativeSeen.get() + negativePairs, "seed " + seed + ": a pair's total went negative");
        assertTrue(committed.get() > 100, "seed " + seed + ": most transactions commit");
    }
}
