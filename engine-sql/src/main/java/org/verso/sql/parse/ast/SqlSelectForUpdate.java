package org.verso.sql.parse.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.verso.core.table.LockWait;

/**
 * {@code query FOR UPDATE [NOWAIT | SKIP LOCKED]}: a query whose rows the transaction means to change. The compiler
 * unwraps it before validation and carries the lock request, with what to do about rows another transaction is
 * writing ({@link #wait}), into the plan.
 */
public final class SqlSelectForUpdate extends SqlCall {
    private static final SqlOperator OPERATOR = VersoSqlNodes.operator("FOR UPDATE", SqlKind.OTHER);

    public final SqlNode query;
    public final LockWait wait;

    public SqlSelectForUpdate(SqlParserPos pos, SqlNode query, LockWait wait) {
        super(pos);
        this.query = query;
        this.wait = wait;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(query);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        query.unparse(writer, 0, 0);
        writer.keyword("FOR UPDATE");
        if (wait != LockWait.WAIT) {
            writer.keyword(wait == LockWait.NOWAIT ? "NOWAIT" : "SKIP LOCKED");
        }
    }
}
