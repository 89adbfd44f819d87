package org.verso.core.table;

/**
 * Figures of reading through one index since the database opened: entries read, tuples fetched for them, fetched
 * tuples not returned (an older version's entry, rechecked against the row's key), and entries decided invisible by
 * the version directory without a fetch.
 */
public record IndexReadFigures(long entriesRead, long tuplesFetched, long fetchedNotReturned, long fetchesSaved) {
}
