package org.verso.sql.exec.node;

import org.verso.common.type.DataType;
import org.verso.core.table.IndexRange;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;

/**
 * Index nested-loop join: for each outer row, the key values are evaluated on it and converted exactly to the key
 * columns' types, and the table rows whose key in the index starts with them are read through {@code Table.scan};
 * each outer row followed by such a table row is returned if {@code condition} holds for it. A key value that is
 * NULL, or that the column cannot hold, matches nothing. Streams: only the current outer row's probe is open.
 */
public final class IndexJoinNode implements PlanNode {
    private final PlanNode outer;
    private final String table;
    private final String index;
    private final Expr[] keys;
    private final DataType[] keyTypes;
    private final Expr condition;

    public IndexJoinNode(PlanNode outer, String table, String index, Expr[] keys, DataType[] keyTypes,
                         Expr condition) {
        this.outer = outer;
        this.table = table;
        this.index = index;
        this.keys = keys;
        this.keyTypes = keyTypes;
        this.condition = condition;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        RowSource outerRows = outer.open(ctx);
        return new RowSource() {
            private Object[] outerRow;
            private RowSource probe = ExactKeys.EMPTY;

            @Override
            public Object[] next() {
                while (true) {
                    ctx.checkCancelled();
                    Object[] inner = probe.next();
                    if (inner != null) {
                        Object[] joined = Rows.concat(outerRow, inner);
                        if (Boolean.TRUE.equals(condition.eval(joined, ctx))) {
                            return joined;
                        }
                        continue;
                    }
                    outerRow = outerRows.next();
                    if (outerRow == null) {
                        return null;
                    }
                    probe = probe(outerRow, ctx);
                }
            }

            @Override
            public long rowId() {
                return outerRows.rowId();
            }
        };
    }

    /** The outer row's identity: every row returned has one. */
    @Override
    public boolean preservesRowId() {
        return outer.preservesRowId();
    }

    private RowSource probe(Object[] outerRow, ExecContext ctx) {
        Object[] rechecked = ctx.recheckRow(table);
        if (rechecked != null) {
            return new TableScanNode.SingleRow(rechecked, ctx.recheckRowId()); // the condition decides
        }
        Object[] key = ExactKeys.evaluate(keys, keyTypes, outerRow, ctx);
        if (key == null) {
            return ExactKeys.EMPTY;
        }
        IndexRange range = new IndexRange(key, true, key, true);
        return new TableScanNode.CursorSource(ctx.table(table).scan(ctx.transaction(), index, range, false), ctx);
    }
}
