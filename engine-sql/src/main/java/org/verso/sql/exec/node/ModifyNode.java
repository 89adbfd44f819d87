package org.verso.sql.exec.node;

import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * Base of INSERT, UPDATE and DELETE: the work happens when the node opens, and the node returns one row holding
 * the number of rows changed (a BIGINT), as Calcite's TableModify row type says.
 */
abstract class ModifyNode implements PlanNode {
    protected final String table;
    protected final PlanNode input;

    ModifyNode(String table, PlanNode input) {
        this.table = table;
        this.input = input;
    }

    @Override
    public final RowSource open(ExecContext ctx) {
        Object[] result = {apply(ctx)};
        return new RowSource() {
            private boolean done;

            @Override
            public Object[] next() {
                if (done) {
                    return null;
                }
                done = true;
                return result;
            }
        };
    }

    /** Applies the change and returns the number of rows changed. */
    protected abstract long apply(ExecContext ctx);
}
