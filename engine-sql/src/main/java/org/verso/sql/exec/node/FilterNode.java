package org.verso.sql.exec.node;

import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;

/** Rows of the input for which the condition is TRUE (not FALSE, not UNKNOWN). */
public final class FilterNode implements PlanNode {
    private final PlanNode input;
    private final Expr condition;

    public FilterNode(PlanNode input, Expr condition) {
        this.input = input;
        this.condition = condition;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        RowSource source = input.open(ctx);
        return new RowSource() {
            @Override
            public Object[] next() {
                for (Object[] row = source.next(); row != null; row = source.next()) {
                    ctx.checkCancelled();
                    if (Boolean.TRUE.equals(condition.eval(row, ctx))) {
                        return row;
                    }
                }
                return null;
            }

            @Override
            public long rowId() {
                return source.rowId();
            }
        };
    }

    @Override
    public boolean preservesRowId() {
        return input.preservesRowId();
    }
}
