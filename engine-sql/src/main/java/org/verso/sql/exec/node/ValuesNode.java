package org.verso.sql.exec.node;

import java.util.List;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/** Constant rows (VALUES with literals only). */
public final class ValuesNode implements PlanNode {
    private final List<Object[]> rows;

    public ValuesNode(List<Object[]> rows) {
        this.rows = List.copyOf(rows);
    }

    @Override
    public RowSource open(ExecContext ctx) {
        return new RowSource() {
            private int next;

            @Override
            public Object[] next() {
                ctx.checkCancelled();
                return next < rows.size() ? rows.get(next++).clone() : null;
            }
        };
    }
}
