package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCreate;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/** {@code CREATE [OR REPLACE] VIEW name [(column, ...)] AS query}. */
public final class SqlCreateViewStatement extends SqlCreate {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("CREATE VIEW", SqlKind.CREATE_VIEW);

    public final SqlIdentifier name;
    /** The view's column names, or null to take the query's. */
    public final SqlNodeList columns;
    public final SqlNode query;

    public SqlCreateViewStatement(SqlParserPos pos, boolean replace, SqlIdentifier name, SqlNodeList columns,
                                  SqlNode query) {
        super(OPERATOR, pos, replace, false);
        this.name = name;
        this.columns = columns;
        this.query = query;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(name, columns, query);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword(getReplace() ? "CREATE OR REPLACE VIEW" : "CREATE VIEW");
        name.unparse(writer, 0, 0);
        if (columns != null) {
            VersoSqlNodes.list(writer, columns);
        }
        writer.keyword("AS");
        query.unparse(writer, 0, 0);
    }
}
