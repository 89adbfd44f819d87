package org.verso.storage.wal;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The format of a write-ahead log record. The log is one byte stream cut into segment files; a record's LSN is the
 * stream position just past its end, so "durable up to LSN n" means every record ending at or before n is on disk.
 *
 * <pre>
 * offset  size  field
 *  0      4     total length of the record, header included
 *  4      4     CRC32C of bytes [8, length)
 *  8      8     start position of this record in the stream (detects stale bytes of a recycled segment)
 * 16      8     start position of the previous record (a backlink: a valid-looking record left over from before
 *               a crash does not chain onto the records written after recovery)
 * 24      1     type
 * 25      -     payload
 * </pre>
 * Payloads, big-endian:
 * <ul>
 *   <li>{@link #HEAP_APPEND}: long table id, long record address, then the record bytes (the payload of an
 *       append-region record; its length is the rest of the record);</li>
 *   <li>{@link #COMMIT}: long txid, long commit timestamp;</li>
 *   <li>{@link #ABORT}: long txid (cancels an earlier COMMIT of a transaction whose commit could not be made
 *       durable).</li>
 * </ul>
 */
public final class LogRecord {
    public static final int HEADER = 25;
    public static final byte HEAP_APPEND = 1;
    public static final byte COMMIT = 2;
    public static final byte ABORT = 3;

    static final int LENGTH = 0;
    static final int CRC = 4;
    static final int START = 8;
    static final int PREV = 16;
    static final int TYPE = 24;

    private LogRecord() {
    }

    static int crc(ByteBuffer buf, int at, int length) {
        CRC32C crc = new CRC32C();
        crc.update(buf.slice(at + START, length - START));
        return (int) crc.getValue();
    }
}
