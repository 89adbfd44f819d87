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
 * {@code CREATE TABLE [IF NOT EXISTS] name AS query [WITH [NO] DATA]}: a table with the query's columns, filled with
 * its rows unless {@code WITH NO DATA} says to copy the columns alone. A query that ends in {@code UNNEST(...)} takes
 * a following WITH for its own {@code WITH ORDINALITY}: put such a query in parentheses before {@code WITH NO DATA}.
 */
public final class SqlCreateTableAsStatement extends SqlCreate {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("CREATE TABLE", SqlKind.CREATE_TABLE);

    public final SqlIdentifier name;
    public final SqlNode query;
    /** False for {@code WITH NO DATA}: the table gets the query's columns and no rows. */
    public final boolean withData;

    public SqlCreateTableAsStatement(SqlParserPos pos, boolean ifNotExists, SqlIdentifier name, SqlNode query,
                                     boolean withData) {
        super(OPERATOR, pos, false, ifNotExists);
        this.name = name;
        this.query = query;
        this.withData = withData;
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
        if (!withData) {
            writer.keyword("WITH NO DATA");
        }
    }
}
