package org.verso.storage.page;

import java.util.Arrays;

/**
 * The buffer pool's map from page key ({@code fileId << 40 | pageNo}) to frame index: open addressing with linear
 * probing over primitive arrays, so a lookup allocates nothing. Removal shifts later entries of the probe run back
 * instead of leaving tombstones. Sized for at most {@code frames} entries at load factor 0.5; not thread safe (the
 * pool's monitor guards it).
 */
final class PageTable {
    private static final long EMPTY = -1L;

    private final long[] keys;
    private final int[] values;
    private final int mask;

    PageTable(int frames) {
        int capacity = Integer.highestOneBit(Math.max(4, frames) * 2 - 1) << 1;
        keys = new long[capacity];
        values = new int[capacity];
        mask = capacity - 1;
        Arrays.fill(keys, EMPTY);
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    /** The frame holding {@code key}, or -1. */
    int get(long key) {
        for (int i = slot(key); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) {
                return values[i];
            }
            if (k == EMPTY) {
                return -1;
            }
        }
    }

    void put(long key, int frame) {
        int i = slot(key);
        while (keys[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = frame;
    }

    void remove(long key) {
        int i = slot(key);
        while (keys[i] != key) {
            if (keys[i] == EMPTY) {
                return;
            }
            i = (i + 1) & mask;
        }
        // Backward-shift deletion: move later entries of the run into the hole when their home slot allows it.
        int hole = i;
        for (int j = (hole + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int home = slot(keys[j]);
            boolean movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
            if (movable) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        keys[hole] = EMPTY;
    }
}
