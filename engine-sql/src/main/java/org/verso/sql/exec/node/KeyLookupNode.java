package org.verso.sql.exec.node;

import java.util.Optional;
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
    private static final RowSource EMPTY = () -> null;

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
        Object[] key = new Object[keys.length];
        for (int i = 0; i < keys.length; i++) {
            // key = NULL is never true, and a value the key column cannot hold exactly matches no row
            Optional<Object> exact = Values.exactKey(keys[i].eval(null, ctx), keyTypes[i]);
            if (exact.isEmpty()) {
                return EMPTY;
            }
            key[i] = exact.get();
        }
        Object[] rechecked = ctx.recheckRow(table);
        if (rechecked != null) {
            int[] keyColumns = ctx.table(table).definition().primaryKey();
            for (int i = 0; i < key.length; i++) {
                if (rechecked[keyColumns[i]] == null || ValueOrder.compare(rechecked[keyColumns[i]], key[i]) != 0) {
                    return EMPTY; // the newest version has another key
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
