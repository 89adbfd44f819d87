package org.verso.storage.page;

import java.util.Arrays;

/**
 * One partition of the buffer pool's map from page key ({@code fileId << 40 | pageNo}) to frame index: open
 * addressing with linear probing over primitive arrays, so a lookup allocates nothing. Removal shifts later entries
 * of the probe run back instead of leaving tombstones; the arrays double when more than half full.
 *
 * <p>Thread safety: changes need the partition's write lock. {@link #get} may run concurrently with a change (an
 * optimistic read, validated by the caller afterwards): it then returns a wrong answer but always terminates and
 * never throws.
 */
final class PageTable {
    private static final long EMPTY = -1L;

    private long[] keys;
    private int[] values;
    private int size;

    PageTable(int expectedEntries) {
        int capacity = Integer.highestOneBit(Math.max(4, expectedEntries) * 2 - 1) << 1;
        keys = new long[capacity];
        values = new int[capacity];
        Arrays.fill(keys, EMPTY);
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    /** The frame holding {@code key}, or -1. */
    int get(long key) {
        long[] k = keys;
        int[] v = values;
        if (v.length != k.length) {
            return -1;
        }
        int mask = k.length - 1;
        int i = slot(key, mask);
        for (int probed = 0; probed < k.length; probed++, i = (i + 1) & mask) {
            long found = k[i];
            if (found == key) {
                return v[i];
            }
            if (found == EMPTY) {
                return -1;
            }
        }
        return -1;
    }

    void put(long key, int frame) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (keys[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (keys[i] == EMPTY) {
            size++;
        }
        values[i] = frame;
        keys[i] = key;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        long[] newKeys = new long[oldKeys.length * 2];
        int[] newValues = new int[newKeys.length];
        Arrays.fill(newKeys, EMPTY);
        int mask = newKeys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = slot(oldKeys[j], mask);
                while (newKeys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                newKeys[i] = oldKeys[j];
                newValues[i] = oldValues[j];
            }
        }
        // Values first: a concurrent get that sees the new keys with the old values returns -1 (lengths differ).
        values = newValues;
        keys = newKeys;
    }

    void remove(long key) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (keys[i] != key) {
            if (keys[i] == EMPTY) {
                return;
            }
            i = (i + 1) & mask;
        }
        size--;
        // Backward-shift deletion: move later entries of the run into the hole when their home slot allows it.
        int hole = i;
        for (int j = (hole + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int home = slot(keys[j], mask);
            boolean movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
            if (movable) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        keys[hole] = EMPTY;
    }

    int size() {
        return size;
    }
}
