package org.verso.core.table;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rows of a table whose versions may differ in an index key: a write gave one a version whose key in some index
 * differs from the version before it (or a tombstone), or its chain held several versions when an index was built
 * over it. Only their pruning has to read the dropped versions and look for index entries that no kept version
 * shares; every other row's versions share their keys, so pruning them reads nothing. Most updates keep the keys
 * (a balance, a counter, a status), so most pruning reads nothing.
 *
 * <p>A write marks its row after installing its version and before it commits, so the pruning that drops the
 * version it superseded, which waits for that commit, sees the mark. A row leaves the set when pruning, under the
 * row's write latch, leaves it one version; a later write marks it again if it changes a key.
 *
 * <p>Thread safety: thread safe.
 */
final class KeyChangedRows {
    private final Set<Long> rows = ConcurrentHashMap.newKeySet();

    void mark(long rowId) {
        rows.add(rowId);
    }

    boolean contains(long rowId) {
        return !rows.isEmpty() && rows.contains(rowId);
    }

    void settled(long rowId) {
        rows.remove(rowId);
    }

}
