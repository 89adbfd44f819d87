package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/**
 * One WHEN clause of a {@link SqlMergeStatement}: {@code WHEN [NOT] MATCHED [AND condition] THEN} {@code UPDATE SET
 * column = value, ...}, {@code DELETE}, {@code INSERT [(columns)] VALUES (values)} or {@code DO NOTHING}.
 */
public final class SqlMergeWhen extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("WHEN", SqlKind.OTHER);

    /** What the clause does. */
    public enum Action {
        UPDATE, DELETE, INSERT, NOTHING
    }

    public final boolean matched;
    /** The AND condition, or null. */
    public final SqlNode condition;
    public final Action action;
    /** UPDATE's SET columns, INSERT's columns (null for all), else null. */
    public final SqlNodeList columns;
    /** UPDATE's SET values or INSERT's values, else null. */
    public final SqlNodeList values;

    public SqlMergeWhen(SqlParserPos pos, boolean matched, SqlNode condition, Action action, SqlNodeList columns,
                        SqlNodeList values) {
        super(pos);
        this.matched = matched;
        this.condition = condition;
        this.action = action;
        this.columns = columns;
        this.values = values;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(condition, columns, values);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword(matched ? "WHEN MATCHED" : "WHEN NOT MATCHED");
        VersoSqlNodes.optional(writer, "AND", condition);
        writer.keyword("THEN");
        switch (action) {
            case UPDATE -> {
                writer.keyword("UPDATE SET");
                VersoSqlNodes.assignments(writer, columns, values);
            }
            case INSERT -> {
                writer.keyword("INSERT");
                if (columns != null) {
                    VersoSqlNodes.list(writer, columns);
                }
                writer.keyword("VALUES");
                VersoSqlNodes.list(writer, values);
            }
            case DELETE -> writer.keyword("DELETE");
            default -> writer.keyword("DO NOTHING");
        }
    }
}
