package org.verso.sql.ddl;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.CatalogNames;

/** Names and SQL text as DDL stores them, and as statements that name tables resolve them. */
public final class Names {
    private Names() {
    }

    /** The catalog key of a possibly schema-qualified name ({@code t}, {@code s.t}). */
    public static String key(SqlIdentifier id) {
        if (id.names.size() == 1) {
            return CatalogNames.key(null, id.names.get(0));
        }
        if (id.names.size() == 2) {
            return CatalogNames.key(id.names.get(0), id.names.get(1));
        }
        throw ErrorCode.SYNTAX_ERROR.exception("too many name parts in " + id + " (write schema.name)");
    }

    /** A name that has no schema part: a column, an index, a constraint, a schema. */
    static String simple(SqlIdentifier id) {
        if (!id.isSimple()) {
            throw ErrorCode.SYNTAX_ERROR.exception("a simple name is needed here, not " + id);
        }
        CatalogNames.checkName(id.getSimple());
        return id.getSimple();
    }

    /** The SQL text of an expression or query, with every name quoted so it reads back the same. */
    static String sql(SqlNode node) {
        return node.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
    }
}
