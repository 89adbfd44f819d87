package org.verso.sql.exec.analyze;

import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * An operator of an EXPLAIN ANALYZE plan, measured: it counts the rows and opens of the operator it wraps and the
 * time spent in them into the execution's {@link PlanProfile}, at its slot.
 */
public final class ProfiledNode implements PlanNode {
    private final PlanNode operator;
    private final int slot;

    public ProfiledNode(PlanNode operator, int slot) {
        this.operator = operator;
        this.slot = slot;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        PlanProfile profile = ctx.profile();
        long start = System.nanoTime();
        RowSource source = operator.open(ctx);
        profile.opened(slot, System.nanoTime() - start);
        return new RowSource() {
            @Override
            public Object[] next() {
                long begin = System.nanoTime();
                Object[] row = source.next();
                profile.pulled(slot, row != null, System.nanoTime() - begin);
                return row;
            }

            @Override
            public long rowId() {
                return source.rowId();
            }
        };
    }

    @Override
    public boolean preservesRowId() {
        return operator.preservesRowId();
    }
}
