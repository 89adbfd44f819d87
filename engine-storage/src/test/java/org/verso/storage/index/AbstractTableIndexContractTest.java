package org.verso.storage.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * The contract every index implementation keeps: set semantics of entries, key-prefix and range scans in both
 * directions against a reference model, and concurrent inserts and removals. An implementation's test extends this
 * class and opens the index.
 */
public abstract class AbstractTableIndexContractTest {
    private final KeyCodec codec = new KeyCodec(new DataType[] {DataType.of(ValueType.INTEGER),
        DataType.of(ValueType.INTEGER)}, null);

    /** A new, empty index under test. */
    protected abstract TableIndex newIndex();

    private byte[] key(Integer... values) {
        return codec.encode(values);
    }

    private static List<long[]> drain(IndexCursor cursor, KeyCodec codec) {
        List<long[]> out = new ArrayList<>();
        try (cursor) {
            while (cursor.next()) {
                out.add(new long[] {Arrays.hashCode(cursor.key()), cursor.ref()});
            }
        }
        return out;
    }

    @Test
    void entriesAreASet() {
        try (TableIndex index = newIndex()) {
            assertTrue(index.insert(key(1, 1), 10));
            assertFalse(index.insert(key(1, 1), 10), "the same entry twice is one entry");
            assertTrue(index.insert(key(1, 1), 11), "a key may have several references");
            assertEquals(2, index.statistics().entries());
            assertTrue(index.remove(key(1, 1), 10));
            assertFalse(index.remove(key(1, 1), 10));
            List<long[]> left = drain(index.scan(KeyRange.prefix(key(1, 1)), false), codec);
            assertEquals(1, left.size());
            assertEquals(11, left.get(0)[1]);
        }
    }

    @Test
    void scansMatchAReferenceModel() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        try (TableIndex index = newIndex()) {
            TreeSet<long[]> model = new TreeSet<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : a[1] != b[1] ? Long.compare(a[1], b[1]) : Long.compare(a[2], b[2]));
            for (int i = 0; i < 3000; i++) {
                int a = random.nextInt(20) - 10;
                int b = random.nextInt(20) - 10;
                long ref = random.nextInt(5);
                if (random.nextInt(4) == 0) {
                    assertEquals(model.remove(new long[] {a, b, ref}), index.remove(key(a, b), ref), "seed " + seed);
                } else {
                    assertEquals(model.add(new long[] {a, b, ref}), index.insert(key(a, b), ref), "seed " + seed);
                }
            }
            for (int q = 0; q < 300; q++) {
                int low = random.nextInt(24) - 12;
                int high = low + random.nextInt(8);
                boolean lowIncl = random.nextBoolean();
                boolean highIncl = random.nextBoolean();
                boolean desc = random.nextBoolean();
                List<Long> expected = new ArrayList<>();
                for (long[] e : desc ? model.descendingSet() : model) {
                    boolean above = lowIncl ? e[0] >= low : e[0] > low;
                    boolean below = highIncl ? e[0] <= high : e[0] < high;
                    if (above && below) {
                        expected.add(e[0] * 1_000_000 + (e[1] + 100) * 100 + e[2]);
                    }
                }
                List<Long> actual = new ArrayList<>();
                KeyRange range = KeyRange.between(key(low), lowIncl, key(high), highIncl);
                try (IndexCursor cursor = index.scan(range, desc)) {
                    while (cursor.next()) {
                        int a = decodeFirst(cursor.key());
                        int b = decodeSecond(cursor.key());
                        actual.add(a * 1_000_000L + (b + 100) * 100L + cursor.ref());
                    }
                }
                assertEquals(expected, actual, "seed " + seed + " range " + low + (lowIncl ? "<=" : "<") + " a "
                    + (highIncl ? "<=" : "<") + high + (desc ? " desc" : ""));
            }
            for (int q = 0; q < 300; q++) {
                int a = random.nextInt(24) - 12;
                int b = random.nextInt(24) - 12;
                boolean desc = random.nextBoolean();
                List<Long> expected = new ArrayList<>();
                for (long[] e : desc ? model.descendingSet() : model) {
                    if (e[0] == a && e[1] == b) {
                        expected.add(e[2]);
                    }
                }
                assertEquals(expected, refs(index.scan(KeyRange.key(key(a, b)), desc), key(a, b)),
                    "seed " + seed + " key " + a + ", " + b + (desc ? " desc" : ""));
                assertEquals(expected, refs(index.scan(KeyRange.prefix(key(a, b)), desc), key(a, b)),
                    "seed " + seed + " prefix " + a + ", " + b + (desc ? " desc" : ""));
            }
        }
    }

    /**
     * Two threads, released together round after round, one inserting an entry and the other removing the same
     * entry: after each round the entry is in a single-key lookup exactly when it is in a scan.
     */
    @Test
    void anInsertAndARemoveOfOneEntryAtOnceLeaveLookupAndScanAgreeing() throws Exception {
        int rounds = 20_000;
        try (TableIndex index = newIndex()) {
            AtomicInteger phase = new AtomicInteger();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread remover = new Thread(() -> {
                for (int round = 0; round < rounds && failure.get() == null; round++) {
                    while (phase.get() != 2 * round + 1) {
                        if (failure.get() != null) {
                            return;
                        }
                        Thread.onSpinWait();
                    }
                    index.remove(key(round, 0), 7);
                    phase.incrementAndGet();
                }
            });
            remover.start();
            try {
                for (int round = 0; round < rounds; round++) {
                    phase.incrementAndGet(); // 2 * round + 1: both go
                    index.insert(key(round, 0), 7);
                    while (phase.get() != 2 * round + 2) {
                        Thread.onSpinWait();
                    }
                    List<Long> lookedUp = refs(index.scan(KeyRange.key(key(round, 0)), false), key(round, 0));
                    List<Long> scanned = refs(index.scan(KeyRange.prefix(key(round, 0)), false), key(round, 0));
                    assertEquals(scanned, lookedUp, "round " + round);
                }
            } catch (Throwable e) {
                failure.set(e);
                throw e;
            } finally {
                remover.join();
            }
        }
    }

    /** The references a cursor returns, checking that each entry has {@code key}. */
    private static List<Long> refs(IndexCursor cursor, byte[] key) {
        List<Long> refs = new ArrayList<>();
        try (cursor) {
            while (cursor.next()) {
                assertTrue(Arrays.equals(key, cursor.key()), "an entry of another key");
                refs.add(cursor.ref());
            }
        }
        return refs;
    }

    /**
     * Threads insert and remove the same few entries at once while others look single keys up: whatever the
     * interleaving, a key's lookup and a scan of all entries agree at the end, the count matches, and an entry
     * present throughout is found by every lookup.
     */
    @Test
    void racingChangesOfOneKeyLeaveLookupsAndScansAgreeing() throws Exception {
        long seed = System.nanoTime();
        System.out.println("index key race seed=" + seed);
        try (TableIndex index = newIndex()) {
            for (int k = 0; k < 4; k++) {
                index.insert(key(k, 0), 100); // stable: never removed
            }
            runTogether(8, seed, (id, random) -> {
                for (int i = 0; i < 20_000; i++) {
                    int k = random.nextInt(4);
                    if (id < 6) {
                        long ref = random.nextInt(4);
                        if (random.nextBoolean()) {
                            index.insert(key(k, 0), ref);
                        } else {
                            index.remove(key(k, 0), ref);
                        }
                    } else {
                        List<Long> found = refs(index.scan(KeyRange.key(key(k, 0)), random.nextBoolean()), key(k, 0));
                        assertTrue(found.contains(100L), "seed " + seed + ": " + found);
                    }
                }
            });
            long total = 0;
            for (int k = 0; k < 4; k++) {
                List<Long> lookedUp = refs(index.scan(KeyRange.key(key(k, 0)), false), key(k, 0));
                assertEquals(refs(index.scan(KeyRange.prefix(key(k, 0)), false), key(k, 0)), lookedUp, "seed " + seed);
                total += lookedUp.size();
            }
            assertEquals(total, index.statistics().entries(), "seed " + seed);
            assertEquals(total, drain(index.scan(KeyRange.all(), false), codec).size(), "seed " + seed);
        }
    }

    @Test
    void concurrentWritersAndScannersSeeAConsistentSet() throws Exception {
        long seed = System.nanoTime();
        System.out.println("index concurrency seed=" + seed);
        try (TableIndex index = newIndex()) {
            for (int i = 0; i < 500; i++) {
                index.insert(key(i, 0), i); // stable entries that every scan must see
            }
            ConcurrentSkipListSet<Long> inserted = new ConcurrentSkipListSet<>();
            runTogether(6, seed, (id, random) -> {
                for (int i = 0; i < 2000; i++) {
                    if (id % 2 == 0) {
                        long ref = 1000L + id * 10_000L + i;
                        int k = random.nextInt(500);
                        index.insert(key(k, 1), ref);
                        inserted.add(ref);
                        if (random.nextBoolean()) {
                            index.remove(key(k, 1), ref);
                            inserted.remove(ref);
                        }
                    } else {
                        int stable = 0;
                        try (IndexCursor c = index.scan(KeyRange.all(), random.nextBoolean())) {
                            while (c.next()) {
                                if (c.ref() < 500) {
                                    stable++;
                                }
                            }
                        }
                        assertEquals(500, stable, "seed " + seed);
                    }
                }
            });
            assertEquals(500 + inserted.size(), index.statistics().entries());
        }
    }

    private static int decodeFirst(byte[] key) {
        return readInt(key, 1);
    }

    private static int decodeSecond(byte[] key) {
        return readInt(key, 6);
    }

    private static int readInt(byte[] key, int at) {
        int v = 0;
        for (int i = 0; i < 4; i++) {
            v = (v << 8) | (key[at + i] & 0xFF);
        }
        return v ^ Integer.MIN_VALUE;
    }

    /** The work of one thread of {@link #runTogether}: its number and its own random source. */
    @FunctionalInterface
    private interface Worker {
        void run(int id, Random random) throws Exception;
    }

    /**
     * Runs {@code work} on {@code threads} threads released together, thread {@code id} with {@code Random(seed +
     * id)}, and fails with the seed if any of them failed.
     */
    private static void runTogether(int threads, long seed, Worker work) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread worker = new Thread(() -> {
                try {
                    start.await();
                    work.run(id, new Random(seed + id));
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            workers.add(worker);
            worker.start();
        }
        start.countDown();
        for (Thread w : workers) {
            w.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("seed " + seed, failure.get());
        }
    }
}
