package org.verso.core.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.storage.StorageEngine;
import org.verso.storage.StorageOptions;

/**
 * Sequence values are never handed out twice: a "crash" here is loading the high-water marks again from the same
 * storage without the clean close, as a restarted process would after a kill.
 */
class SequenceValuesTest {
    private final StorageEngine storage = StorageEngine.inMemory("seq-" + System.nanoTime(),
        StorageOptions.defaults(4096, 1 << 20));

    @AfterEach
    void close() {
        storage.close();
    }

    @Test
    void aCrashSkipsAtMostABlockAndRepeatsNothing() {
        SequenceDefinition s = new SequenceDefinition(5, "S", 1, 1, null);
        Set<Long> seen = new HashSet<>();
        for (int crash = 0; crash < 4; crash++) {
            SequenceValues values = SequenceValues.load(storage);
            for (int i = 0; i < 10; i++) {
                long v = values.next(s);
                assertTrue(seen.add(v), "value " + v + " repeated after a crash");
            }
        }
        assertEquals(1 + 3 * SequenceValues.BLOCK + 9, seen.stream().mapToLong(Long::longValue).max().orElseThrow(),
            "each crash skips the rest of its block, no more");
    }

    @Test
    void aCleanCloseContinuesExactly() {
        SequenceDefinition s = new SequenceDefinition(5, "S", 100, -10, null);
        SequenceValues first = SequenceValues.load(storage);
        assertEquals(100, first.next(s));
        assertEquals(90, first.next(s));
        first.close();
        assertEquals(80, SequenceValues.load(storage).next(s));
    }

    @Test
    void aSequenceThatWouldLeaveBigintFailsWith2200H() {
        SequenceDefinition s = new SequenceDefinition(6, "LAST", Long.MAX_VALUE - 1, 1, null);
        SequenceValues values = SequenceValues.load(storage);
        assertEquals(Long.MAX_VALUE - 1, values.next(s));
        VersoException e = assertThrows(VersoException.class, () -> values.next(s));
        assertEquals("2200H", e.sqlState());
    }

    /**
     * Many threads draw from a sequence bounded by MAXVALUE, at random moments: each value within the bounds is
     * handed out exactly once, and every draw past them fails with 2200H. A crash (a reload without the close)
     * then hands out nothing more.
     */
    @Test
    void concurrentDrawsFromABoundedSequenceGetEachValueOnce() throws Exception {
        long seed = System.nanoTime();
        System.out.println("SequenceValuesTest.concurrentDrawsFromABoundedSequenceGetEachValueOnce seed=" + seed);
        SequenceDefinition s = new SequenceDefinition(8, "B", 5, 3, 1, 1_000, false, null);
        SequenceValues values = SequenceValues.load(storage);
        Set<Long> seen = ConcurrentHashMap.newKeySet();
        AtomicInteger exhausted = new AtomicInteger();
        AtomicInteger repeats = new AtomicInteger();
        int threads = 8;
        int draws = 60;
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            Random random = new Random(seed + t);
            workers[t] = new Thread(() -> {
                for (int i = 0; i < draws; i++) {
                    if (random.nextInt(4) == 0) {
                        Thread.yield();
                    }
                    try {
                        if (!seen.add(values.next(s))) {
                            repeats.incrementAndGet();
                        }
                    } catch (VersoException e) {
                        assertEquals("2200H", e.sqlState());
                        exhausted.incrementAndGet();
                    }
                }
            });
            workers[t].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        int inBounds = (1_000 - 5) / 3 + 1; // 5, 8, ..., 998
        assertEquals(0, repeats.get(), "a value was handed out twice");
        assertEquals(inBounds, seen.size());
        assertEquals(threads * draws - inBounds, exhausted.get());
        assertTrue(seen.stream().allMatch(v -> v >= 5 && v <= 998 && (v - 5) % 3 == 0));
        VersoException afterCrash = assertThrows(VersoException.class, () -> SequenceValues.load(storage).next(s));
        assertEquals("2200H", afterCrash.sqlState());
    }

    @Test
    void aCyclingSequenceStartsAgainAtItsOtherBound() {
        SequenceDefinition down = new SequenceDefinition(9, "D", -1, -1, -3, -1, true, null);
        SequenceValues values = SequenceValues.load(storage);
        long[] drawn = new long[7];
        for (int i = 0; i < drawn.length; i++) {
            drawn[i] = values.next(down);
        }
        assertArrayEquals(new long[] {-1, -2, -3, -1, -2, -3, -1}, drawn);
    }

    @Test
    void aDroppedSequenceIsForgotten() {
        SequenceDefinition s = new SequenceDefinition(7, "S", 1, 1, null);
        SequenceValues values = SequenceValues.load(storage);
        values.next(s);
        values.remove(s);
        assertEquals(1, SequenceValues.load(storage).next(s), "a new sequence with the id starts afresh");
    }
}
