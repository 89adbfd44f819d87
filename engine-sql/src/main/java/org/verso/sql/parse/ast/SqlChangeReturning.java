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
 * {@code INSERT}, {@code UPDATE} or {@code DELETE ... RETURNING column, ...} or {@code RETURNING *}, PostgreSQL's:
 * the statement returns those columns of the rows it stored (a DELETE, of the rows it removed), collected as JDBC's
 * generated keys are, instead of an update count.
 */
public final class SqlChangeReturning extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("RETURNING", SqlKind.OTHER);

    public final SqlNode change;
    /** The columns, or null for {@code *}. */
    public final SqlNodeList columns;

    public SqlChangeReturning(SqlParserPos pos, SqlNode change, SqlNodeList columns) {
        super(pos);
        this.change = change;
        this.columns = columns;
    }

    /** The columns to return, as the generated keys the change collects. */
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
        return ImmutableNullableList.of(change, columns);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        change.unparse(writer, 0, 0);
        writer.keyword("RETURNING");
        if (columns == null) {
            writer.print("*");
        } else {
            VersoSqlNodes.list(writer, columns);
        }
    }
}
