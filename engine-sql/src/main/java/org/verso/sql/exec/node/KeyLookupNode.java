package org.verso.sql.exec.node;

import org.verso.common.VersoException;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;
import org.verso.sql.type.ValueConverter;
import org.verso.common.type.DataType;

/**
 * The row with a given primary key, through {@code Table.lookup}. The key values are literals or parameters,
 * evaluated when the node opens and converted to the key columns' classes (an Integer key column must not be
 * probed with a Long).
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
            Object value = keys[i].eval(null, ctx);
            if (value == null) {
                return EMPTY; // key = NULL is never true
            }
            try {
                key[i] = ValueConverter.canonical(value, keyTypes[i]);
            } catch (VersoException e) {
                return EMPTY; // a value the key column cannot hold (out of range) matches no row
            }
        }
        return new TableScanNode.CursorSource(ctx.table(table).lookup(ctx.transaction(), key));
    }

    @Override
    public boolean preservesRowId() {
        return true;
    }
}
