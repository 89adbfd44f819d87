package org.verso.sql.exec.node;

import org.verso.common.type.ValueOrder;
import org.verso.common.type.Values;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;
import org.verso.common.type.DataType;

/**
 * The row with a given primary key, through {@code Table.lookup}. The key values are literals or parameters,
 * evaluated when the node opens and converted exactly to the key columns' types ({@link Values#exactKey}: an
 * Integer key column must not be probed with a Long, and 1.5 matches no INTEGER key).
 */
public final class KeyLookupNode implements PlanNode {
    private final String table;
    private final Expr[] keys;
    private final DataType[] keyTypes;

    public KeyLookupNode(String table, Expr[] keys, DataType[] keyTypes) {
        this.table = table;
        this.keys = keys;
        this.keyTypes = keyTypes;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        Object[] key = ExactKeys.evaluate(keys, keyTypes, ctx);
        if (key == null) {
            return ExactKeys.EMPTY;
        }
        Object[] rechecked = ctx.recheckRow(table);
        if (rechecked != null) {
            int[] keyColumns = ctx.table(table).definition().primaryKey();
            for (int i = 0; i < key.length; i++) {
                if (rechecked[keyColumns[i]] == null || ValueOrder.compare(rechecked[keyColumns[i]], key[i]) != 0) {
                    return ExactKeys.EMPTY; // the newest version has another key
                }
            }
            return new TableScanNode.SingleRow(rechecked, ctx.recheckRowId());
        }
        return new TableScanNode.CursorSource(ctx.table(table).lookup(ctx.transaction(), key), ctx);
    }

    @Override
    public boolean preservesRowId() {
        return true;
    }
}
