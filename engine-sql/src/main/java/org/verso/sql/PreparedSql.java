package org.verso.sql;

import java.util.List;
import org.verso.sql.prepare.CompiledStatement;
import org.verso.sql.prepare.StatementKind;

/**
 * A planned statement; immutable and shareable between sessions. It is valid for the catalog version it was
 * planned against: a session that runs it after a DDL statement plans the same SQL text again.
 */
public final class PreparedSql {
    private final String sql;
    private final CompiledStatement compiled;

    PreparedSql(String sql, CompiledStatement compiled) {
        this.sql = sql;
        this.compiled = compiled;
    }

    public String sql() {
        return sql;
    }

    /** True for statements that return rows (SELECT, VALUES). */
    public boolean isQuery() {
        return compiled.kind() == StatementKind.QUERY;
    }

    /** True for DDL (CREATE TABLE, DROP TABLE), which runs outside the session's transaction. */
    public boolean isDdl() {
        return compiled.kind() == StatementKind.DDL;
    }

    public int parameterCount() {
        return compiled.parameters().size();
    }

    /** The inferred type of each '?', in order. */
    public List<ColumnMeta> parameters() {
        return compiled.parameters();
    }

    /** Result columns of a query; empty for other statements. */
    public List<ColumnMeta> columns() {
        return compiled.columns();
    }

    /** The physical plan, one operator per line (for diagnostics; the format may change). */
    public String explain() {
        return compiled.explain();
    }

    /** The catalog version this plan was made against. */
    public long catalogVersion() {
        return compiled.catalogVersion();
    }

    CompiledStatement compiled() {
        return compiled;
    }
}
