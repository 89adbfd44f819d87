package org.verso.sql.prepare;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Gives {@code generate_series(...)} in FROM PostgreSQL's two conventions before validation: it is LATERAL
 * without saying so, so its arguments may read the columns of the FROM items before it ({@code FROM t,
 * generate_series(1, t.n)}); and an alias without a column list names its one column as well
 * ({@code SELECT g FROM generate_series(1, 3) AS g}).
 */
final class SeriesCalls {
    private SeriesCalls() {
    }

    /** Rewrites the FROM items of every query in {@code statement}, in place. */
    static void rewrite(SqlNode statement) {
        statement.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlSelect select && select.getFrom() != null) {
                    select.setFrom(item(select.getFrom()));
                } else if (call instanceof SqlJoin join) {
                    join.setLeft(item(join.getLeft()));
                    join.setRight(item(join.getRight()));
                }
                return super.visit(call);
            }
        });
    }

    private static SqlNode item(SqlNode item) {
        if (isSeries(item)) {
            bind(item);
        }
        if (item.getKind() != SqlKind.LATERAL && isSeries(item)) {
            return SqlStdOperatorTable.LATERAL.createCall(item.getParserPosition(), item);
        }
        if (item.getKind() == SqlKind.AS && isSeries(((SqlCall) item).operand(0))) {
            SqlCall as = (SqlCall) item;
            bind(as.operand(0));
            SqlNode call = as.operand(0);
            SqlNode alias = as.operand(1);
            SqlNode series = call.getKind() == SqlKind.LATERAL ? call
                : SqlStdOperatorTable.LATERAL.createCall(call.getParserPosition(), call);
            if (as.operandCount() == 2) {
                return SqlStdOperatorTable.AS.createCall(as.getParserPosition(), series, alias, alias);
            }
            as.setOperand(0, series);
        }
        return item;
    }

    /**
     * The function of a call of generate_series in FROM, bound to its operator now rather than by name during
     * validation, so that the validator infers the type of a parameter among its arguments from the others.
     */
    private static void bind(SqlNode item) {
        SqlNode table = item.getKind() == SqlKind.LATERAL ? ((SqlCall) item).operand(0) : item;
        if (((SqlCall) table).operand(0) instanceof SqlBasicCall function) {
            function.setOperator(VersoOperators.GENERATE_SERIES);
        }
    }

    /** A call of generate_series in FROM, LATERAL or not. */
    private static boolean isSeries(SqlNode item) {
        SqlNode table = item.getKind() == SqlKind.LATERAL ? ((SqlCall) item).operand(0) : item;
        return table.getKind() == SqlKind.COLLECTION_TABLE && ((SqlCall) table).operand(0) instanceof SqlCall function
            && function.getOperator().getName().equalsIgnoreCase(VersoOperators.GENERATE_SERIES.getName());
    }
}
