package org.verso.sql.api;

import java.util.List;

/**
 * A planned statement; immutable and shareable between the sessions of its database. It is valid for the catalog
 * version it was planned against: a session that runs it after a DDL statement plans the same SQL text again.
 * Only the sessions of the database that prepared it can run it.
 */
public interface PreparedSql {
    String sql();

    /** True for statements that return rows (SELECT, VALUES, EXPLAIN). */
    boolean isQuery();

    /** True for EXPLAIN: it returns the plan and runs nothing, so values for its '?' may be left out. */
    boolean isExplain();

    /** True for DDL (CREATE TABLE, DROP TABLE), which runs outside the session's transaction. */
    boolean isDdl();

    int parameterCount();

    /** The inferred type of each '?', in order. */
    List<ColumnMeta> parameters();

    /** Result columns of a query; empty for other statements. */
    List<ColumnMeta> columns();

    /** The physical plan, one operator per line (for diagnostics; the format may change). */
    String explain();
}
