package org.verso.storage.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/** Encoded keys sort as SQL sorts the values: checked on random values of every type, with NULLs and DESC. */
class KeyCodecTest {
    private final long seed = System.nanoTime();
    private final Random random = new Random(seed);

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int sqlCompare(Object a, Object b, boolean descending) {
        int c;
        if (a == null || b == null) {
            c = a == null ? (b == null ? 0 : 1) : -1; // NULLS LAST ascending
        } else if (a instanceof byte[] x) {
            c = Integer.signum(Arrays.compareUnsigned(x, (byte[]) b));
        } else if (a instanceof String s) {
            c = Integer.signum(compareCodePoints(s, (String) b));
        } else if (a instanceof java.util.UUID u) {
            c = Integer.signum(u.toString().compareTo(b.toString())); // lower-case hex text: the bytes' order
        } else if (a instanceof Double || a instanceof Float) {
            c = Double.compare(((Number) a).doubleValue() == 0 ? 0.0 : ((Number) a).doubleValue(),
                ((Number) b).doubleValue() == 0 ? 0.0 : ((Number) b).doubleValue());
        } else {
            c = ((Comparable) a).compareTo(b);
        }
        return descending ? -c : c;
    }

    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private String randomString() {
        int length = random.nextInt(6);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(5)) {
                case 0: b.append('\0'); break;
                case 1: b.appendCodePoint(0x1F389); break;
                case 2: b.append('\uFFFD'); break;
                default: b.append((char) ('a' + random.nextInt(3)));
            }
        }
        return b.toString();
    }

    private Object randomValue(ValueType type) {
        if (random.nextInt(8) == 0) {
            return null;
        }
        switch (type) {
            case BOOLEAN: return random.nextBoolean();
            case SMALLINT: return (short) (random.nextInt(7) - 3 + (random.nextBoolean() ? 0 : Short.MIN_VALUE / 2));
            case INTEGER: return random.nextBoolean() ? random.nextInt(9) - 4 : random.nextInt();
            case BIGINT: return random.nextBoolean() ? random.nextLong() : (long) (random.nextInt(5) - 2);
            case REAL: return random.nextBoolean() ? (float) (random.nextInt(7) - 3) : random.nextFloat() * 1e6f - 5e5f;
            case DOUBLE: return pick(-0.0, 0.0, 1.5, -1.5, Double.MAX_VALUE, -Double.MAX_VALUE,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, random.nextGaussian() * 1e9);
            case DECIMAL: return new BigDecimal(random.nextInt(200001) - 100000).movePointLeft(random.nextInt(8))
                .setScale(7);
            case VARCHAR: return randomString();
            case DATE: return random.nextInt(40000) - 20000;
            case TIMESTAMP: case TIMESTAMP_TZ: return random.nextLong() >> random.nextInt(40);
            case TIME: return (long) (random.nextDouble() * 86_400_000_000L);
            case UUID: return new java.util.UUID((long) pick(random.nextLong(), 0L, -1L, Long.MIN_VALUE, 1L),
                (long) pick(random.nextLong(), 0L, -1L, Long.MIN_VALUE));
            case VARBINARY: {
                byte[] bytes = new byte[random.nextInt(5)];
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = (byte) (random.nextInt(4) == 0 ? 0 : random.nextInt(3) == 0 ? 0xFF : random.nextInt());
                }
                return bytes;
            }
            default: throw new IllegalArgumentException(type.name());
        }
    }

    private Object pick(Object... options) {
        return options[random.nextInt(options.length)];
    }

    private static DataType typeOf(ValueType t) {
        return t == ValueType.VARCHAR ? DataType.varchar(100) : t == ValueType.DECIMAL ? DataType.decimal(20, 7)
            : t == ValueType.VARBINARY ? new DataType(ValueType.VARBINARY, 100, 0) : DataType.of(t);
    }

    private void checkOrder(ValueType[] kinds, boolean[] descending, int count) {
        DataType[] types = Arrays.stream(kinds).map(KeyCodecTest::typeOf).toArray(DataType[]::new);
        KeyCodec codec = new KeyCodec(types, descending);
        List<Object[]> keys = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Object[] key = new Object[kinds.length];
            for (int c = 0; c < kinds.length; c++) {
                key[c] = randomValue(kinds[c]);
            }
            keys.add(key);
        }
        Comparator<Object[]> sql = (a, b) -> {
            for (int c = 0; c < a.length; c++) {
                int r = sqlCompare(a[c], b[c], descending[c]);
                if (r != 0) {
                    return r;
                }
            }
            return 0;
        };
        for (int i = 0; i + 1 < keys.size(); i += 2) {
            Object[] a = keys.get(i);
            Object[] b = keys.get(i + 1);
            int expected = Integer.signum(sql.compare(a, b));
            int actual = Integer.signum(Arrays.compareUnsigned(codec.encode(a), codec.encode(b)));
            assertEquals(expected, actual, "seed " + seed + ": " + Arrays.toString(a) + " vs " + Arrays.toString(b));
            checkRowHasKey(codec, a, b);
        }
    }

    /** {@code rowHasKey} answers what comparing {@code encodeRow}'s bytes answers, for a row's own key and others. */
    private void checkRowHasKey(KeyCodec codec, Object[] a, Object[] b) {
        // the key columns sit in the row in reverse order, after a column that is not in the key
        int n = a.length;
        Object[] row = new Object[n + 1];
        int[] columns = new int[n];
        for (int c = 0; c < n; c++) {
            row[n - c] = a[c];
            columns[c] = n - c;
        }
        row[0] = "not in the key";
        byte[] own = codec.encodeRow(row, columns);
        byte[] other = codec.encode(b);
        String context = "seed " + seed + ": " + Arrays.toString(a) + " vs " + Arrays.toString(b);
        assertTrue(codec.rowHasKey(row, columns, own), context);
        assertEquals(Arrays.equals(own, other), codec.rowHasKey(row, columns, other), context);
        assertFalse(codec.rowHasKey(row, columns, Arrays.copyOf(own, own.length - 1)), context);
        assertFalse(codec.rowHasKey(row, columns, Arrays.copyOf(own, own.length + 1)), context);
    }

    /** The bytes stored in B+tree pages: an encoding change would misread existing databases. */
    @Test
    void theEncodingIsStable() {
        KeyCodec codec = new KeyCodec(new DataType[] {DataType.decimal(20, 7), DataType.varchar(10),
            DataType.of(ValueType.INTEGER)}, new boolean[] {true, false, true});
        assertEquals("feff8000000202030600016100ff620001fe80000002",
            hex(codec.encode(new Object[] {new BigDecimal("-12.5"), "a\0b", -3})));
        assertEquals("fefd7ffffffdfdfcf9ff02fe7ffffff8",
            hex(codec.encode(new Object[] {new BigDecimal("12.5"), null, 7})));
        assertEquals("fd010001fd", hex(codec.encode(new Object[] {null, "", null})));
        assertEquals("fefe01780001feffffffff",
            hex(codec.encode(new Object[] {BigDecimal.ZERO, "x", Integer.MIN_VALUE})));
        assertEquals("010080000001fafcff", hex(new KeyCodec(new DataType[] {DataType.decimal(20, 7)}, null)
            .encode(new Object[] {new BigDecimal("-0.0042")})));
    }

    private static String hex(byte[] bytes) {
        return java.util.HexFormat.of().formatHex(bytes);
    }

    @Test
    void everyTypeSortsAsSqlDoes() {
        System.out.println("KeyCodecTest seed=" + seed);
        for (ValueType kind : new ValueType[] {ValueType.BOOLEAN, ValueType.SMALLINT, ValueType.INTEGER,
            ValueType.BIGINT, ValueType.REAL, ValueType.DOUBLE, ValueType.DECIMAL, ValueType.VARCHAR, ValueType.DATE,
            ValueType.TIME, ValueType.TIMESTAMP, ValueType.VARBINARY, ValueType.UUID, ValueType.TIMESTAMP_TZ}) {
            checkOrder(new ValueType[] {kind}, new boolean[] {false}, 4000);
            checkOrder(new ValueType[] {kind}, new boolean[] {true}, 4000);
        }
    }

    @Test
    void multiColumnKeysSortColumnByColumn() {
        checkOrder(new ValueType[] {ValueType.VARCHAR, ValueType.INTEGER, ValueType.DECIMAL},
            new boolean[] {false, true, false}, 20000);
        checkOrder(new ValueType[] {ValueType.BOOLEAN, ValueType.VARCHAR, ValueType.VARCHAR},
            new boolean[] {true, false, true}, 20000);
        checkOrder(new ValueType[] {ValueType.VARBINARY, ValueType.TIME}, new boolean[] {false, true}, 20000);
    }

    @Test
    void equalValuesEncodeEquallyAndPrefixesArePrefixes() {
        KeyCodec codec = new KeyCodec(new DataType[] {DataType.decimal(10, 2), DataType.varchar(10)}, null);
        assertTrue(Arrays.equals(codec.encode(new Object[] {new BigDecimal("1.50"), "x"}),
            codec.encode(new Object[] {new BigDecimal("1.5"), "x"})));
        byte[] prefix = codec.encode(new Object[] {new BigDecimal("7")});
        byte[] full = codec.encode(new Object[] {new BigDecimal("7"), "abc"});
        assertTrue(Arrays.equals(prefix, Arrays.copyOf(full, prefix.length)));
        assertTrue(KeyRange.prefix(prefix).contains(full));
        byte[] other = codec.encode(new Object[] {new BigDecimal("70"), ""});
        assertTrue(!KeyRange.prefix(prefix).contains(other), "7 is not a prefix of 70 in key space");
    }
}
