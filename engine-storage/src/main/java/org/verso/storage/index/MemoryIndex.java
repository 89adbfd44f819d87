package org.verso.storage.index;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * An index held in memory: a lock-free skip list of entries ({@link IndexEntries}), compared as unsigned bytes, so
 * the entries of one key are adjacent and a key prefix selects a contiguous run; and, for the lookup of one whole
 * key ({@link KeyRange#key}), which a point query and every unique check make, a hash map from each key to its
 * references, found without a descent through the skip list. It is rebuilt from the heap when the database opens.
 *
 * <p>Thread safety: scans are weakly consistent, which the {@link IndexCursor} contract allows. Changes of one key
 * are made under that key's entry in the hash map, so the skip list and the map always hold the same entries once
 * a change has returned.
 */
public final class MemoryIndex implements TableIndex {
    private static final long[] NO_REFS = {};

    private final Reference reference;
    private final ConcurrentSkipListSet<byte[]> entries = new ConcurrentSkipListSet<>(Arrays::compareUnsigned);
    /** Each key's references, ascending as unsigned numbers (the skip list's order of one key's entries). */
    private final ConcurrentHashMap<KeyBytes, long[]> refsByKey = new ConcurrentHashMap<>();
    private final AtomicLong size = new AtomicLong();
    private final LongAdder scans = new LongAdder();
    private final LongAdder returned = new LongAdder();

    public MemoryIndex(Reference reference) {
        this.reference = reference;
    }

    @Override
    public Reference reference() {
        return reference;
    }

    @Override
    public boolean insert(byte[] key, long ref) {
        boolean[] added = new boolean[1];
        refsByKey.compute(new KeyBytes(key), (k, refs) -> {
            long[] held = refs == null ? NO_REFS : refs;
            int at = find(held, ref);
            if (at >= 0) {
                return refs;
            }
            entries.add(IndexEntries.of(key, ref));
            added[0] = true;
            return with(held, -at - 1, ref);
        });
        if (added[0]) {
            size.incrementAndGet();
        }
        return added[0];
    }

    @Override
    public boolean remove(byte[] key, long ref) {
        boolean[] removed = new boolean[1];
        refsByKey.computeIfPresent(new KeyBytes(key), (k, refs) -> {
            int at = find(refs, ref);
            if (at < 0) {
                return refs;
            }
            entries.remove(IndexEntries.of(key, ref));
            removed[0] = true;
            return refs.length == 1 ? null : without(refs, at);
        });
        if (removed[0]) {
            size.decrementAndGet();
        }
        return removed[0];
    }

    @Override
    public IndexCursor scan(KeyRange range, boolean descending) {
        scans.increment();
        if (range.isEmpty()) {
            return new EntryCursor(java.util.Collections.emptyIterator());
        }
        if (range.isSingleKey()) {
            long[] refs = refsByKey.get(new KeyBytes(range.start()));
            return new KeyCursor(range.start(), refs == null ? NO_REFS : refs, descending);
        }
        NavigableSet<byte[]> selected = entries;
        if (range.start() != null && range.end() != null) {
            selected = entries.subSet(range.start(), true, range.end(), false);
        } else if (range.start() != null) {
            selected = entries.tailSet(range.start(), true);
        } else if (range.end() != null) {
            selected = entries.headSet(range.end(), false);
        }
        return new EntryCursor(descending ? selected.descendingIterator() : selected.iterator());
    }

    /** The index of {@code ref} in {@code refs}, or {@code -(insertion point) - 1}. */
    private static int find(long[] refs, long ref) {
        int low = 0;
        int high = refs.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int c = Long.compareUnsigned(refs[mid], ref);
            if (c < 0) {
                low = mid + 1;
            } else if (c > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -low - 1;
    }

    private static long[] with(long[] refs, int at, long ref) {
        long[] grown = new long[refs.length + 1];
        System.arraycopy(refs, 0, grown, 0, at);
        grown[at] = ref;
        System.arraycopy(refs, at, grown, at + 1, refs.length - at);
        return grown;
    }

    private static long[] without(long[] refs, int at) {
        long[] shrunk = new long[refs.length - 1];
        System.arraycopy(refs, 0, shrunk, 0, at);
        System.arraycopy(refs, at + 1, shrunk, at, shrunk.length - at);
        return shrunk;
    }

    @Override
    public IndexStatistics statistics() {
        return new IndexStatistics(size.get(), scans.sum(), returned.sum());
    }

    @Override
    public void close() {
        entries.clear();
        refsByKey.clear();
        size.set(0);
    }

    private final class EntryCursor implements IndexCursor {
        private final Iterator<byte[]> iterator;
        private byte[] key;
        private long ref;

        EntryCursor(Iterator<byte[]> iterator) {
            this.iterator = iterator;
        }

        @Override
        public boolean next() {
            if (!iterator.hasNext()) {
                key = null;
                return false;
            }
            byte[] entry = iterator.next();
            key = IndexEntries.key(entry);
            ref = IndexEntries.ref(entry);
            returned.increment();
            return true;
        }

        @Override
        public byte[] key() {
            return key;
        }

        @Override
        public long ref() {
            return ref;
        }

        @Override
        public void close() {
        }
    }

    /** The references of one key, from the array the map held when the lookup was made (arrays are never changed). */
    private final class KeyCursor implements IndexCursor {
        private final byte[] key;
        private final long[] refs;
        private final boolean descending;
        private int next;

        KeyCursor(byte[] key, long[] refs, boolean descending) {
            this.key = key;
            this.refs = refs;
            this.descending = descending;
        }

        @Override
        public boolean next() {
            if (next >= refs.length) {
                next = refs.length + 1; // past the end: no current entry
                return false;
            }
            next++;
            returned.increment();
            return true;
        }

        @Override
        public byte[] key() {
            return next == 0 || next > refs.length ? null : key;
        }

        @Override
        public long ref() {
            return refs[descending ? refs.length - next : next - 1];
        }

        @Override
        public void close() {
        }
    }

    /** A key as a hash-map key: compared by content. */
    private static final class KeyBytes {
        private final byte[] bytes;
        private final int hash;

        KeyBytes(byte[] bytes) {
            this.bytes = bytes;
            this.hash = hash(bytes);
        }

        /**
         * FNV-1a with a final mix. Not {@link Arrays#hashCode}: its polynomial gives encoded integers whose last two
         * bytes differ by (+1, -31) the same hash, so the keys of a table of consecutive ids collide in heaps.
         */
        private static int hash(byte[] bytes) {
            int h = 0x811C9DC5;
            for (byte b : bytes) {
                h = (h ^ (b & 0xFF)) * 0x01000193;
            }
            h ^= h >>> 16;
            h *= 0x85EBCA6B;
            return h ^ (h >>> 13);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof KeyBytes k && k.hash == hash && Arrays.equals(k.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
