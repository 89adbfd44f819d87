package org.verso.sql;

import java.util.concurrent.atomic.AtomicLong;
import org.verso.common.ErrorCode;
import org.verso.core.Database;
import org.verso.sql.cache.PlanCache;
import org.verso.sql.api.Cancellation;
import org.verso.sql.prepare.CompiledStatement;
import org.verso.sql.prepare.StatementCompiler;
import org.verso.sql.prepare.StatementKind;

/**
 * The SQL layer of one open {@link Database}: it owns the plan cache that all the database's sessions share, and
 * opens the sessions. Clients do not create engines: {@link org.verso.sql.api.Databases} keeps one per open
 * database, with the database's leases.
 *
 * <p>Thread safe.
 */
public final class SqlEngine {
    private static final int MAX_CACHED_PLANS = 4096;

    private final Database database;
    private final StatementCompiler compiler = new StatementCompiler();
    private final PlanCache<PlannedSql> cache;
    private final AtomicLong planCount = new AtomicLong();

    /** The engine of an open database; there must be only one per database, or plans would be cached twice. */
    public SqlEngine(Database database) {
        this.database = database;
        this.cache = new PlanCache<>(MAX_CACHED_PLANS, () -> database.catalog().version());
    }

    public Database database() {
        return database;
    }

    /** A new session (one per JDBC connection). */
    public Session openSession() {
        if (database.isClosed()) {
            throw ErrorCode.DATABASE_CLOSED.exception(database.name());
        }
        return new Session(this, database);
    }

    /**
     * How many statements this engine has planned (cache misses). A cache hit does no Calcite work and leaves
     * this count unchanged.
     */
    public long planCount() {
        return planCount.get();
    }

    /** Number of plans currently cached. */
    public int cachedPlans() {
        return cache.size();
    }

    /** The plan for this SQL text at the current catalog version, from the cache or freshly planned. */
    PlannedSql prepare(String sql, Cancellation cancellation) {
        PlannedSql cached = cache.get(sql, database.catalog().version());
        if (cached != null) {
            return cached;
        }
        planCount.incrementAndGet();
        CompiledStatement compiled = compiler.compile(sql, database.catalog(), database.systemViews(), cancellation);
        PlannedSql prepared = new PlannedSql(this, sql, compiled);
        if (compiled.kind() != StatementKind.DDL) {
            // DDL changes the catalog version when it runs, so a cached DDL plan would never be hit again.
            cache.put(sql, compiled.catalogVersion(), prepared);
        }
        return prepared;
    }
}
