package org.verso.storage.index;

import java.util.Arrays;

/**
 * A range of encoded keys ({@link KeyCodec}), as a half-open interval {@code [start, end)} of byte strings; a null
 * start or end is unbounded. Bounds are given as key prefixes: "key > (1, 2)" on an index of three columns excludes
 * every key that starts with (1, 2), "key <= (1)" includes every key that starts with (1).
 */
public final class KeyRange {
    private static final KeyRange ALL = new KeyRange(null, null, false);

    private final byte[] start;
    private byte[] end; // of a single key, made when first asked for: a hash lookup never needs it
    private final boolean singleKey;

    private KeyRange(byte[] start, byte[] end, boolean singleKey) {
        this.start = start;
        this.end = end;
        this.singleKey = singleKey;
    }

    private KeyRange(byte[] start, byte[] end) {
        this(start, end, false);
    }

    /** Every key. */
    public static KeyRange all() {
        return ALL;
    }

    /** Every key that starts with {@code prefix} (for a full key: exactly that key). */
    public static KeyRange prefix(byte[] prefix) {
        return new KeyRange(prefix, KeyCodec.prefixEnd(prefix));
    }

    /**
     * Exactly {@code key}, a value for every key column: the same entries as {@link #prefix}, and an index that can
     * find one key's entries without searching an order (the in-memory index's hash) may.
     */
    public static KeyRange key(byte[] key) {
        return new KeyRange(key, null, true);
    }

    /**
     * Keys between two prefix bounds; a null bound is open. An inclusive bound includes every key that starts with
     * it, an exclusive one excludes them.
     */
    public static KeyRange between(byte[] low, boolean lowInclusive, byte[] high, boolean highInclusive) {
        byte[] start = low == null ? null : lowInclusive ? low : KeyCodec.prefixEnd(low);
        byte[] end = high == null ? null : highInclusive ? KeyCodec.prefixEnd(high) : high;
        if (low != null && !lowInclusive && start == null) {
            return new KeyRange(new byte[] {(byte) 0xFF, (byte) 0xFF}, new byte[] {(byte) 0xFF, (byte) 0xFF});
        }
        return new KeyRange(start, end);
    }

    /** Inclusive lower bound, or null. */
    public byte[] start() {
        return start;
    }

    /** Exclusive upper bound, or null. */
    public byte[] end() {
        if (singleKey && end == null) {
            end = KeyCodec.prefixEnd(start); // null again for a key of only 0xFF bytes: unbounded, as for prefix
        }
        return end;
    }

    /** Whether the range is one whole key ({@link #key}), which {@link #start} then is. */
    public boolean isSingleKey() {
        return singleKey;
    }

    /** Whether the range holds no key at all. */
    public boolean isEmpty() {
        return !singleKey && start != null && end != null && Arrays.compareUnsigned(start, end) >= 0;
    }

    public boolean contains(byte[] key) {
        return (start == null || Arrays.compareUnsigned(key, start) >= 0)
            && (end() == null || Arrays.compareUnsigned(key, end()) < 0);
    }
}
