package org.verso.storage.heap;

/**
 * Figures of one table's heap, for the system views and metrics: row ids (VIDs) allocated, version nodes held in
 * memory, tuple versions fetched from pages so far, and pages of the heap's file.
 */
public record HeapStatistics(long rowIds, long versionNodes, long tupleFetches, long pages) {
}
