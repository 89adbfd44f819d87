package org.verso.storage.wal;

import java.nio.ByteBuffer;

/**
 * The log that storage structures append their changes to. Implemented by {@link WriteAheadLog}; {@link #NONE}
 * serves in-memory databases, which have nothing to recover.
 *
 * <p>Records are typed ({@link RecordType}); the owner of a type formats its payload and supplies its
 * {@link RedoHandler}.
 */
public interface RedoLog {
    /** Fills a record's payload at {@code at} of {@code buf}. */
    @FunctionalInterface
    interface PayloadWriter {
        void write(ByteBuffer buf, int at);
    }

    /** Appends a record of {@code payloadLength} payload bytes; returns the LSN just past it (0 for NONE). */
    long append(RecordType type, int payloadLength, PayloadWriter payload);

    /** Returns once a commit record ending at {@code lsn} is as durable as the database's durability setting asks. */
    void awaitCommit(long lsn);

    /** Forces the log to disk at least up to {@code lsn} (the page-before-log rule). */
    void flushTo(long lsn);

    /** The LSN past the last appended record. */
    long appendedLsn();

    /** Where the durable log ends, for messages: the LSN and, for a log on disk, the segment file it lies in. */
    default String describeEnd() {
        return "LSN " + durableLsn();
    }

    /** Every record ending at or before this LSN is on disk. */
    long durableLsn();

    /**
     * Commit records ending at or before this LSN are as durable as the durability setting asks, so their commits
     * may become visible: the durable LSN for sync durability, everything appended for async.
     */
    long commitHorizon();

    /** A log that records nothing. */
    RedoLog NONE = new RedoLog() {
        @Override
        public long append(RecordType type, int payloadLength, PayloadWriter payload) {
            return 0;
        }

        @Override
        public void awaitCommit(long lsn) {
        }

        @Override
        public void flushTo(long lsn) {
        }

        @Override
        public long appendedLsn() {
            return 0;
        }

        @Override
        public long durableLsn() {
            return Long.MAX_VALUE;
        }

        @Override
        public long commitHorizon() {
            return Long.MAX_VALUE;
        }
    };
}
