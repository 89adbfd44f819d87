package org.verso.sql.parse.ast;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The change of {@code ALTER TABLE t ALTER [COLUMN] c change}: {@code SET DEFAULT expr}, {@code DROP DEFAULT},
 * {@code SET NOT NULL}, {@code DROP NOT NULL} or {@code [SET DATA] TYPE type}. {@link #value} is the DEFAULT
 * expression or the {@link org.apache.calcite.sql.SqlDataTypeSpec}, null for the others.
 */
public final class SqlAlterColumn extends SqlCall {
    /** What the statement changes about the column. */
    public enum Change {
        SET_DEFAULT("SET DEFAULT"), DROP_DEFAULT("DROP DEFAULT"), SET_NOT_NULL("SET NOT NULL"),
        DROP_NOT_NULL("DROP NOT NULL"), SET_TYPE("TYPE");

        private final String sql;

        Change(String sql) {
            this.sql = sql;
        }
    }

    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("ALTER COLUMN", SqlKind.OTHER);

    public final SqlIdentifier column;
    public final Change change;
    public final SqlNode value;

    public SqlAlterColumn(SqlParserPos pos, SqlIdentifier column, Change change, SqlNode value) {
        super(pos);
        this.column = column;
        this.change = change;
        this.value = value;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        List<SqlNode> operands = new ArrayList<>();
        operands.add(column);
        if (value != null) {
            operands.add(value);
        }
        return operands;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        column.unparse(writer, 0, 0);
        writer.keyword(change.sql);
        if (value != null) {
            value.unparse(writer, 0, 0);
        }
    }
}
