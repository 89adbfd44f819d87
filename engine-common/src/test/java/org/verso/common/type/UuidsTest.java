package org.verso.common.type;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;

class UuidsTest {
    private static final UUID EXAMPLE = UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");

    @Test
    void acceptsTheFormsPostgresqlAccepts() {
        for (String text : List.of("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11",
            "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}", "a0eebc999c0b4ef8bb6d6bb9bd380a11",
            " a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11 ")) {
            assertEquals(EXAMPLE, Uuids.parse(text), text);
        }
        for (String text : List.of("", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a111",
            "a0eebc99+9c0b-4ef8-bb6d-6bb9bd380a11", "g0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
            "a0eebc999c0b4ef8bb6d6bb9bd380a1ï", "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
            "a0eebc99-9c0b4-ef8-bb6d-6bb9bd380a11")) {
            assertNull(Uuids.parse(text), text);
        }
    }

    @Test
    void ordersAsItsBytesUnsigned() {
        // UUID.compareTo compares signed halves: it puts 8000... before 0000...
        UUID high = UUID.fromString("80000000-0000-0000-0000-000000000000");
        UUID low = UUID.fromString("00000000-0000-0000-0000-000000000001");
        assertTrue(high.compareTo(low) < 0);
        assertTrue(Uuids.compare(high, low) > 0);
        assertTrue(ValueOrder.compare(high, low) > 0);
        Random random = new Random(7);
        List<UUID> values = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            values.add(new UUID(random.nextBoolean() ? random.nextLong() : random.nextInt(3) - 1,
                random.nextBoolean() ? random.nextLong() : random.nextInt(3) - 1));
        }
        for (int i = 0; i + 1 < values.size(); i++) {
            UUID a = values.get(i);
            UUID b = values.get(i + 1);
            int bytes = Integer.signum(java.util.Arrays.compareUnsigned(Uuids.toBytes(a), Uuids.toBytes(b)));
            assertEquals(bytes, Integer.signum(Uuids.compare(a, b)), a + " vs " + b);
            assertEquals(a, Uuids.fromBytes(Uuids.toBytes(a)));
        }
    }

    @Test
    void convertsFromTextAndBytesAndBack() {
        DataType uuid = DataType.of(ValueType.UUID);
        assertEquals(EXAMPLE, Values.toType("{A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11}", uuid));
        assertEquals(EXAMPLE, Values.toType(Uuids.toBytes(EXAMPLE), uuid));
        assertEquals("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", Values.toText(EXAMPLE, ValueType.UUID));
        assertArrayEquals(Uuids.toBytes(EXAMPLE), (byte[]) Values.cast(EXAMPLE, uuid, DataType.varbinary(16)));
        VersoException e = assertThrows(VersoException.class, () -> Values.toType("not-a-uuid", uuid));
        assertEquals(ErrorCode.INVALID_CAST, e.code());
        assertThrows(VersoException.class, () -> Values.toType(new byte[15], uuid));
        assertThrows(VersoException.class, () -> Values.toType(42, uuid));
        assertEquals(ErrorCode.INVALID_CAST, assertThrows(VersoException.class,
            () -> Values.toBigDecimal(EXAMPLE, ValueType.UUID)).code());
    }
}
