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
 * The type byte is a {@link RecordType}; each type's owner documents its payload:
 * {@link org.verso.storage.page.AppendRegion} (region appends) and {@link org.verso.storage.txlog.CommitLog}
 * (COMMIT and ABORT). docs/storage.md lists them all.
 */
public final class LogRecord {
    public static final int HEADER = 25;

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
