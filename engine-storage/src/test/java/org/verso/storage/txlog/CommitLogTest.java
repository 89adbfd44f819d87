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

/** The commit log's pending commits when confirming one fails. */
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
}
