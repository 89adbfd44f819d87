package org.verso.core.table;

/**
 * Bounds of an index range scan, as (prefixes of) key values in key-column order, canonical for the key columns'
 * types. A null bound is open; an inclusive bound includes every key that starts with it ("key <= (1)" includes
 * (1, 5)), an exclusive one excludes them. {@code equal} bounds with both ends inclusive select one key prefix.
 */
public record IndexRange(Object[] low, boolean lowInclusive, Object[] high, boolean highInclusive) {
    /** Every key. */
    public static IndexRange all() {
        return new IndexRange(null, true, null, true);
    }

    /** The keys that start with {@code prefix}. */
    public static IndexRange prefix(Object[] prefix) {
        return new IndexRange(prefix, true, prefix, true);
    }
}
