package org.verso.storage.index;

/**
 * The entries of an index in a key range, in key order (or reverse key order), each an encoded key and a reference:
 * a VID for a version-aware index, the address of one version for a version-oblivious one. A cursor may pin pages,
 * so it must be closed; closing twice is harmless.
 *
 * <p>Thread safety: a cursor belongs to one thread. It runs concurrently with inserts and removals in the index and
 * sees a consistent subset of them (each entry present for the whole scan is returned exactly once).
 */
public interface IndexCursor extends AutoCloseable {
    /** Advances to the next entry; false at the end. */
    boolean next();

    /** The encoded key of the current entry ({@link KeyCodec}); must not be modified. */
    byte[] key();

    /** The reference of the current entry. */
    long ref();

    @Override
    void close();
}
