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
import org.verso.sql.api.GeneratedKeys;

/**
 * {@code INSERT ... RETURNING column, ...} or {@code RETURNING *}, PostgreSQL's: the statement returns those columns
 * of the rows it stored, as JDBC's generated keys would, instead of an update count.
 */
public final class SqlInsertReturning extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("INSERT RETURNING", SqlKind.INSERT);

    public final SqlNode insert;
    /** The columns, or null for {@code *}. */
    public final SqlNodeList columns;

    public SqlInsertReturning(SqlParserPos pos, SqlNode insert, SqlNodeList columns) {
        super(pos);
        this.insert = insert;
        this.columns = columns;
    }

    /** The columns to return, as the generated keys the insert collects. */
    public GeneratedKeys keys() {
        if (columns == null) {
            return GeneratedKeys.allColumns();
        }
        return GeneratedKeys.names(columns.stream().map(c -> ((SqlIdentifier) c).getSimple()).toArray(String[]::new));
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(insert, columns);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        insert.unparse(writer, 0, 0);
        writer.keyword("RETURNING");
        if (columns == null) {
            writer.print("*");
        } else {
            VersoSqlNodes.list(writer, columns);
        }
    }
}
