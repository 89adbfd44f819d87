package org.verso.storage.txlog;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import org.verso.common.ErrorCode;

/**
 * The commits whose COMMIT records are logged but whose entries are not in the commit log yet, in the order they
 * were logged. That order is the order of their commit timestamps (drawn under the engine's commit sequence, which
 * logs them as it draws them), of their log positions and of the commit-log pages being filled when they were
 * logged; so the oldest pending commit answers for all three minima at once, and a commit ending out of order is
 * only marked, and leaves the queue once every older one has.
 *
 * <p>Not thread safe: the commit log's monitor guards it.
 */
final class PendingCommits {
    /** One pending commit. */
    private static final class Pending {
        final long commitTs;
        final long start;
        final long page;
        boolean ended;

        Pending(long commitTs, long start, long page) {
            this.commitTs = commitTs;
            this.start = start;
            this.page = page;
        }
    }

    private final ArrayDeque<Pending> inOrder = new ArrayDeque<>();
    private final Map<Long, Pending> byTxid = new HashMap<>();

    /** Adds the commit of {@code txid} at {@code commitTs}, whose record starts at {@code start}. */
    void add(long txid, long commitTs, long start, long page) {
        Pending last = inOrder.peekLast();
        if (last != null && (commitTs <= last.commitTs || page < last.page)) {
            throw ErrorCode.INTERNAL_ERROR.exception("commit " + txid + " at " + commitTs
                + " logged out of the order of commit timestamps");
        }
        Pending pending = new Pending(commitTs, start, page);
        inOrder.addLast(pending);
        byTxid.put(txid, pending);
    }

    /** Ends the pending state of {@code txid}'s commit, if it has one. */
    void remove(long txid) {
        Pending pending = byTxid.remove(txid);
        if (pending == null) {
            return;
        }
        pending.ended = true;
        while (!inOrder.isEmpty() && inOrder.peekFirst().ended) {
            inOrder.removeFirst();
        }
    }

    boolean isEmpty() {
        return inOrder.isEmpty();
    }

    /** The oldest pending commit's timestamp; only when not empty. */
    long oldestTimestamp() {
        return inOrder.peekFirst().commitTs;
    }

    /** The oldest pending commit's record start; only when not empty. */
    long oldestStart() {
        return inOrder.peekFirst().start;
    }

    /** The commit-log page being filled when the oldest pending commit was logged; only when not empty. */
    long oldestPage() {
        return inOrder.peekFirst().page;
    }
}
