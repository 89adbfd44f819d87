package org.verso.storage.heap;

/**
 * A version fetched by its tuple id ({@link TableHeap#fetch}): the row it belongs to, and its values if it is the
 * version the reader's snapshot sees of that row (null if the snapshot sees another version, or none). A version
 * whose page was given back to the file system (no snapshot could reach it any more) is {@link #GONE}.
 */
public record FetchedVersion(long rowId, Object[] row) {
    /** A version no snapshot sees, of no row: its space was reclaimed. An index entry naming it is stale. */
    public static final FetchedVersion GONE = new FetchedVersion(-1, null);

    /** Whether the version's space was reclaimed ({@link #GONE}). */
    public boolean gone() {
        return rowId < 0;
    }

    /** Whether the fetched version is the one the snapshot sees. */
    public boolean visible() {
        return row != null;
    }
}
