package org.verso.sql.exec.node;

import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * {@code SELECT ... FOR UPDATE}: passes its input's rows through and, for each, asks {@link RowLocks} to lock the
 * table row it came from for the transaction before the row is returned.
 */
public final class ForUpdateNode implements PlanNode {
    private final PlanNode input;
    private final String table;

    /** @param input a plan whose rows are rows of {@code table} ({@link PlanNode#preservesRowId()}) */
    public ForUpdateNode(PlanNode input, String table) {
        this.input = input;
        this.table = table;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        RowSource source = input.open(ctx);
        return new RowSource() {
            @Override
            public Object[] next() {
                Object[] row = source.next();
                if (row != null) {
                    RowLocks.lockForUpdate(ctx, table, source.rowId());
                }
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
        return true;
    }
}
