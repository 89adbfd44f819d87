package org.verso.core.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
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

    @Test
    void aDroppedSequenceIsForgotten() {
        SequenceDefinition s = new SequenceDefinition(7, "S", 1, 1, null);
        SequenceValues values = SequenceValues.load(storage);
        values.next(s);
        values.remove(s);
        assertEquals(1, SequenceValues.load(storage).next(s), "a new sequence with the id starts afresh");
    }
}
