package org.verso.storage.heap;

/**
 * Figures of one table's heap, for the system views and metrics: row ids (VIDs) allocated, version nodes held in
 * memory, tuple versions fetched from pages so far, pages of the heap's file (given back ones included), the bytes
 * the version directory's arrays occupy, allocated capacity included: its data nodes (and their free list) and its
 * VID list, the pages given back to the file system since the heap was opened, and the versions merges moved out of
 * mostly dead runs since then.
 */
public record HeapStatistics(long rowIds, long versionNodes, long tupleFetches, long pages, long nodeBytes,
                             long vidListBytes, long pagesReleased, long versionsMoved) {
    /** All the memory of the version directory. */
    public long directoryBytes() {
        return nodeBytes + vidListBytes;
    }
}
