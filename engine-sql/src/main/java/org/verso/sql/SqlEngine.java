package org.verso.sql;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.verso.common.ErrorCode;
import org.verso.core.Database;
import org.verso.sql.cache.PlanCache;
import org.verso.sql.prepare.CompiledStatement;
import org.verso.sql.prepare.StatementCompiler;
import org.verso.sql.prepare.StatementKind;

/**
 * The SQL layer of one open {@link Database}: it owns the plan cache that all its sessions share.
 *
 * <p>There is one engine per Database object. The registry holds databases weakly and the engine refers to its
 * database weakly too (sessions hold it strongly), so an engine never keeps a database alive.
 *
 * <p>Thread safe.
 */
public final class SqlEngine {
    private static final int MAX_CACHED_PLANS = 4096;
    private static final Map<Database, SqlEngine> ENGINES = new WeakHashMap<>();

    private final WeakReference<Database> database;
    private final StatementCompiler compiler = new StatementCompiler();
    private final PlanCache<PreparedSql> cache;
    private final AtomicLong planCount = new AtomicLong();

    private SqlEngine(Database database) {
        this.database = new WeakReference<>(database);
        this.cache = new PlanCache<>(MAX_CACHED_PLANS, () -> database().catalog().version());
    }

    /** The engine of this database (one per Database instance, created on first use). */
    public static SqlEngine forDatabase(Database database) {
        synchronized (ENGINES) {
            return ENGINES.computeIfAbsent(database, SqlEngine::new);
        }
    }

    public Database database() {
        Database db = database.get();
        if (db == null) {
            throw ErrorCode.DATABASE_CLOSED.exception("(released)");
        }
        return db;
    }

    /** A new session (one per JDBC connection). */
    public Session openSession() {
        Database db = database();
        if (db.isClosed()) {
            throw ErrorCode.DATABASE_CLOSED.exception(db.name());
        }
        return new Session(this, db);
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
    PreparedSql prepare(String sql) {
        Database db = database();
        PreparedSql cached = cache.get(sql, db.catalog().version());
        if (cached != null) {
            return cached;
        }
        planCount.incrementAndGet();
        CompiledStatement compiled = compiler.compile(sql, db.catalog(), db.systemViews());
        PreparedSql prepared = new PreparedSql(sql, compiled);
        if (compiled.kind() != StatementKind.DDL) {
            // DDL changes the catalog version when it runs, so a cached DDL plan would never be hit again.
            cache.put(sql, compiled.catalogVersion(), prepared);
        }
        return prepared;
    }
}
