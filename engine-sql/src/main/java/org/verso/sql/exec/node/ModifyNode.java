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
    // Whether the input reads the table once, so that it can be run again for one row (READ COMMITTED's recheck).
    private final boolean recheckable;

    /** Whether the input reads the target table once; a subquery that reads it too makes it false. */
    protected final boolean readsTableOnce() {
        return recheckable;
    }

    ModifyNode(String table, PlanNode input, boolean recheckable) {
        this.table = table;
        this.input = input;
        this.recheckable = recheckable;
    }

    /**
     * The input row the statement would produce for row {@code rowId} with its newest committed values
     * {@code newest}, or null if the row no longer qualifies: the input plan run again with the table's scan
     * yielding just that row. Only called when {@link #rechecks} holds: the input reads the table once; a plan that
     * read it twice (a self-join) would not mean the statement for one row, and its write fails with 40001 instead.
     */
    protected final Object[] recheckInput(ExecContext ctx, long rowId, Object[] newest) {
        return input.open(ctx.recheck(table, rowId, newest)).next();
    }

    /**
     * Whether writes of this execution re-evaluate rows changed concurrently: the transaction follows concurrent
     * updates (READ COMMITTED) and the input can be run again for one row. Otherwise no recheck is built per row.
     */
    protected final boolean rechecks(ExecContext ctx) {
        return recheckable && ctx.transaction().control().followsConcurrentUpdates();
    }

    @Override
    public final RowSource open(ExecContext ctx) {
        return new TableScanNode.SingleRow(new Object[] {apply(ctx)}, -1);
    }

    /** Applies the change and returns the number of rows changed. */
    protected abstract long apply(ExecContext ctx);
}
