package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/**
 * A column of CREATE TABLE or ALTER TABLE ADD COLUMN: name, type and the column's own clauses. Constraints written
 * on the column (PRIMARY KEY, UNIQUE, REFERENCES, CHECK) are kept as {@link SqlTableConstraint}s over this column.
 */
public final class SqlColumnDefinition extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("COLUMN", SqlKind.COLUMN_DECL);

    public final SqlIdentifier name;
    public final SqlDataTypeSpec type;
    /** True for NULL, false for NOT NULL, null when the column says neither. */
    public final Boolean nullable;
    /** The DEFAULT expression, or null. */
    public final SqlNode defaultValue;
    /** The identity clause, or null. */
    public final IdentityOption identity;
    /** Constraints written on the column, each over this one column. */
    public final List<SqlTableConstraint> constraints;

    public SqlColumnDefinition(SqlParserPos pos, SqlIdentifier name, SqlDataTypeSpec type, Boolean nullable,
                               SqlNode defaultValue, IdentityOption identity, List<SqlTableConstraint> constraints) {
        super(pos);
        this.name = name;
        this.type = type;
        this.nullable = nullable;
        this.defaultValue = defaultValue;
        this.identity = identity;
        this.constraints = List.copyOf(constraints);
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(name, type, defaultValue);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        name.unparse(writer, 0, 0);
        type.unparse(writer, 0, 0);
        if (nullable != null) {
            writer.keyword(nullable ? "NULL" : "NOT NULL");
        }
        VersoSqlNodes.optional(writer, "DEFAULT", defaultValue);
        if (identity != null) {
            writer.keyword("GENERATED " + (identity.always() ? "ALWAYS" : "BY DEFAULT") + " AS IDENTITY");
            if (identity.options().given()) {
                SqlWriter.Frame frame = writer.startList("(", ")");
                identity.options().unparse(writer);
                writer.endList(frame);
            }
        }
        for (SqlTableConstraint constraint : constraints) {
            constraint.unparse(writer, 0, 0);
        }
    }
}
