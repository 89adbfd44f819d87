package org.verso.storage.index;

/**
 * Figures of one index: its entries, the scans opened on it (a point lookup is a scan of one key), and the entries
 * those scans returned.
 */
public record IndexStatistics(long entries, long scans, long entriesReturned) {
}
