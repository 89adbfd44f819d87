package org.verso.core.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The set of running transactions: every transaction entered is found by its txid and by a scan until it is removed,
 * and never after, whether it sits in its slot or, with more transactions than slots nearby, in the overflow map.
 */
class ActiveTransactionsTest {
    private static Transaction tx(long id) {
        return new Transaction(id, IsolationLevel.SNAPSHOT, SnapshotIsolation.INSTANCE, null);
    }

    @Test
    void moreTransactionsThanSlotsAreAllFoundAndForgotten() {
        ActiveTransactions active = new ActiveTransactions();
        List<Transaction> running = new ArrayList<>();
        for (long id = 1; id <= 2_000; id++) { // four times the slots: most of the later ones overflow
            Transaction tx = tx(id);
            active.add(tx);
            running.add(tx);
        }
        assertEquals(2_000, active.size());
        for (Transaction tx : running) {
            assertSame(tx, active.get(tx.id()));
        }
        assertNull(active.get(2_001));
        for (int i = 0; i < running.size(); i += 2) {
            active.remove(running.get(i));
        }
        Set<Long> scanned = new HashSet<>();
        active.forEach(tx -> assertTrue(scanned.add(tx.id()), "seen twice: " + tx.id()));
        assertEquals(1_000, scanned.size());
        for (int i = 0; i < running.size(); i++) {
            Transaction tx = running.get(i);
            assertEquals(i % 2 == 1 ? tx : null, active.get(tx.id()));
            assertEquals(i % 2 == 1, scanned.contains(tx.id()));
        }
        running.forEach(tx -> {
            if (active.get(tx.id()) != null) {
                active.remove(tx);
            }
        });
        assertEquals(0, active.size());
    }

    /**
     * Threads begin and end transactions with random lifetimes (some long, so that slots stay taken while txids move
     * on), checking that their own ones are found until removed; meanwhile a scanner checks that a transaction entered
     * before its scan began and still running when it ended was found by it.
     */
    @Test
    void concurrentEntriesAreFoundWhileTheyRun() throws Exception {
        long seed = System.nanoTime();
        System.out.println("ActiveTransactionsTest seed=" + seed);
        ActiveTransactions active = new ActiveTransactions();
        AtomicLong clock = new AtomicLong();
        Set<Long> running = ConcurrentHashMap.newKeySet();
        int threads = 8;
        CountDownLatch done = new CountDownLatch(threads);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int t = 0; t < threads; t++) {
            Random random = new Random(seed + t);
            Thread thread = new Thread(() -> {
                try {
                    List<Transaction> mine = new ArrayList<>();
                    for (int step = 0; step < 100_000; step++) {
                        if (mine.isEmpty() || (mine.size() < 200 && random.nextInt(3) > 0)) {
                            Transaction tx = tx(clock.incrementAndGet());
                            active.add(tx);
                            running.add(tx.id()); // entered, then marked: a scan's expectations hold
                            mine.add(tx);
                        } else {
                            Transaction tx = mine.remove(random.nextInt(mine.size()));
                            assertSame(tx, active.get(tx.id()));
                            running.remove(tx.id()); // unmarked, then removed
                            active.remove(tx);
                            assertNull(active.get(tx.id()));
                        }
                    }
                    for (Transaction tx : mine) {
                        running.remove(tx.id());
                        active.remove(tx);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    done.countDown();
                }
            });
            thread.start();
        }
        while (done.getCount() > 0) {
            Set<Long> before = new HashSet<>(running);
            Set<Long> scanned = new HashSet<>();
            active.forEach(tx -> scanned.add(tx.id()));
            for (Long id : before) {
                // entered before the scan began and not yet removed after it ended: the scan must have seen it
                assertTrue(!running.contains(id) || scanned.contains(id), "scan missed txid " + id + ", seed " + seed);
            }
        }
        if (failure.get() != null) {
            throw new AssertionError("seed " + seed, failure.get());
        }
        assertEquals(0, active.size());
    }
}
