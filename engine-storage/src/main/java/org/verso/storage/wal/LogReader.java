package org.verso.storage.wal;

import java.nio.ByteBuffer;

/**
 * Reads log records in order from a start position, for recovery. Reading stops at the first record that is not
 * valid: too short or too long, a checksum that does not match, a start position other than where it lies (bytes
 * of an earlier life of a recycled segment) or a backlink that does not name the previous record. That is the end
 * of the log: a torn or half-written tail is ignored.
 */
public final class LogReader implements AutoCloseable {
    private static final int MAX_RECORD = WriteAheadLog.BUFFER_BYTES;

    /** Receives each valid record; {@code payload} spans exactly the payload. */
    @FunctionalInterface
    public interface Visitor {
        void visit(byte type, ByteBuffer payload, long endLsn);
    }

    private final SegmentFiles segments;
    private long endLsn;
    private long damagedEnd;
    private long lastRecordStart = -1;

    LogReader(SegmentFiles segments) {
        this.segments = segments;
    }

    /** Visits the valid records from {@code startLsn}; afterwards {@link #endLsn()} is where the log ends. */
    public void read(long startLsn, Visitor visitor) {
        long position = startLsn;
        long expectedPrev = Long.MIN_VALUE;
        ByteBuffer header = ByteBuffer.allocate(LogRecord.HEADER);
        while (true) {
            header.clear();
            if (segments.read(header, position) < LogRecord.HEADER) {
                break;
            }
            int length = header.getInt(LogRecord.LENGTH);
            boolean plausible = length >= LogRecord.HEADER && length <= MAX_RECORD;
            // Where the first invalid record ends, as far as its header tells: the damage lies before.
            damagedEnd = position + (plausible ? length : LogRecord.HEADER);
            if (!plausible || header.getLong(LogRecord.START) != position) {
                break;
            }
            long prev = header.getLong(LogRecord.PREV);
            if (expectedPrev != Long.MIN_VALUE && prev != expectedPrev) {
                break;
            }
            ByteBuffer record = ByteBuffer.allocate(length);
            if (segments.read(record, position) < length || record.getInt(LogRecord.CRC) != LogRecord.crc(record, 0,
                length)) {
                break;
            }
            damagedEnd = 0;
            lastRecordStart = position;
            expectedPrev = position;
            position += length;
            visitor.visit(record.get(LogRecord.TYPE), record.slice(LogRecord.HEADER, length - LogRecord.HEADER),
                position);
        }
        endLsn = position;
        damagedEnd = Math.max(damagedEnd, position);
    }

    /**
     * Where the first record that was not valid ends by its own header (its length if that is possible, else the
     * header's end); {@link #endLsn()} if no header was there to read. Damage that ended replay lies before this
     * position.
     */
    public long damagedEnd() {
        return damagedEnd;
    }

    /** Where the log read ends, for messages (see {@link WriteAheadLog#describeEnd()}). */
    public String describeEnd() {
        return segments.describeEnd(endLsn, damagedEnd);
    }

    /** Position just past the last valid record read. */
    public long endLsn() {
        return endLsn;
    }

    /** Start of the last valid record read, or -1. */
    public long lastRecordStart() {
        return lastRecordStart;
    }

    @Override
    public void close() {
        segments.close();
    }
}
