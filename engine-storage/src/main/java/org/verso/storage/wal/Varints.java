package org.verso.storage.wal;

import java.nio.ByteBuffer;
import org.verso.common.ErrorCode;

/**
 * Unsigned variable-length longs for log payloads (LEB128: seven bits a byte, low bits first, the high bit set on
 * every byte but the last): a page number, a stream id or a row id takes one to three bytes instead of eight, which
 * counts in records as small as an index entry's.
 *
 * <p>Thread safety: stateless.
 */
public final class Varints {
    /** The most bytes a long takes. */
    public static final int MAX_BYTES = 10;

    private Varints() {
    }

    /** The bytes {@code value} takes; a negative value, read as unsigned, takes ten. */
    public static int size(long value) {
        int bytes = 1;
        while ((value & ~0x7FL) != 0) {
            value >>>= 7;
            bytes++;
        }
        return bytes;
    }

    /** Writes {@code value} at {@code at}; returns the offset after it. */
    public static int put(ByteBuffer out, int at, long value) {
        while ((value & ~0x7FL) != 0) {
            out.put(at++, (byte) ((value & 0x7F) | 0x80));
            value >>>= 7;
        }
        out.put(at++, (byte) value);
        return at;
    }

    /**
     * Reads a value at {@code in}'s position and moves the position past it. Bytes that do not end a value within
     * ten bytes or before the buffer's limit passed the record's checksum, so they were written so: XX000.
     */
    public static long get(ByteBuffer in) {
        long value = 0;
        for (int shift = 0; shift < 7 * MAX_BYTES; shift += 7) {
            if (!in.hasRemaining()) {
                break;
            }
            byte b = in.get();
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw ErrorCode.INTERNAL_ERROR.exception("a log record holds a variable-length number that is cut off");
    }
}
