package org.verso.sql.exec.node;

import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;

/** One output row per input row, each column computed by an expression over the input row. */
public final class ProjectNode implements PlanNode {
    private final PlanNode input;
    private final Expr[] expressions;

    public ProjectNode(PlanNode input, Expr[] expressions) {
        this.input = input;
        this.expressions = expressions;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        RowSource source = input.open(ctx);
        return new RowSource() {
            @Override
            public Object[] next() {
                Object[] row = source.next();
                if (row == null) {
                    return null;
                }
                Object[] out = new Object[expressions.length];
                for (int i = 0; i < out.length; i++) {
                    out[i] = expressions[i].eval(row, ctx);
                }
                return out;
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
