package org.verso.storage.txlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.storage.io.FailingPageChannel;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.Page;
import org.verso.storage.page.PageFile;

/** The commit log's pending commits: when confirming one fails, and what they leave a checkpoint to promise. */
class CommitLogTest {
    private static final int PAGE = 4096;

    /**
     * A commit whose COMMIT record is durable stands even if its entry cannot be added to the commit log (every
     * frame holds a dirty page that cannot be written). It must stay pending, so that no checkpoint moves the redo
     * point past its COMMIT record: otherwise a crash would lose a committed transaction.
     */
    @Test
    void aCommitWhoseEntryCannotBeWrittenStaysPending() throws Exception {
        IoAccounting io = new IoAccounting();
        BufferPool pool = new BufferPool(PAGE, 16L * PAGE);
        PageFile file = new PageFile(1, "commit.log", PageKind.COMMIT_LOG, PAGE, new MemoryPageChannel(), io);
        FailingPageChannel failing = new FailingPageChannel("power lost");
        PageFile other = new PageFile(2, "other", PageKind.HEAP, PAGE, failing, io);
        CommitLog log = new CommitLog(new AppendRegion(file, pool), 0);
        long lsn = log.logCommit(7, 100);
        long pending = log.oldestPendingLsn();
        for (long p = 0; p < pool.frameCount(); p++) {
            Page page = pool.pinNew(other, p);
            pool.unpin(page);
        }
        failing.failWrites(true);
        assertThrows(VersoException.class, () -> log.confirm(7, 100));
        assertEquals(pending, log.oldestPendingLsn(), "the commit is still pending (its record ends at " + lsn + ")");
        failing.failWrites(false);
        log.confirm(7, 100);
        assertEquals(Long.MAX_VALUE, log.oldestPendingLsn());
    }

    /**
     * A checkpoint's horizon: every commit above its timestamp has its entry at or after its floor. A commit still
     * pending holds both back, the floor at the page being filled when it was logged, however many commits are
     * confirmed after it; once it is confirmed (or released), both move on. Opening a database reads the commit
     * log from the floor, so a floor past a pending commit's entry would lose that commit.
     */
    @Test
    void aPendingCommitHoldsTheHorizonAndItsFloorBack() throws Exception {
        BufferPool pool = new BufferPool(PAGE, 16L * PAGE);
        PageFile file = new PageFile(1, "commit.log", PageKind.COMMIT_LOG, PAGE, new MemoryPageChannel(),
            new IoAccounting());
        CommitLog log = new CommitLog(new AppendRegion(file, pool), 0);
        long ts = 1;
        for (; ts <= 600; ts++) {
            log.logCommit(ts, ts);
            log.confirm(ts, ts);
        }
        // An entry takes 20 bytes with its frame: 203 to a 4 KiB page.
        assertEquals(new CommitHorizon(600, 2), log.horizon(), "600 entries: the third page is being filled");
        log.logCommit(1_000_000, ts);
        long pendingTs = ts++;
        long firstPending = log.horizon().commitLogFloor();
        assertEquals(2, firstPending);
        for (int i = 0; i < 500; i++, ts++) {
            log.logCommit(ts, ts);
            log.confirm(ts, ts);
        }
        CommitHorizon held = log.horizon();
        assertEquals(new CommitHorizon(pendingTs - 1, firstPending), held, "held back by the pending commit");
        log.confirm(1_000_000, pendingTs);
        CommitHorizon moved = log.horizon();
        assertEquals(ts - 1, moved.timestamp());
        assertEquals(5, moved.commitLogFloor(), "1,101 entries: the sixth page is being filled");
        log.logCommit(2_000_000, ts);
        log.release(2_000_000);
        assertEquals(moved.commitLogFloor(), log.horizon().commitLogFloor(), "a released commit holds nothing");
    }
}
