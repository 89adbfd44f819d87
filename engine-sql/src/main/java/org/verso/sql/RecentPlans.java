package org.verso.sql;

/**
 * The plans a session prepared last, found by the identity of their SQL text. Applications and benchmark drivers
 * prepare the same constant strings again and again (BenchBase for every execution), and comparing references here
 * costs less than a lookup in the engine's shared cache, which hashes the text together with the catalog version. A
 * plan of an older catalog version is passed over, as the shared cache passes it over.
 *
 * <p>Not thread safe: it belongs to its session, which one thread uses at a time.
 */
final class RecentPlans {
    private static final int SLOTS = 16;

    private final String[] texts = new String[SLOTS];
    private final PlannedSql[] plans = new PlannedSql[SLOTS];

    /** The plan last prepared for this very string at {@code catalogVersion}, or null. */
    PlannedSql get(String sql, long catalogVersion) {
        int slot = sql.hashCode() & (SLOTS - 1);
        PlannedSql plan = plans[slot];
        return texts[slot] == sql && plan != null && plan.catalogVersion() == catalogVersion ? plan : null;
    }

    void put(String sql, PlannedSql plan) {
        int slot = sql.hashCode() & (SLOTS - 1);
        texts[slot] = sql;
        plans[slot] = plan;
    }
}
