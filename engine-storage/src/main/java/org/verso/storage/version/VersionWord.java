package org.verso.storage.version;

/**
 * The packed word that describes one version of a row: who wrote it and whether that writer committed. It is what
 * every layout's data node holds and what a {@link org.verso.storage.heap.WriteDecider} is shown of a row's newest
 * version.
 *
 * <pre>
 * bit  63     committed: bits 0-61 hold the commit timestamp; when clear they hold the creator's txid
 * bit  62     tombstone: this version deletes the row
 * bits 0-61   timestamp (commit timestamp or creator txid)
 * </pre>
 * A word changes exactly once, from uncommitted to committed.
 */
public final class VersionWord {
    /** Stands for "no version" where a word is expected: the word of txid 0, which no transaction has. */
    public static final long NONE = 0;
    public static final long COMMITTED = 1L << 63;
    public static final long TOMBSTONE = 1L << 62;
    private static final long TIMESTAMP_MASK = TOMBSTONE - 1;

    private VersionWord() {
    }

    public static boolean isCommitted(long word) {
        return word < 0;
    }

    public static boolean isTombstone(long word) {
        return (word & TOMBSTONE) != 0;
    }

    /** The commit timestamp of a committed version, or the creator's txid of an uncommitted one. */
    public static long timestamp(long word) {
        return word & TIMESTAMP_MASK;
    }

    /** Whether a version with this word was written by transaction {@code txid} and is not committed yet. */
    public static boolean isOwnedBy(long word, long txid) {
        return !isCommitted(word) && timestamp(word) == txid;
    }

    /** Whether a version with this word is visible to {@code snapshot}. */
    public static boolean isVisible(long word, Snapshot snapshot) {
        return isCommitted(word) ? timestamp(word) <= snapshot.timestamp() : timestamp(word) == snapshot.ownTxid();
    }

    /** Word for a version created by an uncommitted transaction. */
    public static long uncommitted(long txid, boolean tombstone) {
        return txid | (tombstone ? TOMBSTONE : 0);
    }

    /** Word for a committed version. */
    public static long committed(long commitTs, boolean tombstone) {
        return commitTs | COMMITTED | (tombstone ? TOMBSTONE : 0);
    }
}
