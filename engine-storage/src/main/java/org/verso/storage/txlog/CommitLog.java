package org.verso.storage.txlog;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import org.verso.storage.heap.CommitLookup;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.wal.LogRecord;
import org.verso.storage.wal.RedoLog;

/**
 * The commit log: txid -> commit timestamp of every committed transaction. A transaction that has no entry did not
 * commit (it aborted, or was running at a crash or close). Entries are appended to their own append region,
 * 16 bytes each: {@code [long txid][long commit timestamp]}.
 *
 * <p>A commit goes through two steps. {@link #logCommit} writes the COMMIT record to the write-ahead log; once that
 * record is durable, {@link #confirm} adds the entry here. If it cannot be made durable, {@link #logAbort} voids
 * it. Between the two steps the commit is pending: a checkpoint must not move the redo point past a pending COMMIT
 * record ({@link #oldestPendingLsn}), or a crash after the checkpoint would lose it.
 *
 * <p>At open the whole log is read into memory, because rebuilding the heaps' version directories asks it about
 * every record's creator. Once every heap is open, {@link #releaseLookups} drops that map: committed versions carry
 * their commit timestamps in the version directory, so later commits are only appended, not remembered, and the
 * log's memory does not grow with the number of commits. Thread safety: all methods are synchronised.
 */
public final class CommitLog implements CommitLookup {
    private static final int ENTRY = 16;
    private static final int COMMIT_RECORD = LogRecord.HEADER + 16;

    private final AppendRegion region;
    private final Map<Long, Long> committed = new HashMap<>();
    private final Map<Long, Long> pendingStart = new HashMap<>();
    private final TreeSet<Long> pendingPositions = new TreeSet<>();
    // ABORT records that could not be appended (the log was full and could not be written); they are appended
    // before the next COMMIT record, so they follow the COMMIT records they void.
    private final java.util.List<Long> unloggedAborts = new java.util.ArrayList<>();
    private RedoLog log = RedoLog.NONE;
    private long maxCommitTs;
    private boolean lookupsReleased;

    public CommitLog(AppendRegion region) {
        this.region = region;
        region.forEach((address, page, at, length) -> {
            long txid = page.getLong(at);
            long ts = page.getLong(at + 8);
            committed.put(txid, ts);
            maxCommitTs = Math.max(maxCommitTs, ts);
        });
    }

    /** Attaches the write-ahead log that COMMIT records go to (after recovery). */
    public synchronized void setRedoLog(RedoLog redoLog) {
        this.log = redoLog;
    }

    /** Writes the COMMIT record of {@code txid}; returns its LSN. The commit is pending until confirmed. */
    public synchronized long logCommit(long txid, long commitTs) {
        while (!unloggedAborts.isEmpty()) {
            log.logAbort(unloggedAborts.get(0));
            unloggedAborts.remove(0);
        }
        long lsn = log.logCommit(txid, commitTs);
        long start = lsn - COMMIT_RECORD;
        pendingStart.put(txid, start);
        pendingPositions.add(start);
        return lsn;
    }

    /** Records that {@code txid} committed at {@code commitTs}, its COMMIT record being durable. */
    public synchronized void confirm(long txid, long commitTs) {
        unpend(txid);
        record(txid, commitTs);
    }

    /** Voids the pending COMMIT record of {@code txid}. */
    public synchronized void logAbort(long txid) {
        unpend(txid);
        try {
            log.logAbort(txid);
        } catch (RuntimeException e) {
            unloggedAborts.add(txid);
            throw e;
        }
    }

    private void unpend(long txid) {
        Long start = pendingStart.remove(txid);
        if (start != null) {
            pendingPositions.remove(start);
        }
    }

    /** Recovery: records a commit found in the write-ahead log, unless the log already has it. */
    public synchronized void redoCommit(long txid, long commitTs) {
        if (!committed.containsKey(txid)) {
            record(txid, commitTs);
        }
    }

    private void record(long txid, long commitTs) {
        region.append(ENTRY, (page, at) -> {
            page.putLong(at, txid);
            page.putLong(at + 8, commitTs);
        });
        if (!lookupsReleased) {
            committed.put(txid, commitTs);
        }
        maxCommitTs = Math.max(maxCommitTs, commitTs);
    }

    /** Drops the in-memory map of commits once the heaps' version directories have been rebuilt. */
    public synchronized void releaseLookups() {
        lookupsReleased = true;
        committed.clear();
    }

    /** Start position of the oldest pending COMMIT record, or {@link Long#MAX_VALUE}. */
    public synchronized long oldestPendingLsn() {
        return pendingPositions.isEmpty() ? Long.MAX_VALUE : pendingPositions.first();
    }

    @Override
    public synchronized long commitTimestamp(long txid) {
        if (lookupsReleased) {
            throw new IllegalStateException("commit lookups are only available while the database opens");
        }
        Long ts = committed.get(txid);
        return ts == null ? -1 : ts;
    }

    /** The largest commit timestamp in the log (0 for an empty log). */
    public synchronized long maxCommitTimestamp() {
        return maxCommitTs;
    }

    /** Writes the buffered entries (seals the region's head page). */
    public synchronized void flush() {
        region.seal();
    }
}
