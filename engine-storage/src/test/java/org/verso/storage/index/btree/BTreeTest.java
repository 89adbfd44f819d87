package org.verso.storage.index.btree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.storage.index.IndexCursor;
import org.verso.storage.index.KeyRange;
import org.verso.storage.page.BufferPool;

/**
 * The B+tree's own mechanisms on small pages and a small buffer pool (so that nodes are evicted and read back):
 * splits to several levels, merges down to a single leaf, free pages reused, the key size limit, and many threads
 * changing disjoint keys while others scan, checked against a model and the tree's invariants.
 */
class BTreeTest {
    private static final int PAGE = BTreeContractTest.PAGE;

    private static byte[] key(long k) {
        return ByteBuffer.allocate(8).putLong(k ^ Long.MIN_VALUE).array();
    }

    private static long decode(byte[] key) {
        return ByteBuffer.wrap(key).getLong() ^ Long.MIN_VALUE;
    }

    private static List<Long> scan(BTree tree, KeyRange range, boolean descending) {
        List<Long> out = new ArrayList<>();
        try (IndexCursor c = tree.scan(range, descending)) {
            while (c.next()) {
                assertEquals(decode(c.key()), c.ref(), "each entry's reference is its key here");
                out.add(c.ref());
            }
        }
        return out;
    }

    @Test
    void growsSeveralLevelsThenMergesBackAndReusesItsPages() {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("BTreeTest seed=" + seed);
        Random random = new Random(seed);
        BufferPool pool = new BufferPool(PAGE, 64L * PAGE);
        try (BTree tree = BTreeContractTest.newTree(pool)) {
            TreeSet<Long> model = new TreeSet<>();
            for (int i = 0; i < 20_000; i++) {
                long k = random.nextInt(1_000_000);
                assertEquals(model.add(k), tree.insert(key(k), k), "seed " + seed);
            }
            assertEquals(model.size(), tree.verify(), "seed " + seed);
            assertTrue(tree.splits() > 500, "splits " + tree.splits());
            assertEquals(new ArrayList<>(model), scan(tree, KeyRange.all(), false));
            assertEquals(new ArrayList<>(model.descendingSet()), scan(tree, KeyRange.all(), true));
            for (int q = 0; q < 200; q++) {
                long low = random.nextInt(1_000_000);
                long high = low + random.nextInt(50_000);
                assertEquals(new ArrayList<>(model.subSet(low, true, high, false)),
                    scan(tree, KeyRange.between(key(low), true, key(high), false), false), "seed " + seed);
                assertEquals(new ArrayList<>(model.subSet(low, false, high, true).descendingSet()),
                    scan(tree, KeyRange.between(key(low), false, key(high), true), true), "seed " + seed);
            }
            List<Long> all = new ArrayList<>(model);
            java.util.Collections.shuffle(all, random);
            for (long k : all) {
                assertTrue(tree.remove(key(k), k), "seed " + seed);
            }
            assertEquals(0, tree.verify());
            assertTrue(tree.merges() > 400, "merges " + tree.merges());
            assertEquals(List.of(), scan(tree, KeyRange.all(), false));
            long extent = tree.extentForTest();
            for (long k : all) {
                tree.insert(key(k), k);
            }
            assertEquals(all.size(), tree.verify());
            // Inserted in another order, the same entries take a few pages more or less than the first time.
            assertTrue(tree.extentForTest() <= extent + extent / 20, "freed pages are reused: extent " + extent
                + " -> " + tree.extentForTest());
        }
    }

    /** Ascending keys (a load, a sequence) fill each node before starting the next, rather than leaving it half full. */
    @Test
    void ascendingKeysFillTheirPages() {
        try (BTree tree = BTreeContractTest.newTree(new BufferPool(PAGE, 4096L * PAGE))) {
            int entries = 50_000;
            for (long k = 0; k < entries; k++) {
                tree.insert(key(k), k);
            }
            assertEquals(entries, tree.verify());
            // An entry takes 2 + 2 + 8 + 8 bytes, so a full leaf holds (512 - 48) / 20 = 23 of them.
            long fullLeaves = entries / 23 + 1;
            assertTrue(tree.extentForTest() < fullLeaves * 1.15, "pages " + tree.extentForTest() + " for "
                + fullLeaves + " full leaves");
            for (long k = entries - 1; k >= 0; k -= 3) {
                assertTrue(tree.remove(key(k), k));
            }
            assertEquals(entries - (entries + 2) / 3, tree.verify());
        }
    }

    @Test
    void aKeyTooLargeForAPageIsRefusedWith54000() {
        try (BTree tree = BTreeContractTest.newTree(new BufferPool(PAGE, 64L * PAGE))) {
            VersoException e = assertThrows(VersoException.class,
                () -> tree.insert(new byte[tree.maxKeyLength() + 1], 1));
            assertEquals("54000", e.sqlState());
            assertTrue(tree.insert(new byte[tree.maxKeyLength()], 1), "the largest key fits");
            for (int i = 0; i < 50; i++) {
                byte[] big = new byte[tree.maxKeyLength()];
                big[0] = (byte) i;
                assertTrue(tree.insert(big, i));
            }
            assertEquals(51, tree.verify());
        }
    }

    /**
     * Writers insert and remove keys of their own residue class, so each knows exactly what it left; scanners check
     * that every scan is in order and holds all the keys that no writer touches. Splits and merges run throughout.
     */
    @Test
    void concurrentWritersAndScannersKeepTheTreeConsistent() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("BTreeTest concurrency seed=" + seed);
        int writers = 6;
        int scanners = 3;
        BufferPool pool = new BufferPool(PAGE, 256L * PAGE);
        try (BTree tree = BTreeContractTest.newTree(pool)) {
            // Stable keys: multiples of 1000, never changed; writer w owns keys = w + 1 (mod 1000) among the rest.
            for (long k = 0; k < 200_000; k += 1000) {
                tree.insert(key(k), k);
            }
            ConcurrentHashMap<Long, Boolean> present = new ConcurrentHashMap<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < writers + scanners; t++) {
                int id = t;
                Thread thread = new Thread(() -> {
                    Random random = new Random(seed * 31 + id);
                    try {
                        start.await();
                        if (id < writers) {
                            TreeSet<Long> mine = new TreeSet<>();
                            for (int i = 0; i < 15_000; i++) {
                                long k = random.nextInt(200) * 1000L + id + 1;
                                boolean insert = mine.size() < 50 || random.nextInt(3) > 0;
                                if (insert && random.nextBoolean()) {
                                    k += random.nextInt(100) * 10;
                                }
                                if (insert) {
                                    assertEquals(mine.add(k), tree.insert(key(k), k), "seed " + seed);
                                } else {
                                    Long victim = mine.ceiling(k);
                                    victim = victim == null ? mine.first() : victim;
                                    mine.remove(victim);
                                    assertTrue(tree.remove(key(victim), victim), "seed " + seed);
                                }
                            }
                            for (long k : mine) {
                                present.put(k, true);
                            }
                        } else {
                            for (int i = 0; i < 300; i++) {
                                boolean descending = random.nextBoolean();
                                List<Long> seen = scan(tree, KeyRange.all(), descending);
                                long stable = 0;
                                for (int j = 1; j < seen.size(); j++) {
                                    long a = seen.get(j - 1);
                                    long b = seen.get(j);
                                    assertTrue(descending ? a > b : a < b, "scan out of order at " + a + ", " + b
                                        + "; seed " + seed);
                                }
                                for (long k : seen) {
                                    if (k % 1000 == 0) {
                                        stable++;
                                    }
                                }
                                assertEquals(200, stable, "a scan lost a key no writer touched; seed " + seed);
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                });
                threads.add(thread);
                thread.start();
            }
            start.countDown();
            for (Thread thread : threads) {
                thread.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("seed " + seed, failure.get());
            }
            TreeSet<Long> expected = new TreeSet<>(present.keySet());
            for (long k = 0; k < 200_000; k += 1000) {
                expected.add(k);
            }
            assertEquals(expected.size(), tree.verify(), "seed " + seed);
            assertEquals(new ArrayList<>(expected), scan(tree, KeyRange.all(), false), "seed " + seed);
            assertEquals(expected.size(), tree.statistics().entries());
            assertTrue(tree.splits() > 0 && tree.merges() > 0, "splits " + tree.splits() + " merges "
                + tree.merges());
        }
    }
}
