package org.verso.storage.heap;

import java.util.Arrays;

/** A queue of row ids without boxing; duplicates are allowed. Thread safe (one monitor, held for array copies only). */
final class RowIdQueue {
    private long[] ids = new long[256];
    private int size;

    synchronized void add(long id) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
        }
        ids[size++] = id;
    }

    /** Removes and returns every id queued so far. */
    synchronized long[] drain() {
        long[] out = Arrays.copyOf(ids, size);
        size = 0;
        if (ids.length > 4096) {
            ids = new long[256];
        }
        return out;
    }
}
