package org.verso.storage.index;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;

/**
 * Encodes index keys as byte strings whose unsigned lexicographic order is the SQL order of the keys, so indexes
 * compare keys with one {@link Arrays#compareUnsigned} and never box or dispatch on types ("memcomparable" keys).
 *
 * <p>A key is the concatenation of its columns' encodings; each encoding is self-delimiting, so the encoding of a
 * key prefix (its first k columns) is a byte prefix of the encoding of every key that starts with those values,
 * and a full key's encoding is never a proper prefix of another full key's. Per column:
 * <pre>
 * NULL        0x02                         (sorts after every value: NULLS LAST ascending, as PostgreSQL)
 * non-null    0x01, then the value:
 *   BOOLEAN   1 byte, 0 or 1
 *   SMALLINT, INTEGER, BIGINT, DATE, TIME, TIMESTAMP, TIMESTAMP_TZ
 *             2, 4 or 8 bytes big-endian with the sign bit flipped
 *   REAL, DOUBLE
 *             the IEEE bits big-endian; negative values have every bit flipped, others only the sign bit
 *             (-0.0 is encoded as 0.0; NaN sorts after +infinity)
 *   DECIMAL   a sign class byte (0x00 negative, 0x01 zero, 0x02 positive); for non-zero values the decimal
 *             exponent e (value = 0.d1d2... * 10^e, d1 != 0) as 4 bytes big-endian with the sign bit flipped, then
 *             each digit as a byte d + 1, then 0x00; for negative values every byte after the class is flipped
 *   UUID      16 bytes big-endian, the most significant half first (its order is that of the bytes unsigned)
 *   CHAR, VARCHAR, BINARY, VARBINARY
 *             the bytes (UTF-8 for text) with 0x00 escaped as 0x00 0xFF, then 0x00 0x01 (UTF-8 byte order is code
 *             point order; bytes compare unsigned)
 * </pre>
 * A descending column has every byte of its encoding (marker included) flipped, which reverses its order and puts
 * NULLs first.
 *
 * <p>Values must be canonical (see {@link org.verso.common.type.ValueType}). Thread safe and immutable.
 */
public final class KeyCodec {
    private static final byte VALUE = 0x01;
    private static final byte NULL = 0x02;

    private final DataType[] types;
    private final boolean[] descending;

    /** A codec for keys of the given column types; {@code descending} may be null (all ascending). */
    public KeyCodec(DataType[] types, boolean[] descending) {
        this.types = types.clone();
        this.descending = descending == null ? new boolean[types.length] : descending.clone();
        if (this.descending.length != types.length) {
            throw new IllegalArgumentException("one sort direction per key column");
        }
    }

    public int columnCount() {
        return types.length;
    }

    /** Encodes a whole key or a prefix of it: {@code values} holds the first {@code values.length} key columns. */
    public byte[] encode(Object[] values) {
        if (values.length > types.length) {
            throw new IllegalArgumentException(values.length + " values for a key of " + types.length + " columns");
        }
        KeyBuilder out = new KeyBuilder(16 * values.length + 8);
        for (int i = 0; i < values.length; i++) {
            encodeColumn(out, i, values[i]);
        }
        return out.toArray();
    }

    /** Encodes the key of a table row: the values at {@code columns} of {@code row}, in key order. */
    public byte[] encodeRow(Object[] row, int[] columns) {
        KeyBuilder out = new KeyBuilder(16 * columns.length + 8);
        for (int i = 0; i < columns.length; i++) {
            encodeColumn(out, i, row[columns[i]]);
        }
        return out.toArray();
    }

    /**
     * Whether the key of a table row (as {@link #encodeRow} encodes it) is {@code key}; compares as it encodes,
     * without building the row's key.
     */
    public boolean rowHasKey(Object[] row, int[] columns, byte[] key) {
        KeyBuilder out = KeyBuilder.comparingWith(key);
        for (int i = 0; i < columns.length && !out.differs(); i++) {
            encodeColumn(out, i, row[columns[i]]);
        }
        return !out.differs() && out.length() == key.length;
    }

    private void encodeColumn(KeyBuilder out, int column, Object value) {
        if (descending[column]) {
            out.invert();
        }
        if (value == null) {
            out.put(NULL);
        } else {
            out.put(VALUE);
            encodeValue(out, types[column], value);
        }
        if (descending[column]) {
            out.invert();
        }
    }

    private static void encodeValue(KeyBuilder out, DataType type, Object value) {
        switch (type.kind()) {
            case BOOLEAN:
                out.put((byte) (((Boolean) value) ? 1 : 0));
                break;
            case SMALLINT:
                out.putShort((short) (((Short) value) ^ Short.MIN_VALUE));
                break;
            case INTEGER:
            case DATE:
                out.putInt(((Integer) value) ^ Integer.MIN_VALUE);
                break;
            case BIGINT:
            case TIME:
            case TIMESTAMP:
            case TIMESTAMP_TZ:
                out.putLong(((Long) value) ^ Long.MIN_VALUE);
                break;
            case REAL: {
                float f = (Float) value;
                int bits = Float.floatToIntBits(f == 0.0f ? 0.0f : f);
                out.putInt(bits < 0 ? ~bits : bits ^ Integer.MIN_VALUE);
                break;
            }
            case DOUBLE: {
                double d = (Double) value;
                long bits = Double.doubleToLongBits(d == 0.0 ? 0.0 : d);
                out.putLong(bits < 0 ? ~bits : bits ^ Long.MIN_VALUE);
                break;
            }
            case DECIMAL:
                encodeDecimal(out, (BigDecimal) value);
                break;
            case UUID: {
                java.util.UUID uuid = (java.util.UUID) value;
                out.putLong(uuid.getMostSignificantBits());
                out.putLong(uuid.getLeastSignificantBits());
                break;
            }
            case CHAR:
            case VARCHAR:
                encodeBytes(out, ((String) value).getBytes(StandardCharsets.UTF_8));
                break;
            case BINARY:
            case VARBINARY:
                encodeBytes(out, (byte[]) value);
                break;
            default:
                throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("an index key of type " + type);
        }
    }

    private static void encodeDecimal(KeyBuilder out, BigDecimal value) {
        int sign = value.signum();
        if (sign == 0) {
            out.put((byte) 0x01);
            return;
        }
        out.put(sign < 0 ? (byte) 0x00 : (byte) 0x02);
        if (sign < 0) {
            out.invert();
        }
        BigDecimal abs = value.abs().stripTrailingZeros();
        String digits = abs.unscaledValue().toString();
        int exponent = digits.length() - abs.scale();
        out.putInt(exponent ^ Integer.MIN_VALUE);
        for (int i = 0; i < digits.length(); i++) {
            out.put((byte) (digits.charAt(i) - '0' + 1));
        }
        out.put((byte) 0x00);
        if (sign < 0) {
            out.invert();
        }
    }

    private static void encodeBytes(KeyBuilder out, byte[] bytes) {
        for (byte b : bytes) {
            out.put(b);
            if (b == 0) {
                out.put((byte) 0xFF);
            }
        }
        out.put((byte) 0x00);
        out.put((byte) 0x01);
    }

    /** The smallest byte string greater than every string that starts with {@code prefix}, or null if none. */
    public static byte[] prefixEnd(byte[] prefix) {
        for (int i = prefix.length - 1; i >= 0; i--) {
            if (prefix[i] != (byte) 0xFF) {
                byte[] end = Arrays.copyOf(prefix, i + 1);
                end[i]++;
                return end;
            }
        }
        return null;
    }

    /**
     * A growable byte buffer for one key; or, made {@link #comparingWith} a key, a comparison of the bytes put with
     * that key's, storing nothing. Between two {@link #invert} calls every byte put is inverted (a descending
     * column, the digits of a negative decimal), so that the encoding reads the same both ways.
     */
    private static final class KeyBuilder {
        private byte[] bytes;
        private final boolean comparing;
        private int length;
        private byte mask;
        private boolean differs;

        KeyBuilder(int capacity) {
            bytes = new byte[capacity];
            comparing = false;
        }

        private KeyBuilder(byte[] expected) {
            bytes = expected;
            comparing = true;
        }

        static KeyBuilder comparingWith(byte[] key) {
            return new KeyBuilder(key);
        }

        int length() {
            return length;
        }

        /** Whether a byte put so far differs from the compared key's (or runs past its end). */
        boolean differs() {
            return differs;
        }

        void invert() {
            mask = (byte) ~mask;
        }

        void put(byte b) {
            b ^= mask;
            if (comparing) {
                if (length >= bytes.length || bytes[length] != b) {
                    differs = true;
                }
                length++;
                return;
            }
            if (length == bytes.length) {
                bytes = Arrays.copyOf(bytes, bytes.length * 2);
            }
            bytes[length++] = b;
        }

        void putShort(short v) {
            put((byte) (v >>> 8));
            put((byte) v);
        }

        void putInt(int v) {
            putShort((short) (v >>> 16));
            putShort((short) v);
        }

        void putLong(long v) {
            putInt((int) (v >>> 32));
            putInt((int) v);
        }

        byte[] toArray() {
            return Arrays.copyOf(bytes, length);
        }
    }
}
