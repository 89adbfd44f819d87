package org.verso.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verso.common.type.DataType;
import org.verso.storage.tuple.RowCodec;
import org.verso.common.type.ValueType;

class RowCodecTest {
    private final RowCodec codec = new RowCodec(List.of(
        DataType.of(ValueType.BOOLEAN), DataType.of(ValueType.SMALLINT), DataType.of(ValueType.INTEGER),
        DataType.of(ValueType.BIGINT), DataType.of(ValueType.REAL), DataType.of(ValueType.DOUBLE),
        DataType.decimal(12, 2), DataType.ch(3), DataType.varchar(40), DataType.of(ValueType.DATE),
        DataType.of(ValueType.TIMESTAMP), DataType.of(ValueType.TIME), DataType.binary(4), DataType.varbinary(300),
        DataType.of(ValueType.UUID), DataType.of(ValueType.TIMESTAMP_TZ)));

    private Object[] roundTrip(Object[] row) {
        ByteBuffer buf = ByteBuffer.allocateDirect(1024);
        buf.position(7);
        codec.encode(row, buf);
        assertEquals(7 + codec.encodedSize(row), buf.position(), "encodedSize is exact");
        return codec.decode(buf, 7);
    }

    @Test
    void everyTypeRoundTrips() {
        Object[] row = {true, (short) -3, 42, Long.MIN_VALUE, 1.5f, -2.25, new BigDecimal("-12345678.90"), "abc",
            "héllo wörld ✓ 𝄞", 19_000, 1_700_000_000_123_456L, 86_399_123_456L,
            new byte[] {1, 0, (byte) 0xff, 0}, new byte[300], new java.util.UUID(Long.MIN_VALUE, -2),
            -1_234_567_890_123L};
        ((byte[]) row[13])[299] = 42;
        assertArrayEquals(row, roundTrip(row));
    }

    /** Every length of unscaled bytes, both signs and the edges of a long, read back equal (value and scale). */
    @Test
    void decimalsOfEveryLengthRoundTrip() {
        RowCodec decimals = new RowCodec(List.of(DataType.decimal(38, 3)));
        List<BigInteger> unscaled = new ArrayList<>(List.of(BigInteger.ZERO,
            BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MIN_VALUE),
            BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE),
            BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE)));
        for (int bits = 1; bits < 100; bits++) {
            BigInteger edge = BigInteger.ONE.shiftLeft(bits);
            unscaled.addAll(List.of(edge, edge.subtract(BigInteger.ONE), edge.negate(),
                edge.negate().subtract(BigInteger.ONE)));
        }
        ByteBuffer buf = ByteBuffer.allocateDirect(64);
        for (BigInteger value : unscaled) {
            BigDecimal decimal = new BigDecimal(value, 3);
            buf.clear();
            decimals.encode(new Object[] {decimal}, buf);
            Object read = decimals.decode(buf, 0)[0];
            assertEquals(decimal, read, "unscaled " + value);
        }
    }

    @Test
    void nullsRoundTrip() {
        Object[] row = new Object[16];
        row[2] = 7;
        assertArrayEquals(row, roundTrip(row));
    }

    @Test
    void aRowWrittenBeforeColumnsWereAddedReadsTheirAddedValues() {
        RowCodec before = new RowCodec(List.of(DataType.of(ValueType.INTEGER), DataType.varchar(5)));
        RowCodec after = new RowCodec(List.of(DataType.of(ValueType.INTEGER), DataType.varchar(5),
            DataType.of(ValueType.BIGINT), DataType.varchar(5)), new Object[] {null, null, 7L, null});
        ByteBuffer buf = ByteBuffer.allocate(64);
        before.encode(new Object[] {1, "a"}, buf);
        assertArrayEquals(new Object[] {1, "a", 7L, null}, after.decode(buf, 0));
        ByteBuffer wide = ByteBuffer.allocate(64);
        after.encode(new Object[] {2, null, null, "z"}, wide);
        assertArrayEquals(new Object[] {2, null, null, "z"}, after.decode(wide, 0), "stored NULL is not the added value");
    }

    @Test
    void aShorterArrayIsStoredAsAnOlderRow() {
        RowCodec codec = new RowCodec(List.of(DataType.of(ValueType.INTEGER), DataType.of(ValueType.INTEGER)),
            new Object[] {null, 9});
        ByteBuffer buf = ByteBuffer.allocate(16);
        codec.encode(new Object[] {4}, buf);
        assertEquals(codec.encodedSize(new Object[] {4}), buf.position());
        assertArrayEquals(new Object[] {4, 9}, codec.decode(buf, 0));
    }

    /**
     * A dropped column keeps its place: rows written before the drop skip its value, rows written after store NULL
     * there, and a column added after the drop goes after every place, old rows reading its added value.
     */
    @Test
    void droppedColumnsKeepTheirPlaceAndAreSkipped() {
        List<DataType> original = List.of(DataType.of(ValueType.INTEGER), DataType.varchar(20),
            DataType.decimal(8, 2), DataType.of(ValueType.BIGINT));
        RowCodec before = new RowCodec(original);
        ByteBuffer old = ByteBuffer.allocate(64);
        before.encode(new Object[] {1, "a long text to skip", new BigDecimal("12.50"), 9L}, old);

        RowCodec dropped = new RowCodec(original, new Object[4], new boolean[] {false, true, true, false});
        assertEquals(2, dropped.columnCount());
        assertArrayEquals(new Object[] {1, 9L}, dropped.decode(old, 0));
        ByteBuffer newer = ByteBuffer.allocate(64);
        dropped.encode(new Object[] {2, 8L}, newer);
        assertEquals(dropped.encodedSize(new Object[] {2, 8L}), newer.position());
        assertEquals(1 + 1 + 4 + 8, newer.position(), "count, bitmap, INTEGER and BIGINT: the dropped places are NULL");
        assertArrayEquals(new Object[] {2, 8L}, dropped.decode(newer, 0));
        assertArrayEquals(new Object[] {2, null, null, 8L}, before.decode(newer, 0), "the places stay where they were");

        List<DataType> grown = new ArrayList<>(original);
        grown.add(DataType.varchar(3));
        RowCodec added = new RowCodec(grown, new Object[] {null, null, null, null, "new"},
            new boolean[] {false, true, true, false, false});
        assertArrayEquals(new Object[] {1, 9L, "new"}, added.decode(old, 0));
        assertArrayEquals(new Object[] {2, 8L, "new"}, added.decode(newer, 0));
        ByteBuffer newest = ByteBuffer.allocate(64);
        added.encode(new Object[] {3, null, "xyz"}, newest);
        assertArrayEquals(new Object[] {3, null, "xyz"}, added.decode(newest, 0));
        ByteBuffer shorter = ByteBuffer.allocate(64);
        added.encode(new Object[] {4}, shorter);
        assertEquals(1 + 1 + 4, shorter.position(), "a shorter row stores the places up to its last column");
        assertArrayEquals(new Object[] {4, null, "new"}, added.decode(shorter, 0));
    }

    @Test
    void manyColumnsUseATwoByteCount() {
        List<DataType> types = java.util.Collections.nCopies(200, DataType.of(ValueType.SMALLINT));
        RowCodec wide = new RowCodec(types);
        Object[] row = new Object[200];
        row[199] = (short) 5;
        ByteBuffer buf = ByteBuffer.allocate(wide.encodedSize(row));
        wide.encode(row, buf);
        assertEquals(2 + 25 + 2, buf.position(), "two count bytes, 25 bitmap bytes, one SMALLINT");
        assertArrayEquals(row, wide.decode(buf, 0));
    }
}
