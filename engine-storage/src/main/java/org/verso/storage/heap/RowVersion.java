package org.verso.storage.heap;

/**
 * One version of a row as the transaction layer sees it when it checks a key: the version's
 * {@link org.verso.storage.version.VersionWord} and its values (null for a tombstone).
 */
public record RowVersion(long word, Object[] row) {
}
