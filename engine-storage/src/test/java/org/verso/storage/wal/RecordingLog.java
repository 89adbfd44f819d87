package org.verso.storage.wal;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.verso.common.ErrorCode;

/**
 * A redo log in memory for tests: it keeps every record appended (its type, payload and LSN), counts LSNs as the
 * write-ahead log does (a 25-byte header per record), is always durable, and can be made to refuse appends as a full
 * disk does.
 */
public final class RecordingLog implements RedoLog {
    /** One record as appended. */
    public record Entry(RecordType type, byte[] payload, long lsn) {
    }

    private final List<Entry> entries = new ArrayList<>();
    private long lsn;
    private volatile boolean failing;

    /** With {@code failing}, every append fails with 53100 until it is called again with false. */
    public void failAppends(boolean failing) {
        this.failing = failing;
    }

    @Override
    public synchronized long append(RecordType type, int payloadLength, PayloadWriter payload) {
        if (failing) {
            throw ErrorCode.DISK_FULL.exception("the test's log");
        }
        ByteBuffer buf = ByteBuffer.allocate(payloadLength);
        payload.write(buf, 0);
        lsn += payloadLength + LogRecord.HEADER;
        entries.add(new Entry(type, buf.array(), lsn));
        return lsn;
    }

    /** The number of records appended so far. */
    public synchronized int size() {
        return entries.size();
    }

    /** The first {@code count} records. */
    public synchronized List<Entry> records(int count) {
        return new ArrayList<>(entries.subList(0, count));
    }

    /** The number of records of {@code type}. */
    public synchronized int count(RecordType type) {
        return (int) entries.stream().filter(e -> e.type() == type).count();
    }

    /** The payload bytes of the records of {@code type}. */
    public synchronized long payloadBytes(RecordType type) {
        return entries.stream().filter(e -> e.type() == type).mapToLong(e -> e.payload().length).sum();
    }

    @Override
    public void awaitCommit(long lsn) {
    }

    @Override
    public void flushTo(long lsn) {
    }

    @Override
    public synchronized long appendedLsn() {
        return lsn;
    }

    @Override
    public long durableLsn() {
        return Long.MAX_VALUE;
    }

    @Override
    public long commitHorizon() {
        return Long.MAX_VALUE;
    }
}
