package org.verso.common.type;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.concurrent.ConcurrentSkipListMap;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;

class ValueOrderTest {
    @Test
    void numbersCompareByValueAcrossClasses() {
        assertEquals(0, ValueOrder.compare(1, 1L));
        assertTrue(ValueOrder.compare(new BigDecimal("1.10"), 1.2) < 0);
        assertEquals(0, ValueOrder.compare(new BigDecimal("2.50"), 2.5));
        assertTrue(ValueOrder.compare(Long.MAX_VALUE, Long.MAX_VALUE - 1) > 0, "no rounding through double");
    }

    @Test
    void charComparisonIgnoresTrailingBlanksOnlyWhenAsked() {
        assertEquals(0, ValueOrder.compare("ab", "ab  ", true));
        assertTrue(ValueOrder.compare("ab", "ab  ", false) < 0);
    }

    @Test
    void bytesCompareUnsignedAndByContent() {
        assertTrue(ValueOrder.compare(new byte[] {1}, new byte[] {(byte) 0xff}) < 0, "0xff is the largest byte");
        assertTrue(ValueOrder.compare(new byte[] {1}, new byte[] {1, 0}) < 0, "a prefix first");
        assertEquals(0, ValueOrder.compare(new byte[] {4, 5}, new byte[] {4, 5}));
        assertThrows(VersoException.class, () -> ValueOrder.compare(new byte[] {1}, "x"));
    }

    @Test
    void hashKeysAgreeWithComparison() {
        assertEquals(ValueOrder.hashKey(1), ValueOrder.hashKey(1L));
        assertEquals(ValueOrder.hashKey(new BigDecimal("1.00")), ValueOrder.hashKey(1));
        assertEquals(ValueOrder.hashKey(2.5), ValueOrder.hashKey(new BigDecimal("2.50")));
        assertEquals(ValueOrder.hashKey(new byte[] {7, 8}), ValueOrder.hashKey(new byte[] {7, 8}));
        assertEquals(ValueOrder.hashKey(new byte[] {7, 8}).hashCode(),
            ValueOrder.hashKey(new byte[] {7, 8}).hashCode());
        assertNotEquals(ValueOrder.hashKey(new byte[] {7, 8}), ValueOrder.hashKey(new byte[] {7, 9}));
        assertEquals("x", ValueOrder.hashKey("x"));
    }

    @Test
    void binaryKeysWorkInAnOrderedIndex() {
        ConcurrentSkipListMap<Object[], String> index = new ConcurrentSkipListMap<>(ValueOrder.KEYS);
        index.put(new Object[] {new byte[] {1, 2}}, "a");
        index.put(new Object[] {new byte[] {1}}, "b");
        assertEquals("a", index.get(new Object[] {new byte[] {1, 2}}), "found by content, not identity");
        assertEquals("b", index.firstEntry().getValue());
    }
}
