package org.verso.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.common.RowCursor;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/** Snapshot Isolation with first-updater-wins, run with real concurrent transactions. */
class SnapshotIsolationTest {
    private Database db;
    private Table accounts;

    @BeforeEach
    void open() {
        db = Database.open(DatabaseConfig.inMemory("si"));
        db.createTable(TestTables.accounts());
        accounts = db.table("ACCOUNTS");
        Transaction tx = begin();
        for (int i = 0; i < 10; i++) {
            accounts.insert(tx, new Object[] {i, "owner" + i, 100L});
        }
        tx.commit();
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Transaction begin() {
        return db.begin(IsolationLevel.SNAPSHOT);
    }

    private Object[] read(Transaction tx, int id) {
        RowCursor c = accounts.lookup(tx, new Object[] {id});
        return c.next() ? c.row() : null;
    }

    private long rowId(Transaction tx, int id) {
        RowCursor c = accounts.lookup(tx, new Object[] {id});
        assertTrue(c.next());
        return c.rowId();
    }

    private boolean add(Transaction tx, int id, long delta) {
        Object[] row = read(tx, id);
        return accounts.update(tx, rowId(tx, id), new Object[] {id, row[1], (Long) row[2] + delta});
    }

    @Test
    void snapshotDoesNotSeeLaterCommits() {
        Transaction reader = begin();
        assertEquals(100L, read(reader, 1)[2]);
        Transaction writer = begin();
        add(writer, 1, 5);
        accounts.insert(writer, new Object[] {50, "new", 1L});
        assertEquals(100L, read(reader, 1)[2], "uncommitted version is invisible");
        writer.commit();
        assertEquals(100L, read(reader, 1)[2], "version committed after the snapshot is invisible");
        assertEquals(null, read(reader, 50));
        assertEquals(105L, read(begin(), 1)[2]);
    }

    @Test
    void lostUpdateIsPreventedWith40001() {
        Transaction t1 = begin();
        Transaction t2 = begin();
        t1.snapshot();
        t2.snapshot();
        add(t1, 1, 10);
        t1.commit();
        VersoException e = assertThrows(VersoException.class, () -> add(t2, 1, 20));
        assertEquals("40001", e.sqlState());
        assertFalse(t2.isActive(), "the losing transaction is aborted");
        assertEquals(110L, read(begin(), 1)[2]);
    }

    @Test
    void writerWaitsForRowOwnerAndFailsWhenItCommits() throws Exception {
        Transaction t1 = begin();
        add(t1, 2, 1);
        Transaction t2 = begin();
        t2.snapshot();
        CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> {
            try {
                add(t2, 2, 2);
                return "updated";
            } catch (VersoException e) {
                return e.sqlState();
            }
        });
        Thread.sleep(100);
        assertFalse(second.isDone(), "the second writer waits for the first");
        t1.commit();
        assertEquals("40001", second.get(10, TimeUnit.SECONDS));
    }

    @Test
    void writerWaitsForRowOwnerAndProceedsWhenItRollsBack() throws Exception {
        Transaction t1 = begin();
        add(t1, 3, 1);
        Transaction t2 = begin();
        t2.snapshot();
        CompletableFuture<Boolean> second = CompletableFuture.supplyAsync(() -> add(t2, 3, 2));
        Thread.sleep(100);
        assertFalse(second.isDone());
        t1.rollback();
        assertTrue(second.get(10, TimeUnit.SECONDS));
        t2.commit();
        assertEquals(102L, read(begin(), 3)[2]);
    }

    @Test
    void deadlockIsDetectedWith40P01() throws Exception {
        Transaction t1 = begin();
        Transaction t2 = begin();
        add(t1, 4, 1);
        add(t2, 5, 1);
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
            try {
                add(t1, 5, 1);
                return "ok";
            } catch (VersoException e) {
                return e.sqlState();
            }
        });
        Thread.sleep(100);
        String second;
        try {
            add(t2, 4, 1);
            second = "ok";
        } catch (VersoException e) {
            second = e.sqlState();
        }
        String firstResult = first.get(10, TimeUnit.SECONDS);
        assertTrue(second.equals("40P01") || firstResult.equals("40P01"),
            "one of the two is aborted as a deadlock victim: " + firstResult + " / " + second);
    }

    @Test
    void concurrentInsertsOfOneKeyLetExactlyOneWin() throws Exception {
        Transaction t1 = begin();
        accounts.insert(t1, new Object[] {77, "a", 1L});
        Transaction t2 = begin();
        CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> {
            try {
                accounts.insert(t2, new Object[] {77, "b", 2L});
                return "inserted";
            } catch (VersoException e) {
                return e.sqlState();
            }
        });
        Thread.sleep(100);
        assertFalse(second.isDone(), "the second inserter waits for the first");
        t1.commit();
        assertEquals("23505", second.get(10, TimeUnit.SECONDS));
        assertArrayEquals(new Object[] {77, "a", 1L}, read(begin(), 77));
    }

    /** After commit returns, the committer's next transaction sees the commit, however many commit at once. */
    @Test
    void nextTransactionSeesOwnCommitUnderConcurrency() throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            futures.add(pool.submit(() -> {
                for (int i = 1; i <= 500; i++) {
                    Transaction tx = begin();
                    accounts.update(tx, rowId(tx, id), new Object[] {id, "owner" + id, 1000L + i});
                    tx.commit();
                    Transaction next = begin();
                    assertEquals(1000L + i, read(next, id)[2], "thread " + id + " sees its own commit " + i);
                    next.commit();
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get(120, TimeUnit.SECONDS);
        }
        pool.shutdown();
    }

    /**
     * Many threads move money between random accounts; conflicts abort and are retried. Snapshot reads of the
     * total must always see the invariant, and the final total must be unchanged.
     */
    @Test
    void randomTransfersPreserveTheTotal() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("randomTransfersPreserveTheTotal seed=" + seed);
        int threads = 8;
        int transfersPerThread = 400;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger conflicts = new AtomicInteger();
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Random random = new Random(seed + t);
            futures.add(pool.submit(() -> {
                for (int i = 0; i < transfersPerThread; i++) {
                    if (random.nextInt(10) == 0) {
                        Transaction reader = begin();
                        assertEquals(1000L, total(reader), "a snapshot sees a consistent total");
                        reader.commit();
                        continue;
                    }
                    int from = random.nextInt(10);
                    int to = random.nextInt(10);
                    while (true) {
                        Transaction tx = begin();
                        try {
                            add(tx, from, -1);
                            add(tx, to, 1);
                            if (random.nextInt(20) == 0) {
                                tx.rollback();
                            } else {
                                tx.commit();
                            }
                            break;
                        } catch (VersoException e) {
                            assertTrue(e.sqlState().startsWith("40"), e.getMessage());
                            assertFalse(tx.isActive());
                            conflicts.incrementAndGet();
                        }
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get(120, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertEquals(1000L, total(begin()));
        assertEquals(0, db.activeTransactions() - 1, "only the final reader is still open");
        System.out.println("conflicts retried: " + conflicts.get());
    }

    /**
     * Commits stamp their versions outside the commit sequence: a snapshot taken while a commit of many rows is
     * stamping must see all of it or none. Writers move money from one account to four others in one transaction,
     * half of them among accounts 0-4 and half among 5-9, so that commits of one half publish while one of the other
     * half is stamping; readers sum every account without pause, and every sum is the invariant total.
     */
    @Test
    void snapshotsNeverSeeACommitHalfStamped() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("snapshotsNeverSeeACommitHalfStamped seed=" + seed);
        int writers = 4;
        int readers = 4;
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        AtomicInteger commits = new AtomicInteger();
        AtomicInteger sums = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(writers + readers);
        List<Future<?>> futures = new ArrayList<>();
        for (int writer = 0; writer < writers; writer++) {
            Random random = new Random(seed + writer);
            int w = writer;
            futures.add(pool.submit(() -> {
                int base = w % 2 * 5;
                while (commits.get() < 600 && !stop.get()) {
                    int from = random.nextInt(5);
                    Transaction tx = begin();
                    try {
                        for (int k = 0; k < 5; k++) {
                            add(tx, base + k, k == from ? -4 : 1);
                            if (k == 2) {
                                // Holds the stamping half-way, so that the other half's commits publish meanwhile.
                                tx.recordWrite(new SlowStamp(random.nextInt(300_000)));
                            }
                        }
                        tx.commit();
                        commits.incrementAndGet();
                    } catch (VersoException e) {
                        assertTrue(e.sqlState().startsWith("40"), e.getMessage());
                    }
                }
                return null;
            }));
        }
        for (int r = 0; r < readers; r++) {
            futures.add(pool.submit(() -> {
                while (commits.get() < 600 && !stop.get()) {
                    Transaction reader = begin();
                    assertEquals(1000L, total(reader), "a snapshot sees every row of a commit or none");
                    reader.commit();
                    sums.incrementAndGet();
                }
                return null;
            }));
        }
        try {
            for (Future<?> f : futures) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            stop.set(true);
            pool.shutdown();
        }
        assertEquals(1000L, total(begin()));
        System.out.println("commits " + commits.get() + ", sums checked " + sums.get());
    }

    /** A write with nothing to stamp that takes its time to stamp it. */
    private record SlowStamp(long nanos) implements org.verso.core.tx.WriteRecord {
        @Override
        public void commit(long commitTs) {
            java.util.concurrent.locks.LockSupport.parkNanos(nanos);
        }

        @Override
        public void undo(long txid, boolean transactionEnds) {
        }
    }

    private long total(Transaction tx) {
        long sum = 0;
        for (Object[] row : TestTables.drain(accounts.scan(tx))) {
            sum += (Long) row[2];
        }
        return sum;
    }
}
