package org.verso.core.tx;

/**
 * One version a transaction installed, as the transaction needs to finish it: committed, it is stamped with the
 * commit timestamp; rolled back, it is removed again (with whatever else the write added, such as an index entry).
 */
public interface WriteRecord {
    /** Stamps the version committed at {@code commitTs}. */
    void commit(long commitTs);

    /** Removes the version; {@code transactionEnds} is false for a statement rollback. */
    void undo(long txid, boolean transactionEnds);
}
