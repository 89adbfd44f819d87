package org.verso.storage.index;

import java.util.concurrent.ConcurrentSkipListMap;
import org.verso.common.type.ValueOrder;

/**
 * A unique index from key to VID, ordered by key: the primary-key access path. It stores VIDs, not version
 * addresses, so an update that keeps the key does not touch it, and visibility is decided afterwards from the
 * version directory without fetching a tuple. An entry may outlive its row (a deleted row keeps its VID until space
 * is reclaimed); the reader's visibility check hides it.
 *
 * <p>This index lives in memory and is rebuilt from the heap at open. Keys are arrays of canonical engine values
 * of the key columns, compared column by column.
 *
 * <p>Thread safety: all operations are thread safe and lock free.
 */
public final class UniqueKeyIndex {
    public static final long ABSENT = -1;

    // ValueOrder compares binary keys by content; byte[] has identity equality and is not Comparable.
    private final ConcurrentSkipListMap<Object[], Long> entries = new ConcurrentSkipListMap<>(ValueOrder.KEYS);

    /** The VID stored under {@code key}, or {@link #ABSENT}. */
    public long get(Object[] key) {
        Long vid = entries.get(key);
        return vid == null ? ABSENT : vid;
    }

    /** Stores {@code key -> vid} unless the key is present; returns the VID already there, or {@link #ABSENT}. */
    public long putIfAbsent(Object[] key, long vid) {
        Long existing = entries.putIfAbsent(key, vid);
        return existing == null ? ABSENT : existing;
    }

    /** Removes {@code key} if it still maps to {@code vid}. */
    public void remove(Object[] key, long vid) {
        entries.remove(key, vid);
    }

    public int size() {
        return entries.size();
    }
}
