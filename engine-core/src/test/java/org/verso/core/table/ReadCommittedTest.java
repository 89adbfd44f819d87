package org.verso.core.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.common.RowCursor;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/** READ COMMITTED with PostgreSQL's semantics, through the table-access API. */
class ReadCommittedTest {
    private Database db;
    private Table counters;
    private long row;

    @BeforeEach
    void open() {
        db = Database.open(DatabaseConfig.inMemory("read-committed"));
        db.createTable(new TableDefinition(0, "COUNTERS", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("V", DataType.of(ValueType.BIGINT), false)), new int[] {0}, TableLayout.SIAS));
        counters = db.table("COUNTERS");
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        row = counters.insert(tx, new Object[] {1, 10L});
        tx.commit();
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Transaction begin(IsolationLevel level) {
        return db.begin(level);
    }

    private long value(Transaction tx) {
        try (RowCursor c = counters.lookup(tx, new Object[] {1})) {
            assertTrue(c.next());
            return (Long) c.row()[1];
        }
    }

    private void set(long v) {
        Transaction tx = begin(IsolationLevel.SNAPSHOT);
        assertTrue(counters.update(tx, row, new Object[] {1, v}));
        tx.commit();
    }

    @Test
    void eachStatementReadsItsOwnSnapshot() {
        Transaction rc = begin(IsolationLevel.READ_COMMITTED);
        Transaction si = begin(IsolationLevel.SNAPSHOT);
        rc.markStatement();
        si.markStatement();
        assertEquals(10, value(rc));
        assertEquals(10, value(si));
        set(20);
        rc.markStatement();
        si.markStatement();
        assertEquals(20, value(rc), "a new statement sees the new commit");
        assertEquals(10, value(si), "snapshot isolation keeps its snapshot");
        rc.commit();
        si.commit();
    }

    @Test
    void anUpdateWaitsForTheWriterThenAppliesToTheNewestVersion() throws Exception {
        Transaction writer = begin(IsolationLevel.SNAPSHOT);
        assertTrue(counters.update(writer, row, new Object[] {1, 11L}));
        Transaction rc = begin(IsolationLevel.READ_COMMITTED);
        rc.markStatement();
        long seen = value(rc);
        CompletableFuture<Boolean> update = CompletableFuture.supplyAsync(() -> counters.update(rc, row,
            new Object[] {1, seen + 1}, newest -> new Object[] {1, (Long) newest[1] + 1}));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (rc.waitingForTxid() != writer.id()) {
            assertTrue(System.nanoTime() < deadline, "the update never waited");
            Thread.onSpinWait();
        }
        writer.commit();
        assertTrue(update.get(30, TimeUnit.SECONDS));
        rc.commit();
        assertEquals(12, value(begin(IsolationLevel.SNAPSHOT)), "no lost update and no 40001");
    }

    @Test
    void aRowThatNoLongerQualifiesIsLeftAlone() {
        Transaction rc = begin(IsolationLevel.READ_COMMITTED);
        rc.markStatement();
        assertEquals(10, value(rc));
        set(11);
        // UPDATE ... SET v = 100 WHERE v = 10: the newest version no longer has v = 10.
        assertFalse(counters.update(rc, row, new Object[] {1, 100L},
            newest -> (Long) newest[1] == 10 ? new Object[] {1, 100L} : null));
        assertFalse(counters.delete(rc, row, newest -> (Long) newest[1] == 10 ? newest : null));
        rc.commit();
        assertEquals(11, value(begin(IsolationLevel.SNAPSHOT)));
    }

    @Test
    void aKeyFreedAfterTheStatementSnapshotCanBeTaken() {
        Transaction rc = begin(IsolationLevel.READ_COMMITTED);
        rc.markStatement();
        assertEquals(10, value(rc));
        Transaction deleter = begin(IsolationLevel.SNAPSHOT);
        assertTrue(counters.delete(deleter, row));
        deleter.commit();
        counters.insert(rc, new Object[] {1, 1L});
        rc.commit();
        assertEquals(1, value(begin(IsolationLevel.SNAPSHOT)));
    }

    @Test
    void concurrentIncrementsNeverFailAndNeverGetLost() throws Exception {
        concurrentIncrements(10, 0);
    }

    /**
     * Half of the writers roll back, after holding their uncommitted version a moment: an update that follows a
     * concurrent one must build on the newest committed version, never on one that may still roll back.
     */
    @Test
    void aFollowedUpdateNeverBuildsOnAVersionThatRollsBack() throws Exception {
        concurrentIncrements(2, 20_000);
    }

    private void concurrentIncrements(int rollbackOneIn, long holdNanos) throws Exception {
        long seed = System.nanoTime();
        System.out.println("ReadCommittedTest seed=" + seed);
        int threads = 8;
        int each = 300;
        AtomicLong applied = new AtomicLong();
        List<Thread> workers = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < threads; t++) {
            Random random = new Random(seed + t);
            Thread worker = new Thread(() -> {
                try {
                    for (int i = 0; i < each; i++) {
                        Transaction tx = begin(IsolationLevel.READ_COMMITTED);
                        tx.markStatement();
                        try (RowCursor c = counters.lookup(tx, new Object[] {1})) {
                            assertTrue(c.next());
                            long v = (Long) c.row()[1];
                            assertTrue(counters.update(tx, c.rowId(), new Object[] {1, v + 1},
                                newest -> new Object[] {1, (Long) newest[1] + 1}));
                        }
                        if (holdNanos > 0) {
                            LockSupport.parkNanos(random.nextLong(holdNanos));
                        }
                        if (random.nextInt(rollbackOneIn) == 0) {
                            tx.rollback();
                        } else {
                            tx.commit();
                            applied.incrementAndGet();
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            workers.add(worker);
            worker.start();
        }
        for (Thread w : workers) {
            w.join(TimeUnit.MINUTES.toMillis(2));
            assertFalse(w.isAlive(), "seed " + seed + ": a worker is stuck");
        }
        assertTrue(failures.isEmpty(), () -> "seed " + seed + ": " + failures);
        assertEquals(10 + applied.get(), value(begin(IsolationLevel.SNAPSHOT)), "seed " + seed);
    }
}
