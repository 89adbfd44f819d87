package org.verso.storage.wal;

import java.nio.ByteBuffer;

/**
 * What the storage structures log. Implemented by {@link WriteAheadLog}; {@link #NONE} serves in-memory
 * databases, which have nothing to recover.
 *
 * <p>Every method returns the LSN just past the record it appended (0 for {@link #NONE}).
 */
public interface RedoLog {
    /** Logs the append of a record (bytes {@code [offset, offset + length)} of {@code page}) to a table's heap. */
    long logHeapAppend(long tableId, long address, ByteBuffer page, int offset, int length);

    /** Logs that {@code txid} commits at {@code commitTs}. */
    long logCommit(long txid, long commitTs);

    /** Logs that an earlier COMMIT record of {@code txid} is void (its commit could not be made durable). */
    long logAbort(long txid);

    /** Returns once a commit record ending at {@code lsn} is as durable as the database's durability setting asks. */
    void awaitCommit(long lsn);

    /** Forces the log to disk at least up to {@code lsn} (the page-before-log rule). */
    void flushTo(long lsn);

    /** The LSN past the last appended record. */
    long appendedLsn();

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
        public long logHeapAppend(long tableId, long address, ByteBuffer page, int offset, int length) {
            return 0;
        }

        @Override
        public long logCommit(long txid, long commitTs) {
            return 0;
        }

        @Override
        public long logAbort(long txid) {
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
