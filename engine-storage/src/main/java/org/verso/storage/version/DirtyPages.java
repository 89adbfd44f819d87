package org.verso.storage.version;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A set of page numbers, marked by writers without a lock and taken by the checkpoint: which pages of a
 * {@link DirectoryImage} hold VIDs that changed since they were last written. Bits live in chunks that never move,
 * so a mark is never lost to a concurrent growth.
 */
final class DirtyPages {
    private static final int CHUNK_BITS = 16;
    private static final int CHUNK_LONGS = (1 << CHUNK_BITS) / Long.SIZE;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private volatile long[][] chunks = new long[0][];

    void mark(long page) {
        long[] chunk = chunk((int) (page >>> CHUNK_BITS));
        int bit = (int) (page & ((1 << CHUNK_BITS) - 1));
        long mask = 1L << (bit & 63);
        if (((long) LONGS.getVolatile(chunk, bit >>> 6) & mask) == 0) {
            LONGS.getAndBitwiseOr(chunk, bit >>> 6, mask);
        }
    }

    /** Clears the page's mark; returns whether it was marked. */
    boolean take(long page) {
        int c = (int) (page >>> CHUNK_BITS);
        long[][] all = chunks;
        if (c >= all.length) {
            return false;
        }
        int bit = (int) (page & ((1 << CHUNK_BITS) - 1));
        long mask = 1L << (bit & 63);
        return ((long) LONGS.getAndBitwiseAnd(all[c], bit >>> 6, ~mask) & mask) != 0;
    }

    private long[] chunk(int c) {
        long[][] all = chunks;
        if (c < all.length) {
            return all[c];
        }
        synchronized (this) {
            all = chunks;
            if (c >= all.length) {
                long[][] grown = java.util.Arrays.copyOf(all, c + 1);
                for (int i = all.length; i <= c; i++) {
                    grown[i] = new long[CHUNK_LONGS];
                }
                chunks = grown;
                all = grown;
            }
            return all[c];
        }
    }
}
