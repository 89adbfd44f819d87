package org.verso.storage.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;

class VarintsTest {
    @Test
    void everyValueReadsBackAndTakesTheBytesItsSizeSays() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        long[] edges = {0, 1, 127, 128, 16_383, 16_384, (1L << 21) - 1, 1L << 21, Integer.MAX_VALUE, Long.MAX_VALUE,
            Long.MIN_VALUE, -1};
        ByteBuffer buf = ByteBuffer.allocate(Varints.MAX_BYTES);
        for (int i = 0; i < 100_000; i++) {
            long value = i < edges.length ? edges[i] : random.nextLong() >>> random.nextInt(64);
            int end = Varints.put(buf, 0, value);
            assertEquals(Varints.size(value), end, "size of " + value + ", seed " + seed);
            ByteBuffer in = buf.duplicate().position(0).limit(end);
            assertEquals(value, Varints.get(in), "seed " + seed);
            assertEquals(end, in.position());
        }
        assertEquals(1, Varints.size(127));
        assertEquals(2, Varints.size(128));
        assertEquals(10, Varints.size(-1));
    }

    @Test
    void aValueCutOffIsAnInternalError() {
        ByteBuffer buf = ByteBuffer.allocate(Varints.MAX_BYTES);
        int end = Varints.put(buf, 0, 1L << 40);
        VersoException e = assertThrows(VersoException.class,
            () -> Varints.get(buf.duplicate().position(0).limit(end - 1)));
        assertEquals("XX000", e.sqlState());
    }
}
