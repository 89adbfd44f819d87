package org.verso.storage.heap;

/** Tells recovery whether a transaction committed: its commit timestamp, or -1 if it did not. */
@FunctionalInterface
public interface CommitLookup {
    long commitTimestamp(long txid);

    /**
     * Makes the answers cover every commit whose entry lies at or after commit-log page {@code floor} (0: every
     * commit), before a heap asks about the records it replays (see
     * {@link org.verso.storage.txlog.CommitHorizon}). A lookup that holds every answer already ignores it.
     */
    default void needFrom(long floor) {
    }

    /**
     * Whether {@code txid}, which has no entry, may have committed all the same: its entry may have been on a page
     * the commit log gave back. Only a heap replayed whole, without its image, can meet such a transaction.
     */
    default boolean forgotten(long txid) {
        return false;
    }
}
