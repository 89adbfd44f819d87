package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCreate;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code CREATE TABLE [IF NOT EXISTS] name AS query}: a table with the query's columns, filled with its rows.
 * PostgreSQL's {@code WITH [NO] DATA} is not taken: after a query ending in {@code UNNEST(...)} its WITH would be
 * ambiguous with {@code WITH ORDINALITY}; {@code AS query WHERE FALSE} copies the columns alone.
 */
public final class SqlCreateTableAsStatement extends SqlCreate {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("CREATE TABLE", SqlKind.CREATE_TABLE);

    public final SqlIdentifier name;
    public final SqlNode query;

    public SqlCreateTableAsStatement(SqlParserPos pos, boolean ifNotExists, SqlIdentifier name, SqlNode query) {
        super(OPERATOR, pos, false, ifNotExists);
        this.name = name;
        this.query = query;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(name, query);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("CREATE TABLE");
        if (ifNotExists) {
            writer.keyword("IF NOT EXISTS");
        }
        name.unparse(writer, 0, 0);
        writer.keyword("AS");
        query.unparse(writer, 0, 0);
    }
}
