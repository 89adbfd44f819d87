package org.verso.storage.version;

/**
 * What a reader sees: every version committed at or before {@code timestamp}, plus the versions written by
 * transaction {@code ownTxid} itself. This is the whole visibility rule; the transaction layer decides when a
 * snapshot is taken, storage only applies it.
 */
public record Snapshot(long timestamp, long ownTxid) {
    /** A snapshot of everything committed up to {@code timestamp}, belonging to no writer (recovery, tools). */
    public static Snapshot committedAt(long timestamp) {
        return new Snapshot(timestamp, -1);
    }
}
