package org.verso.storage.heap;

import java.util.Arrays;

/** A growable list of ints without boxing. Not thread safe. */
final class IntList {
    private int[] values = new int[16];
    private int size;

    void addAll(int[] more) {
        if (size + more.length > values.length) {
            values = Arrays.copyOf(values, Math.max(values.length * 2, size + more.length));
        }
        System.arraycopy(more, 0, values, size, more.length);
        size += more.length;
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
