package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/**
 * H2's {@code MERGE INTO table [(column, ...)] [KEY (column, ...)] {VALUES ... | query}}: each row updates the row
 * with its KEY columns' values (the primary key's when KEY is left out), or is inserted if there is none. Planned
 * as the INSERT ... ON CONFLICT (key) DO UPDATE of every other column it gives.
 */
public final class SqlMergeByKey extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("MERGE BY KEY", SqlKind.OTHER);

    public final SqlIdentifier table;
    /** The columns the rows give, or null for all of them. */
    public final SqlNodeList columns;
    /** The KEY columns, or null for the primary key. */
    public final SqlNodeList key;
    /** VALUES or a query. */
    public final SqlNode source;

    public SqlMergeByKey(SqlParserPos pos, SqlIdentifier table, SqlNodeList columns, SqlNodeList key, SqlNode source) {
        super(pos);
        this.table = table;
        this.columns = columns;
        this.key = key;
        this.source = source;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(table, columns, key, source);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("MERGE INTO");
        table.unparse(writer, 0, 0);
        if (columns != null) {
            VersoSqlNodes.list(writer, columns);
        }
        if (key != null) {
            writer.keyword("KEY");
            VersoSqlNodes.list(writer, key);
        }
        source.unparse(writer, 0, 0);
    }
}
