package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** One {@code name = literal} option of a {@code WITH (...)} clause. */
public final class SqlOption extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("OPTION", SqlKind.OTHER);

    public final SqlIdentifier name;
    public final SqlNode value;

    public SqlOption(SqlParserPos pos, SqlIdentifier name, SqlNode value) {
        super(pos);
        this.name = name;
        this.value = value;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(name, value);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        name.unparse(writer, 0, 0);
        writer.keyword("=");
        value.unparse(writer, 0, 0);
    }
}
