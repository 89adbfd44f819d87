package org.verso.storage.heap;

/**
 * One version of a row as the transaction layer sees it when it checks a key or maintains an index: the version's
 * {@link org.verso.storage.version.VersionWord}, its tuple id (where the heap stores it; a write intent shares the
 * tuple id of the version it locks) and its values (null for a tombstone).
 */
public record RowVersion(long word, long tid, Object[] row) {
}
