package org.verso.core.tx;

/**
 * One version a transaction installed, as the transaction needs to finish it: committed, it is stamped with the
 * commit timestamp; rolled back, it is removed again (with whatever else the write added, such as an index entry).
 */
public interface WriteRecord {
    /**
     * Appends to the write-ahead log what the write has not logged yet; called for every write of a commit before
     * its COMMIT record.
     */
    default void log() {
    }

    /** Stamps the version committed at {@code commitTs}. */
    void commit(long commitTs);

    /** Removes the version; {@code transactionEnds} is false for a statement rollback. */
    void undo(long txid, boolean transactionEnds);

    /**
     * Removes the version from what readers see, but leaves every logged effect of the write in place: the
     * transaction's COMMIT record is in the log and its voiding ABORT record could not be made durable, so
     * recovery may yet find the transaction committed and must then find everything it wrote.
     */
    default void undoUndecided(long txid) {
        undo(txid, true);
    }
}
