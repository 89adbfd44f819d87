package org.verso.sql;

import java.util.List;

/** STUB (API outline). A planned statement; immutable and shareable between sessions. */
public final class PreparedSql {
    public String sql() { throw new UnsupportedOperationException(); }
    /** True for statements that return rows (SELECT, VALUES). */
    public boolean isQuery() { throw new UnsupportedOperationException(); }
    public int parameterCount() { throw new UnsupportedOperationException(); }
    /** The inferred type of each '?', in order. */
    public List<ColumnMeta> parameters() { throw new UnsupportedOperationException(); }
    /** Result columns of a query; empty for other statements. */
    public List<ColumnMeta> columns() { throw new UnsupportedOperationException(); }
}
