package org.verso.sql;

import java.util.concurrent.atomic.AtomicLong;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.core.Database;
import org.verso.sql.cache.PlanCache;
import org.verso.sql.api.Cancellation;
import org.verso.sql.prepare.CompiledStatement;
import org.verso.sql.prepare.LiteralParameters;
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
    private final StatementCompiler plannerOnly = new StatementCompiler(false);
    private final LiteralParameters literalParameters = new LiteralParameters();
    private final PlanCache<PlannedSql> cache;
    // Shapes whose planning failed: their statements are planned as written, without trying the shape again.
    private final PlanCache<Boolean> unshapeable;
    private final AtomicLong planCount = new AtomicLong();

    /** The engine of an open database; there must be only one per database, or plans would be cached twice. */
    public SqlEngine(Database database) {
        this.database = database;
        this.cache = new PlanCache<>(MAX_CACHED_PLANS, () -> database.catalog().version());
        this.unshapeable = new PlanCache<>(MAX_CACHED_PLANS, () -> database.catalog().version());
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

    /**
     * The plan for this SQL text at the current catalog version: from the cache; or the plan of its shape, the text
     * with its literals made parameters ({@link LiteralParameters}), cached or planned, with the literals bound; or
     * freshly planned.
     */
    PlannedSql prepare(String sql, Cancellation cancellation) {
        long version = database.catalog().version();
        PlannedSql cached = cache.get(sql, version);
        if (cached != null) {
            return cached;
        }
        PlannedSql shaped = prepareShape(sql, version, cancellation);
        return shaped != null ? shaped : plan(sql, cancellation);
    }

    /** The statement planned by its shape, or null if it has none or the shape's plan cannot hold its literals. */
    private PlannedSql prepareShape(String sql, long version, Cancellation cancellation) {
        LiteralParameters.Shape shape = literalParameters.shape(sql);
        if (shape == null || unshapeable.get(shape.sql(), version) != null) {
            return null;
        }
        PlannedSql plan = cache.get(shape.sql(), version);
        if (plan == null) {
            try {
                plan = plan(shape.sql(), cancellation);
            } catch (VersoException e) {
                if (e.sqlState().startsWith("57")) {
                    throw e; // cancelled or timed out: planning the text would be too
                }
                // Some literal stood where a parameter cannot (its type unknown there): the text keeps its own plan.
                unshapeable.put(shape.sql(), version, Boolean.TRUE);
                return null;
            }
        }
        StatementKind kind = plan.compiled().kind();
        Object[] values = kind == StatementKind.QUERY || kind == StatementKind.DML
            ? LiteralParameters.bind(shape, plan.compiled().parameters()) : null;
        return values == null ? null : new PlannedSql(this, sql, plan.compiled(), values);
    }

    /** The plan of the text as written, never of its shape: for tests that compare the two. */
    PlannedSql prepareAsWritten(String sql, Cancellation cancellation) {
        return plan(sql, cancellation);
    }

    /** The text planned by the cost-based planner even where the direct path applies, uncached: for tests. */
    PlannedSql prepareByPlanner(String sql, Cancellation cancellation) {
        return new PlannedSql(this, sql, plannerOnly.compile(sql, database.catalog(), database.systemViews(),
            cancellation));
    }

    private PlannedSql plan(String sql, Cancellation cancellation) {
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
