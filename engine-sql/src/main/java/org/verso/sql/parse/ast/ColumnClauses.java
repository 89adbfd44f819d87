package org.verso.sql.parse.ast;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Collects the clauses of one column definition as the parser meets them, in any order, and refuses a clause
 * given twice or contradicting another ({@code NULL NOT NULL}, two DEFAULTs, DEFAULT with IDENTITY).
 */
public final class ColumnClauses {
    private final SqlIdentifier column;
    private Boolean nullable;
    private SqlNode defaultValue;
    private IdentityOption identity;
    private final List<SqlTableConstraint> constraints = new ArrayList<>();

    public ColumnClauses(SqlIdentifier column) {
        this.column = column;
    }

    public void nullable(boolean value, SqlParserPos pos) {
        if (nullable != null && nullable != value) {
            throw conflict(pos, "NULL and NOT NULL");
        }
        nullable = value;
    }

    public void defaultValue(SqlNode value, SqlParserPos pos) {
        if (defaultValue != null || identity != null) {
            throw conflict(pos, "more than one DEFAULT or IDENTITY");
        }
        defaultValue = value;
    }

    public void identity(IdentityOption option, SqlParserPos pos) {
        if (defaultValue != null || identity != null) {
            throw conflict(pos, "more than one DEFAULT or IDENTITY");
        }
        identity = option;
    }

    /** The column itself as the column list of a column-level constraint. */
    public SqlNodeList self() {
        return SqlNodeList.of(column);
    }

    public void constraint(SqlTableConstraint constraint) {
        constraints.add(constraint);
    }

    public SqlColumnDefinition build(SqlParserPos pos, SqlDataTypeSpec type) {
        return new SqlColumnDefinition(pos, column, type, nullable, defaultValue, identity, constraints);
    }

    /** Reported by the parser as a syntax error at the clause. */
    private CalciteContextException conflict(SqlParserPos pos, String what) {
        String message = "column " + column + " has " + what;
        return new CalciteContextException(message, new IllegalArgumentException(message), pos.getLineNum(),
            pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
    }
}
