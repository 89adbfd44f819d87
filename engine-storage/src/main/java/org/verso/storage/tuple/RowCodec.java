package org.verso.storage.tuple;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * Encodes a row of canonical engine values (see {@link ValueType}) into the payload of a tuple version, and back.
 *
 * <p>Payload format, all integers big-endian:
 * <pre>
 * offset          size        field
 * 0               1 or 2      n, the number of columns stored: one byte 0nnnnnnn below 128, else two bytes
 *                             1nnnnnnn nnnnnnnn
 * ...             ceil(n/8)   null bitmap, bit i set when column i is NULL
 * ...             per column  the non-null values, in column order:
 *                   BOOLEAN    1   0 or 1
 *                   SMALLINT   2
 *                   INTEGER    4
 *                   BIGINT     8
 *                   REAL       4   IEEE 754
 *                   DOUBLE     8   IEEE 754
 *                   DATE       4   days since 1970-01-01
 *                   TIME       8   microseconds since midnight
 *                   TIMESTAMP  8   microseconds since 1970-01-01T00:00
 *                   TIMESTAMP_TZ 8 microseconds since 1970-01-01T00:00Z
 *                   UUID       16  the most significant 8 bytes, then the least significant 8
 *                   DECIMAL    1+k k = byte length of the two's-complement unscaled value; the scale is the column's
 *                   CHAR,      2+k k = byte length of the UTF-8 text
 *                   VARCHAR
 *                   BINARY,    2+k k = byte length of the value (a BINARY(n) value is stored padded to n bytes)
 *                   VARBINARY
 * </pre>
 * A row stores how many columns it has because a table can gain columns (ALTER TABLE ADD COLUMN) while rows written
 * before keep their shape: decoding an older, shorter row fills the columns it lacks from the codec's
 * {@code addedValues} (the value each added column had for existing rows), and a shorter row is also what
 * {@link #encode} writes for an array with fewer values than the codec has columns. No row is ever rewritten.
 *
 * <p>A column dropped by ALTER TABLE DROP COLUMN keeps its place in the stored format, so that rows written before
 * the drop still decode: the codec is then given the stored columns with the dropped ones marked. Rows go in and come
 * out with the table's current columns only; a dropped column's value is skipped when decoding and stored as NULL
 * when encoding. Stored places never move, which is what lets a statement planned before the drop, still running,
 * be detected rather than read shifted columns.
 *
 * <p>The codec is stateless apart from the column types and is safe to share between threads.
 */
public final class RowCodec {
    /** The most columns a row can have: the largest two-byte column count. */
    public static final int MAX_COLUMNS = 0x7fff;

    private final DataType[] types;
    private final Object[] addedValues;
    /** The stored place of each current column, or null when no column was dropped (the two are the same). */
    private final int[] placeOfColumn;

    public RowCodec(List<DataType> columnTypes) {
        this(columnTypes, new Object[columnTypes.size()]);
    }

    /**
     * A codec whose column {@code i}, when a stored row is too short to hold it, reads as {@code addedValues[i]} (a
     * canonical value or null).
     */
    public RowCodec(List<DataType> columnTypes, Object[] addedValues) {
        this(columnTypes, addedValues, new boolean[columnTypes.size()]);
    }

    /**
     * A codec over stored columns some of which were dropped: {@code storedTypes}, {@code addedValues} and
     * {@code dropped} describe every stored place, in order; rows passed to and returned by the codec hold the
     * places that are not dropped, in order.
     */
    public RowCodec(List<DataType> storedTypes, Object[] addedValues, boolean[] dropped) {
        if (storedTypes.size() > MAX_COLUMNS || addedValues.length != storedTypes.size()
                || dropped.length != storedTypes.size()) {
            throw new IllegalArgumentException("bad column count " + storedTypes.size());
        }
        this.types = storedTypes.toArray(new DataType[0]);
        this.addedValues = addedValues.clone();
        int current = 0;
        for (boolean d : dropped) {
            current += d ? 0 : 1;
        }
        if (current == types.length) {
            placeOfColumn = null;
        } else {
            placeOfColumn = new int[current];
            for (int place = 0, column = 0; place < types.length; place++) {
                if (!dropped[place]) {
                    placeOfColumn[column++] = place;
                }
            }
        }
    }

    private static int countBytes(int count) {
        return count < 0x80 ? 1 : 2;
    }

    /** The number of columns of the rows the codec takes and returns (the stored ones that are not dropped). */
    public int columnCount() {
        return placeOfColumn == null ? types.length : placeOfColumn.length;
    }

    /** The row as stored: a dropped column's place holds NULL. A shorter row stays shorter. */
    private Object[] stored(Object[] row) {
        if (placeOfColumn == null) {
            return row;
        }
        int columns = Math.min(row.length, placeOfColumn.length);
        Object[] stored = new Object[columns == 0 ? 0 : placeOfColumn[columns - 1] + 1];
        for (int i = 0; i < columns; i++) {
            stored[placeOfColumn[i]] = row[i];
        }
        return stored;
    }

    /** The current columns of a row decoded with every stored place. */
    private Object[] current(Object[] stored) {
        if (placeOfColumn == null) {
            return stored;
        }
        Object[] row = new Object[placeOfColumn.length];
        for (int i = 0; i < row.length; i++) {
            row[i] = stored[placeOfColumn[i]];
        }
        return row;
    }

    /** The exact number of bytes {@link #encode} writes for this row. */
    public int encodedSize(Object[] currentRow) {
        Object[] row = stored(currentRow);
        int count = storedCount(row);
        int size = countBytes(count) + (count + 7) / 8;
        for (int i = 0; i < count; i++) {
            Object v = row[i];
            if (v == null) {
                continue;
            }
            ValueType kind = types[i].kind();
            if (kind.fixedWidth() > 0) {
                size += kind.fixedWidth();
            } else if (kind == ValueType.DECIMAL) {
                size += 1 + ((BigDecimal) v).unscaledValue().bitLength() / 8 + 1;
            } else if (kind.isBinary()) {
                size += 2 + ((byte[]) v).length;
            } else {
                size += 2 + utf8Length((String) v);
            }
        }
        return size;
    }

    /** How many leading columns of {@code row} are stored: all of the codec's, or fewer for a shorter array. */
    private int storedCount(Object[] row) {
        return Math.min(row.length, types.length);
    }

    /** Writes the row at {@code buf}'s position and advances it. */
    public void encode(Object[] currentRow, ByteBuffer buf) {
        Object[] row = stored(currentRow);
        int count = storedCount(row);
        if (count < 0x80) {
            buf.put((byte) count);
        } else {
            buf.putShort((short) (0x8000 | count));
        }
        int bitmapAt = buf.position();
        for (int i = 0; i < (count + 7) / 8; i++) {
            buf.put((byte) 0);
        }
        for (int i = 0; i < count; i++) {
            Object v = row[i];
            if (v == null) {
                int at = bitmapAt + (i >>> 3);
                buf.put(at, (byte) (buf.get(at) | (1 << (i & 7))));
                continue;
            }
            switch (types[i].kind()) {
                case BOOLEAN: buf.put((byte) (((Boolean) v) ? 1 : 0)); break;
                case SMALLINT: buf.putShort((Short) v); break;
                case INTEGER: case DATE: buf.putInt((Integer) v); break;
                case BIGINT: case TIME: case TIMESTAMP: case TIMESTAMP_TZ: buf.putLong((Long) v); break;
                case UUID: {
                    java.util.UUID uuid = (java.util.UUID) v;
                    buf.putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
                    break;
                }
                case REAL: buf.putFloat((Float) v); break;
                case DOUBLE: buf.putDouble((Double) v); break;
                case DECIMAL: {
                    byte[] unscaled = ((BigDecimal) v).unscaledValue().toByteArray();
                    buf.put((byte) unscaled.length);
                    buf.put(unscaled);
                    break;
                }
                case CHAR: case VARCHAR: {
                    byte[] text = ((String) v).getBytes(StandardCharsets.UTF_8);
                    buf.putShort((short) text.length);
                    buf.put(text);
                    break;
                }
                case BINARY: case VARBINARY: {
                    byte[] bytes = (byte[]) v;
                    buf.putShort((short) bytes.length);
                    buf.put(bytes);
                    break;
                }
                default: throw new IllegalStateException("unhandled type " + types[i]);
            }
        }
    }

    /** Reads a row written by {@link #encode} starting at absolute offset {@code at}. */
    public Object[] decode(ByteBuffer buf, int at) {
        Object[] row = new Object[types.length];
        int first = buf.get(at) & 0xff;
        int count = first < 0x80 ? first : buf.getShort(at) & MAX_COLUMNS;
        int bitmapAt = at + countBytes(count);
        int pos = bitmapAt + (count + 7) / 8;
        int present = Math.min(count, types.length);
        for (int i = present; i < types.length; i++) {
            row[i] = addedValues[i];
        }
        for (int i = 0; i < present; i++) {
            if ((buf.get(bitmapAt + (i >>> 3)) & (1 << (i & 7))) != 0) {
                continue;
            }
            switch (types[i].kind()) {
                case BOOLEAN: row[i] = buf.get(pos) != 0; pos += 1; break;
                case SMALLINT: row[i] = buf.getShort(pos); pos += 2; break;
                case INTEGER: case DATE: row[i] = buf.getInt(pos); pos += 4; break;
                case BIGINT: case TIME: case TIMESTAMP: case TIMESTAMP_TZ: row[i] = buf.getLong(pos); pos += 8; break;
                case UUID: row[i] = new java.util.UUID(buf.getLong(pos), buf.getLong(pos + 8)); pos += 16; break;
                case REAL: row[i] = buf.getFloat(pos); pos += 4; break;
                case DOUBLE: row[i] = buf.getDouble(pos); pos += 8; break;
                case DECIMAL: {
                    int len = buf.get(pos) & 0xff;
                    if (len <= 8) { // an unscaled value that fits a long: no BigInteger, a compact BigDecimal
                        long unscaled = buf.get(pos + 1); // sign-extended
                        for (int b = 2; b <= len; b++) {
                            unscaled = (unscaled << 8) | (buf.get(pos + b) & 0xff);
                        }
                        row[i] = BigDecimal.valueOf(unscaled, types[i].scale());
                    } else {
                        byte[] unscaled = new byte[len];
                        buf.get(pos + 1, unscaled);
                        row[i] = new BigDecimal(new BigInteger(unscaled), types[i].scale());
                    }
                    pos += 1 + len;
                    break;
                }
                case CHAR: case VARCHAR: {
                    int len = buf.getShort(pos) & 0xffff;
                    byte[] text = new byte[len];
                    buf.get(pos + 2, text);
                    row[i] = new String(text, StandardCharsets.UTF_8);
                    pos += 2 + len;
                    break;
                }
                case BINARY: case VARBINARY: {
                    int len = buf.getShort(pos) & 0xffff;
                    byte[] bytes = new byte[len];
                    buf.get(pos + 2, bytes);
                    row[i] = bytes;
                    pos += 2 + len;
                    break;
                }
                default: throw new IllegalStateException("unhandled type " + types[i]);
            }
        }
        return current(row);
    }

    private static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
