package org.verso.sql.exec.node;

import java.util.Optional;
import org.verso.common.type.DataType;
import org.verso.common.type.Values;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;

/**
 * Key values of the index operators (key lookup, index range scan, index join), evaluated when the operator opens
 * or, in an index join, for each outer row.
 */
final class ExactKeys {
    /** The rows of a key that matches nothing. */
    static final RowSource EMPTY = () -> null;

    private ExactKeys() {
    }

    /**
     * {@code values} evaluated and converted exactly to the key columns' {@code types} ({@link Values#exactKey}), or
     * null if one matches no row: key = NULL is never true, and a value the column cannot hold equals nothing in it.
     */
    static Object[] evaluate(Expr[] values, DataType[] types, ExecContext ctx) {
        return evaluate(values, types, null, ctx);
    }

    /** As {@link #evaluate(Expr[], DataType[], ExecContext)}, the values reading {@code row} (an outer row). */
    static Object[] evaluate(Expr[] values, DataType[] types, Object[] row, ExecContext ctx) {
        Object[] key = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            Optional<Object> exact = Values.exactKey(values[i].eval(row, ctx), types[i]);
            if (exact.isEmpty()) {
                return null;
            }
            key[i] = exact.get();
        }
        return key;
    }
}
