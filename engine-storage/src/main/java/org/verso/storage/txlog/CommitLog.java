package org.verso.storage.txlog;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.verso.storage.heap.CommitLookup;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.wal.LogRecord;
import org.verso.storage.wal.RecordType;
import org.verso.storage.wal.RedoHandler;
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
 * <p>Log records, payloads big-endian: {@link #COMMIT_RECORD} {@code [long txid][long commit timestamp]};
 * {@link #ABORT_RECORD} {@code [long txid]}, which voids an earlier COMMIT record of a transaction whose commit could
 * not be made durable. At recovery {@link #replay()} collects both and enters the commits that no ABORT voids.
 *
 * <p>At open only the entries from the last checkpoint's floor on are read into memory ({@link CommitHorizon}):
 * rebuilding a heap's version directory from its image asks only about the creators of the records it replays,
 * whose entries all lie there, and recovery about commits logged after the redo point. A heap without a usable
 * image replays every record it has and reads the rest ({@link #needFrom}). Once every heap is open,
 * {@link #releaseLookups} drops the map: committed versions carry their commit timestamps in the version
 * directory, so later commits are only appended, not remembered, and neither opening nor running holds memory
 * that grows with the number of commits.
 *
 * <p>Nor does the file grow with them: it is kept in segment files of a fixed number of pages, and a checkpoint
 * gives back the segments below the page from which any open could still ask ({@link #planRelease}): the floor of
 * the horizon it records, and the floors of both slots of every heap's directory image. What is given back is
 * recorded in the control file before the segments are deleted: the first page kept, and the largest txid of an
 * entry given back ({@link #forgotten}), beneath which a transaction without an entry cannot be told aborted.
 * Thread safety: all methods are synchronised, except that planning reads pages outside the monitor.
 */
public final class CommitLog implements CommitLookup {
    /** A transaction's commit: its txid and commit timestamp. */
    public static final RecordType COMMIT_RECORD = RecordType.declare(2, "commit");
    /** Voids the COMMIT record of a transaction whose commit could not be made durable. */
    public static final RecordType ABORT_RECORD = RecordType.declare(3, "abort");

    private static final int ENTRY = 16;
    private static final int COMMIT_RECORD_LENGTH = LogRecord.HEADER + 16;

    private final AppendRegion region;
    private final Map<Long, Long> committed = new HashMap<>();
    // Commits logged and not yet confirmed or released: the confirmed horizon stays below the oldest, checkpoints
    // keep the log from its COMMIT record and the commit log from the page it was logged at.
    private final PendingCommits pending = new PendingCommits();
    // Entries from this page on are in the map; pages before it are read only if asked for.
    private long loadedFrom;
    private long maxLoggedTs;
    // ABORT records that could not be appended (the log was full and could not be written); they are appended
    // before the next COMMIT record, so they follow the COMMIT records they void.
    private final java.util.List<Long> unloggedAborts = new java.util.ArrayList<>();
    private RedoLog log = RedoLog.NONE;
    private long maxCommitTs;
    private boolean lookupsReleased;
    // Pages before it were given back; the largest txid of an entry on them, or -1.
    private long start;
    private long forgottenTxid;
    // Segments before it are deleted; from 0 at open, so that segments a crash kept from a release go too.
    private long givenBackTo;

    /**
     * Opens the commit log stored in {@code region}. Its first {@code durablePages} pages were made durable by the
     * last checkpoint and must read back intact (XX001 otherwise). Pages after them are not read, and appending
     * starts over after the durable ones: recovery re-enters their commits from the write-ahead log, where their
     * COMMIT records all lie after the checkpoint's redo point. Such a page may have been torn by a crash; and when
     * the log is damaged, recovery ends early, and a commit whose COMMIT record lies beyond that end must not be
     * taken from this file either, or it would survive while earlier acknowledged commits are lost.
     *
     * <p>Only pages from {@code floor} on are read now (the floor of the checkpoint's horizon, whose redo point's
     * commits all lie there); {@code maxCommitTs} is the largest commit timestamp that checkpoint knew of. The pages
     * before {@code start} were given back, with entries of txids up to {@code forgottenTxid} (-1: none).
     */
    public CommitLog(AppendRegion region, long durablePages, long floor, long maxCommitTs, long start,
                     long forgottenTxid) {
        this.region = region;
        this.maxCommitTs = maxCommitTs;
        this.start = start;
        this.forgottenTxid = forgottenTxid;
        this.loadedFrom = Math.max(start, Math.min(floor, durablePages));
        region.forEachTrusted(durablePages, loadedFrom, this::load);
    }

    /** A commit log read whole: for a database with no checkpoint yet, and for tests. */
    public CommitLog(AppendRegion region, long durablePages) {
        this(region, durablePages, 0, 0, 0, -1);
    }

    private void load(long address, ByteBuffer page, int at, int length) {
        long txid = page.getLong(at);
        long ts = page.getLong(at + 8);
        committed.put(txid, ts);
        maxCommitTs = Math.max(maxCommitTs, ts);
    }

    /**
     * Reads the entries from commit-log page {@code floor} on, if they are not in memory yet: a heap opening from an
     * image whose horizon has that floor, or (floor 0) one that replays its whole region.
     */
    @Override
    public synchronized void needFrom(long floor) {
        // Once the database is open, a heap opened is a new table's: it has no record to ask about.
        long from = Math.max(floor, start);
        if (!lookupsReleased && from < loadedFrom) {
            region.forEachPage(from, loadedFrom, this::load);
            loadedFrom = from;
        }
    }

    @Override
    public synchronized boolean forgotten(long txid) {
        return txid <= forgottenTxid;
    }

    /** The first page kept: the pages before it were given back. */
    public synchronized long start() {
        return start;
    }

    /** The largest txid of an entry on a page given back, or -1. */
    public synchronized long forgottenTxid() {
        return forgottenTxid;
    }

    /**
     * What a checkpoint gives back: the pages before {@code start}, holding entries of txids up to
     * {@code forgottenTxid}.
     */
    public record Release(long start, long forgottenTxid) {
    }

    /**
     * Plans to give back the whole segments below page {@code neededFrom}, the first page any open may still ask
     * about. Returns what the control file must record before {@link #giveBack}; the current state if there is
     * nothing new to give back. Reads the entries of the pages to be given back, outside the monitor: they are
     * sealed and change no more, and commits go on meanwhile.
     */
    public Release planRelease(long neededFrom) {
        long from;
        long forgotten;
        synchronized (this) {
            from = start;
            forgotten = forgottenTxid;
        }
        long unit = region.releaseUnitPages();
        long upTo = unit == 0 ? from : neededFrom / unit * unit;
        if (upTo <= from) {
            return new Release(from, forgotten);
        }
        long[] max = {forgotten};
        region.forEachPage(from, upTo, (address, page, at, length) -> max[0] = Math.max(max[0], page.getLong(at)));
        return new Release(upTo, max[0]);
    }

    /**
     * Gives back the segments before {@code release.start()}, once a durable control file records it. Segments a
     * crash kept from an earlier release are deleted too.
     */
    public synchronized void giveBack(Release release) {
        if (release.start() <= givenBackTo) {
            return;
        }
        region.release(givenBackTo, release.start());
        givenBackTo = release.start();
        start = Math.max(start, release.start());
        forgottenTxid = Math.max(forgottenTxid, release.forgottenTxid());
    }

    /** Pages of the commit log written or being filled. */
    public long pageCount() {
        return region.pageCount();
    }

    /** Attaches the write-ahead log that COMMIT records go to (after recovery). */
    public synchronized void setRedoLog(RedoLog redoLog) {
        this.log = redoLog;
    }

    /** Writes the COMMIT record of {@code txid}; returns its LSN. The commit is pending until confirmed. */
    public synchronized long logCommit(long txid, long commitTs) {
        while (!unloggedAborts.isEmpty()) {
            appendAbort(unloggedAborts.get(0));
            unloggedAborts.remove(0);
        }
        long lsn = log.append(COMMIT_RECORD, 16, (buf, at) -> {
            buf.putLong(at, txid);
            buf.putLong(at + 8, commitTs);
        });
        long start = lsn - COMMIT_RECORD_LENGTH;
        pending.add(txid, commitTs, start, AppendRegion.pageOf(region.position()));
        maxLoggedTs = Math.max(maxLoggedTs, commitTs);
        return lsn;
    }

    /**
     * Records that {@code txid} committed at {@code commitTs}, its COMMIT record being durable. If the entry cannot be
     * appended (the pool cannot evict a page onto a failing disk), the commit stays pending: no checkpoint moves the
     * redo point past its COMMIT record, so recovery enters it.
     */
    public synchronized void confirm(long txid, long commitTs) {
        record(txid, commitTs);
        unpend(txid);
    }

    /**
     * Voids the pending COMMIT record of {@code txid}; returns the ABORT record's LSN. The commit stays pending until
     * {@link #release}, once its versions are undone: until then they are stamped committed, and the confirmed
     * horizon must not pass them.
     */
    public synchronized long logAbort(long txid) {
        try {
            return appendAbort(txid);
        } catch (RuntimeException e) {
            unloggedAborts.add(txid);
            throw e;
        }
    }

    private long appendAbort(long txid) {
        return log.append(ABORT_RECORD, 8, (buf, at) -> buf.putLong(at, txid));
    }

    /**
     * Collects the COMMIT and ABORT records that recovery replays; {@link Replay#finish} then enters every commit
     * that no ABORT voids.
     */
    public Replay replay() {
        return new Replay();
    }

    /** The commit log's part of recovery. Used by one thread, once. */
    public final class Replay {
        private final Map<Long, Long> commits = new HashMap<>();
        private final java.util.Set<Long> voided = new java.util.HashSet<>();

        private Replay() {
        }

        /** Replays {@link #COMMIT_RECORD}s. */
        public RedoHandler commits() {
            return (payload, lsn) -> commits.put(payload.getLong(0), payload.getLong(8));
        }

        /** Replays {@link #ABORT_RECORD}s. */
        public RedoHandler aborts() {
            return (payload, lsn) -> voided.add(payload.getLong(0));
        }

        /** Enters the recovered commits. */
        public void finish() {
            commits.forEach((txid, ts) -> {
                if (!voided.contains(txid)) {
                    redoCommit(txid, ts);
                }
            });
        }
    }

    /** Ends the pending state of a commit voided by {@link #logAbort}, whose versions are undone. */
    public synchronized void release(long txid) {
        unpend(txid);
    }

    private void unpend(long txid) {
        pending.remove(txid);
    }

    /**
     * The {@link #confirmedHorizon} and the page at or after which every commit above it has, or will have, its
     * entry: the page being filled when the oldest pending commit was logged (a commit above the horizon was
     * logged no earlier), or the page being filled now.
     */
    public synchronized CommitHorizon horizon() {
        long floor = pending.isEmpty() ? AppendRegion.pageOf(region.position()) : pending.oldestPage();
        return new CommitHorizon(confirmedHorizon(), floor);
    }

    /**
     * The largest commit timestamp at or below which every commit is confirmed, so in the pages the next
     * {@link #flush} writes: just below the oldest pending commit, or the largest commit logged. Commit timestamps
     * are drawn in log order, so no commit logged later has a timestamp at or below it.
     */
    public synchronized long confirmedHorizon() {
        return pending.isEmpty() ? Math.max(maxLoggedTs, maxCommitTs) : pending.oldestTimestamp() - 1;
    }

    /** Recovery: records a commit found in the write-ahead log, unless the log already has it. */
    private synchronized void redoCommit(long txid, long commitTs) {
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
        return pending.isEmpty() ? Long.MAX_VALUE : pending.oldestStart();
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

    /** The largest commit timestamp drawn: confirmed or logged (a checkpoint records it for the clock). */
    public synchronized long maxLoggedTimestamp() {
        return Math.max(maxLoggedTs, maxCommitTs);
    }

    /**
     * Writes the buffered entries (seals the region's head page) and returns how many pages the log has then, all
     * written: a checkpoint that forces them may record that many as durable. Commits confirmed afterwards go to
     * later pages, so the count is taken here, under the monitor they are confirmed under, not after the force.
     */
    public synchronized long flush() {
        region.seal();
        return region.pageCount();
    }
}
