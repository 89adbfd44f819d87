package org.verso.core.table;

import java.util.concurrent.atomic.LongAdder;

/**
 * What reading through one index cost the table, counted as the scans run: entries the index returned, tuples
 * fetched for them, fetched tuples that were not returned (a version the reader does not see, or, through MV-IDX,
 * an older version's entry whose key the row no longer has), and entries whose row had no version visible to the
 * reader, which the version directory decided without fetching anything (MV-IDX's saved fetches).
 *
 * <p>Thread safety: thread safe.
 */
final class IndexReads {
    private final LongAdder entries = new LongAdder();
    private final LongAdder fetched = new LongAdder();
    private final LongAdder fetchedNotReturned = new LongAdder();
    private final LongAdder fetchesSaved = new LongAdder();

    /**
     * Counts one entry read and what came of it: whether it led to a version the reader sees, whether that version
     * has the entry's key, and whether the tuple was fetched even though the reader does not see it.
     */
    void entry(boolean visible, boolean keyMatches, boolean fetchedAnyway) {
        entries.increment();
        if (!visible && fetchedAnyway) {
            fetched.increment();
            fetchedNotReturned.increment();
        } else if (!visible) {
            fetchesSaved.increment();
        } else {
            fetched.increment();
            if (!keyMatches) {
                fetchedNotReturned.increment();
            }
        }
    }

    IndexReadFigures figures() {
        return new IndexReadFigures(entries.sum(), fetched.sum(), fetchedNotReturned.sum(), fetchesSaved.sum());
    }
}
