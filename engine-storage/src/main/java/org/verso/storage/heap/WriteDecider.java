package org.verso.storage.heap;

/**
 * The transaction layer's say over a write. The heap calls it with the row's current newest version while holding
 * the heap's append lock, so the decision and the install are atomic; the decider must not block. Policy
 * (first-updater-wins, waiting, deadlock detection) lives in the transaction layer; storage only asks.
 */
@FunctionalInterface
public interface WriteDecider {
    /** What to do with a write. */
    enum Decision {
        /** Install the new version. */
        PUT,
        /** Do not install; the caller waits for the transaction that owns the newest version, then retries. */
        WAIT
    }

    /**
     * Decides about writing row {@code vid} whose newest version has {@code headWord} (see
     * {@link org.verso.storage.version.VersionDirectory}), or {@code headNode == NONE} if it has none. May throw
     * to abort the write (for example with a write-conflict error).
     */
    Decision decide(long vid, int headNode, long headWord);
}
