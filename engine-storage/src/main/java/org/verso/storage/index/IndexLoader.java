package org.verso.storage.index;

/**
 * Enters the entries of an index being built from its table's rows: the caller {@link #add adds} them in any order,
 * then {@link #finish finishes}; only then does the index hold all of them. An index that gains from seeing its
 * entries together (the B+tree, which sorts them and builds its nodes bottom up) buffers them; others enter each as
 * it comes ({@link #oneByOne}).
 *
 * <p>Not thread safe: one building thread adds and finishes, while no other thread changes the index.
 */
public interface IndexLoader {
    /** Adds the entry of {@code key} and {@code ref}; fails with 54000 at once if the key is too large. */
    void add(byte[] key, long ref);

    /** Enters every entry added and not yet entered. */
    void finish();

    /** A loader that inserts each entry into {@code index} as it is added. */
    static IndexLoader oneByOne(TableIndex index) {
        return new IndexLoader() {
            @Override
            public void add(byte[] key, long ref) {
                index.insert(key, ref);
            }

            @Override
            public void finish() {
            }
        };
    }
}
