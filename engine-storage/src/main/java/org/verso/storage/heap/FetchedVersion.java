package org.verso.storage.heap;

/**
 * A version fetched by its tuple id ({@link TableHeap#fetch}): the row it belongs to, and its values if it is the
 * version the reader's snapshot sees of that row (null if the snapshot sees another version, or none).
 */
public record FetchedVersion(long rowId, Object[] row) {
    /** Whether the fetched version is the one the snapshot sees. */
    public boolean visible() {
        return row != null;
    }
}
