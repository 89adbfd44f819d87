package org.verso.storage.index;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * An index held in memory: a lock-free skip list of entries ({@link IndexEntries}), compared as unsigned bytes, so the entries of one key are adjacent and a key prefix selects a
 * contiguous run. It is rebuilt from the heap when the database opens.
 *
 * <p>Thread safety: lock free; scans are weakly consistent, which the {@link IndexCursor} contract allows.
 */
public final class MemoryIndex implements TableIndex {
    private final Reference reference;
    private final ConcurrentSkipListSet<byte[]> entries = new ConcurrentSkipListSet<>(Arrays::compareUnsigned);
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
        boolean added = entries.add(IndexEntries.of(key, ref));
        if (added) {
            size.incrementAndGet();
        }
        return added;
    }

    @Override
    public boolean remove(byte[] key, long ref) {
        boolean removed = entries.remove(IndexEntries.of(key, ref));
        if (removed) {
            size.decrementAndGet();
        }
        return removed;
    }

    @Override
    public IndexCursor scan(KeyRange range, boolean descending) {
        scans.increment();
        if (range.isEmpty()) {
            return new EntryCursor(java.util.Collections.emptyIterator());
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

    @Override
    public IndexStatistics statistics() {
        return new IndexStatistics(size.get(), scans.sum(), returned.sum());
    }

    @Override
    public void close() {
        entries.clear();
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
}
