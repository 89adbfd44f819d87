package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCreate;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code CREATE SCHEMA [IF NOT EXISTS] name}. */
public final class SqlCreateSchemaStatement extends SqlCreate {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("CREATE SCHEMA", SqlKind.CREATE_SCHEMA);

    public final SqlIdentifier name;

    public SqlCreateSchemaStatement(SqlParserPos pos, boolean replace, boolean ifNotExists, SqlIdentifier name) {
        super(OPERATOR, pos, replace, ifNotExists);
        this.name = name;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(name);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("CREATE SCHEMA");
        if (ifNotExists) {
            writer.keyword("IF NOT EXISTS");
        }
        name.unparse(writer, 0, 0);
    }
}
