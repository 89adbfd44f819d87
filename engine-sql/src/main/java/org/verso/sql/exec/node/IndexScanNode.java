package org.verso.sql.exec.node;

import java.util.Arrays;
import java.util.Optional;
import org.verso.common.type.DataType;
import org.verso.common.type.Values;
import org.verso.core.table.IndexRange;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;

/**
 * The rows of a key range of one index, through {@code Table.scan}: the key starts with the {@code prefix} values
 * and its next column lies between {@code low} and {@code high} (each optional). Values are evaluated when the node
 * opens and converted exactly to the key columns' types; an equal value the column cannot hold matches no row, and
 * a bound it cannot hold exactly is left open. Rows come in key order, or reverse key order if {@code descending}.
 * A filter above re-checks the whole condition, so an open bound only
 * reads more. An UPDATE reads all its input before its first write, so a row whose key it moves ahead of the scan is
 * not met again.
 */
public final class IndexScanNode implements PlanNode {
    /** One end of the range on the key column after the prefix. */
    public record Bound(Expr value, boolean inclusive) {
    }

    private final String table;
    private final String index;
    private final Expr[] prefix;
    private final DataType[] keyTypes;
    private final Bound low;
    private final Bound high;
    private final boolean descending;

    /** @param keyTypes the types of the index's key columns, at least {@code prefix.length + 1} if a bound is set */
    public IndexScanNode(String table, String index, Expr[] prefix, DataType[] keyTypes, Bound low, Bound high,
                         boolean descending) {
        this.table = table;
        this.index = index;
        this.prefix = prefix;
        this.keyTypes = keyTypes;
        this.low = low;
        this.high = high;
        this.descending = descending;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        Object[] rechecked = ctx.recheckRow(table);
        if (rechecked != null) {
            return new TableScanNode.SingleRow(rechecked, ctx.recheckRowId()); // the filter above decides
        }
        Object[] key = ExactKeys.evaluate(prefix, keyTypes, ctx);
        if (key == null) {
            return ExactKeys.EMPTY;
        }
        Object[] lowKey = boundKey(low, key, ctx);
        Object[] highKey = boundKey(high, key, ctx);
        if (lowKey == null || highKey == null) {
            return ExactKeys.EMPTY; // a comparison with NULL is never true
        }
        IndexRange range = new IndexRange(lowKey.length == 0 ? null : lowKey, lowKey == key || low.inclusive(),
            highKey.length == 0 ? null : highKey, highKey == key || high.inclusive());
        return new TableScanNode.CursorSource(ctx.table(table).scan(ctx.transaction(), index, range, descending), ctx);
    }

    /**
     * One end of the range: the prefix followed by the bound's value; the prefix itself (that end left open) if
     * there is no bound or the key column cannot hold its value exactly; null if the value is NULL.
     */
    private Object[] boundKey(Bound bound, Object[] prefixKey, ExecContext ctx) {
        if (bound == null) {
            return prefixKey;
        }
        Object value = bound.value().eval(null, ctx);
        if (value == null) {
            return null;
        }
        Optional<Object> exact = Values.exactKey(value, keyTypes[prefixKey.length]);
        if (exact.isEmpty()) {
            return prefixKey;
        }
        Object[] key = Arrays.copyOf(prefixKey, prefixKey.length + 1);
        key[prefixKey.length] = exact.get();
        return key;
    }

    @Override
    public boolean preservesRowId() {
        return true;
    }
}
