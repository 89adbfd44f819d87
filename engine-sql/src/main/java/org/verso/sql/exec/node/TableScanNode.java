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
        return new CursorSource(ctx.readable(table).scan(ctx.transaction()), ctx);
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
