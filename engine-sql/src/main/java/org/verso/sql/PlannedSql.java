package org.verso.sql;

import java.util.List;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.api.PreparedSql;
import org.verso.sql.prepare.CompiledStatement;
import org.verso.sql.prepare.StatementKind;

/**
 * The engine's {@link PreparedSql}: the SQL text, the compiled statement and the engine that planned it. A statement
 * whose literals became parameters ({@link org.verso.sql.prepare.LiteralParameters}) runs its shape's plan with the
 * literals bound, and has no parameters of its own.
 */
final class PlannedSql implements PreparedSql {
    private final SqlEngine engine;
    private final String sql;
    private final CompiledStatement compiled;
    // The values of the shape's parameters, taken from the text's literals; null for a plan of the text itself.
    private final Object[] literals;

    PlannedSql(SqlEngine engine, String sql, CompiledStatement compiled) {
        this(engine, sql, compiled, null);
    }

    PlannedSql(SqlEngine engine, String sql, CompiledStatement compiled, Object[] literals) {
        this.engine = engine;
        this.sql = sql;
        this.compiled = compiled;
        this.literals = literals;
    }

    /** The bound values of a statement planned by its shape, or null. */
    Object[] literals() {
        return literals;
    }

    @Override
    public String sql() {
        return sql;
    }

    @Override
    public boolean isQuery() {
        StatementKind kind = compiled.kind();
        return kind == StatementKind.QUERY || kind == StatementKind.EXPLAIN || kind == StatementKind.ANALYZE_QUERY
            || kind == StatementKind.ANALYZE_CHANGE || compiled.returning() != null;
    }

    @Override
    public boolean isExplain() {
        return compiled.kind() == StatementKind.EXPLAIN;
    }

    @Override
    public boolean isDdl() {
        return compiled.kind() == StatementKind.DDL;
    }

    @Override
    public int parameterCount() {
        return parameters().size();
    }

    @Override
    public List<ColumnMeta> parameters() {
        return literals == null ? compiled.parameters() : List.of();
    }

    @Override
    public List<ColumnMeta> columns() {
        return compiled.columns();
    }

    @Override
    public String explain() {
        return compiled.explain();
    }

    /** The catalog version this plan was made against. */
    long catalogVersion() {
        return compiled.catalogVersion();
    }

    SqlEngine engine() {
        return engine;
    }

    CompiledStatement compiled() {
        return compiled;
    }
}
