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
        return new CursorSource(ctx.readable(table).scan(ctx.transaction()));
    }

    @Override
    public boolean preservesRowId() {
        return true;
    }

    /** Adapts an engine-core cursor; shared with the key lookup. */
    static final class CursorSource implements RowSource {
        private final RowCursor cursor;

        CursorSource(RowCursor cursor) {
            this.cursor = cursor;
        }

        @Override
        public Object[] next() {
            return cursor.next() ? cursor.row() : null;
        }

        @Override
        public long rowId() {
            return cursor.rowId();
        }
    }
}
