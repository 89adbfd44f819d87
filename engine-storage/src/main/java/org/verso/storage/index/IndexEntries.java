package org.verso.storage.index;

import java.util.Arrays;

/**
 * The byte form of an index entry that every index implementation stores: the encoded key ({@link KeyCodec})
 * followed by the 8-byte reference, big-endian. Since keys are self-delimiting, entries compare as unsigned bytes in
 * (key, reference) order, the entries of one key are adjacent, and a key range selects entries by the same bounds.
 */
public final class IndexEntries {
    /** The bytes of the reference at an entry's end. */
    public static final int REF = 8;

    private IndexEntries() {
    }

    /** The entry of {@code key} and {@code ref}. */
    public static byte[] of(byte[] key, long ref) {
        byte[] entry = Arrays.copyOf(key, key.length + REF);
        for (int i = 0; i < REF; i++) {
            entry[key.length + i] = (byte) (ref >>> (56 - 8 * i));
        }
        return entry;
    }

    /** The key part of {@code entry}, copied. */
    public static byte[] key(byte[] entry) {
        return Arrays.copyOf(entry, entry.length - REF);
    }

    /** The reference part of {@code entry}. */
    public static long ref(byte[] entry) {
        long r = 0;
        for (int i = entry.length - REF; i < entry.length; i++) {
            r = (r << 8) | (entry[i] & 0xFF);
        }
        return r;
    }
}
