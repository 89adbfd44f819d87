package org.verso.storage.index;

/**
 * One index of a table: an ordered set of entries, each an encoded key ({@link KeyCodec}) and a reference. The
 * seam every index implementation (the in-memory index now, MV-IDX and the version-oblivious B+tree on pages)
 * implements, so the transaction layer maintains and reads all of them the same way.
 *
 * <p>Entries are a set: the same (key, reference) pair is held once, and a key may have many references (a
 * non-unique index, or older versions of a row whose key changed). Storage enforces nothing about uniqueness;
 * the transaction layer checks it under its own key latch, because only it can tell which versions are live.
 *
 * <p>Thread safety: all operations are thread safe; cursors run concurrently with inserts and removals.
 */
public interface TableIndex extends AutoCloseable {
    /** What an entry's reference means. */
    enum Reference {
        /** A VID: visibility is decided from the version directory before any tuple is fetched (MV-IDX). */
        ROW_ID,
        /** The address of one version: visibility is checked on the fetched tuple (version-oblivious). */
        VERSION_ADDRESS
    }

    /** What this index's references are. */
    Reference reference();

    /** Adds an entry; returns false if it was already there. */
    boolean insert(byte[] key, long ref);

    /** Removes an entry; returns false if it was not there. */
    boolean remove(byte[] key, long ref);

    /**
     * A loader for filling the index from its table's rows, while no other thread changes it; by default it inserts
     * the entries one by one.
     */
    default IndexLoader loader() {
        return IndexLoader.oneByOne(this);
    }

    /** The entries in {@code range}, in ascending key order or, with {@code descending}, in descending order. */
    IndexCursor scan(KeyRange range, boolean descending);

    /** Counters of this index. */
    IndexStatistics statistics();

    @Override
    void close();
}
