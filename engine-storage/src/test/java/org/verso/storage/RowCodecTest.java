package org.verso.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
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
        DataType.of(ValueType.TIMESTAMP), DataType.of(ValueType.TIME), DataType.binary(4), DataType.varbinary(300)));

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
            new byte[] {1, 0, (byte) 0xff, 0}, new byte[300]};
        ((byte[]) row[13])[299] = 42;
        assertArrayEquals(row, roundTrip(row));
    }

    @Test
    void nullsRoundTrip() {
        Object[] row = new Object[14];
        row[2] = 7;
        assertArrayEquals(row, roundTrip(row));
    }
}
