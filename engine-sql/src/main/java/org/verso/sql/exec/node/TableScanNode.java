package org.verso.sql.exec.node;

import org.verso.common.RowCursor;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/** Every row of a table the transaction sees, in table column order. */
public final class TableScanNode implements PlanNode {
    private final String table;

    public TableScanNode(String table) {
        this.table = table;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        Object[] rechecked = ctx.recheckRow(table);
        if (rechecked != null) {
            return new SingleRow(rechecked, ctx.recheckRowId());
        }
        return new CursorSource(ctx.readable(table).scan(ctx.transaction()), ctx);
    }

    /**
     * A source of one row: what a scan or key lookup yields while a statement is evaluated again for that row, and
     * the count a change operator returns.
     */
    static final class SingleRow implements RowSource {
        private final Object[] row;
        private final long rowId;
        private boolean done;

        SingleRow(Object[] row, long rowId) {
            this.row = row;
            this.rowId = rowId;
        }

        @Override
        public Object[] next() {
            if (done) {
                return null;
            }
            done = true;
            return row;
        }

        @Override
        public long rowId() {
            return rowId;
        }
    }

    @Override
    public boolean preservesRowId() {
        return true;
    }

    /** Adapts an engine-core cursor; shared with the key lookup. Checks the cancel flag for every row it reads. */
    static final class CursorSource implements RowSource {
        private final RowCursor cursor;
        private final ExecContext ctx;

        CursorSource(RowCursor cursor, ExecContext ctx) {
            this.cursor = cursor;
            this.ctx = ctx;
        }

        @Override
        public Object[] next() {
            ctx.checkCancelled();
            return cursor.next() ? cursor.row() : null;
        }

        @Override
        public long rowId() {
            return cursor.rowId();
        }
    }
}
