package org.verso.sql.cache;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Plans shared by every session of one engine, keyed by the exact SQL text and the catalog version the plan was
 * made against. A DDL statement moves the catalog version, so every older entry stops matching at once; such
 * entries are swept out when the cache grows past its bound.
 *
 * <p>Thread safe: lookups do not lock; two sessions that miss on the same text at once may both plan it, and the
 * last one to finish stays cached (the plans are equivalent).
 */
public final class PlanCache<V> {
    private record Key(String sql, long catalogVersion) {
        // Written out: a record's generated methods go through method handles, a few percent of a cached prepare.
        @Override
        public int hashCode() {
            return sql.hashCode() * 31 + Long.hashCode(catalogVersion);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.catalogVersion == catalogVersion && key.sql.equals(sql);
        }
    }

    private final ConcurrentHashMap<Key, V> entries = new ConcurrentHashMap<>();
    private final int maxEntries;
    private final LongSupplier currentVersion;

    /** {@code currentVersion} reads the catalog version, to tell stale entries when sweeping. */
    public PlanCache(int maxEntries, LongSupplier currentVersion) {
        this.maxEntries = maxEntries;
        this.currentVersion = currentVersion;
    }

    public V get(String sql, long catalogVersion) {
        return entries.get(new Key(sql, catalogVersion));
    }

    public void put(String sql, long catalogVersion, V plan) {
        if (entries.size() >= maxEntries) {
            sweep();
        }
        entries.put(new Key(sql, catalogVersion), plan);
    }

    public int size() {
        return entries.size();
    }

    /** Drops plans of older catalog versions; if that is not enough, drops everything (no LRU order is kept). */
    private void sweep() {
        long version = currentVersion.getAsLong();
        entries.keySet().removeIf(key -> key.catalogVersion != version);
        if (entries.size() >= maxEntries) {
            entries.clear();
        }
    }
}
