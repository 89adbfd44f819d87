package org.verso.storage.txlog;

import java.util.HashMap;
import java.util.Map;
import org.verso.storage.heap.CommitLookup;
import org.verso.storage.page.AppendRegion;

/**
 * The commit log: txid -> commit timestamp of every committed transaction. A transaction that has no entry did not
 * commit (it aborted, or was running when the database closed). Entries are appended to their own append region,
 * 16 bytes each: {@code [long txid][long commit timestamp]}.
 *
 * <p>At open the whole log is read into memory, because rebuilding the heaps' version directories asks it about
 * every record's creator. Thread safety: {@link #recordCommit} is serialised by the transaction layer's commit
 * sequence; lookups are thread safe.
 */
public final class CommitLog implements CommitLookup {
    private static final int ENTRY = 16;

    private final AppendRegion region;
    private final Map<Long, Long> committed = new HashMap<>();
    private long maxCommitTs;

    public CommitLog(AppendRegion region) {
        this.region = region;
        region.forEach((address, page, at, length) -> {
            long txid = page.getLong(at);
            long ts = page.getLong(at + 8);
            committed.put(txid, ts);
            maxCommitTs = Math.max(maxCommitTs, ts);
        });
    }

    /** Records that {@code txid} committed at {@code commitTs}. */
    public synchronized void recordCommit(long txid, long commitTs) {
        region.append(ENTRY, (page, at) -> {
            page.putLong(at, txid);
            page.putLong(at + 8, commitTs);
        });
        committed.put(txid, commitTs);
        maxCommitTs = Math.max(maxCommitTs, commitTs);
    }

    @Override
    public synchronized long commitTimestamp(long txid) {
        Long ts = committed.get(txid);
        return ts == null ? -1 : ts;
    }

    /** The largest commit timestamp in the log (0 for an empty log). */
    public synchronized long maxCommitTimestamp() {
        return maxCommitTs;
    }

    /** Writes the buffered entries. */
    public void flush() {
        region.seal();
    }
}
