package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.verso.common.ErrorCode;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;

/**
 * ORDER BY with optional OFFSET and LIMIT (FETCH). Offset and limit are literals or parameters evaluated when the
 * node opens. Without an order it streams; with one it reads the whole input first, keeping only the first
 * offset + limit rows when that number is small.
 */
public final class SortNode implements PlanNode {
    /** Up to this many rows (offset + limit), keep only the best rows instead of sorting the whole input. */
    private static final long TOP_N_THRESHOLD = 10_000;

    private final PlanNode input;
    private final Comparator<Object[]> order;
    private final Expr offset;
    private final Expr fetch;

    /** {@code order}, {@code offset} and {@code fetch} may each be null. */
    public SortNode(PlanNode input, Comparator<Object[]> order, Expr offset, Expr fetch) {
        this.input = input;
        this.order = order;
        this.offset = offset;
        this.fetch = fetch;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        long skip = bound(offset, ctx, 0);
        long limit = bound(fetch, ctx, Long.MAX_VALUE);
        RowSource source = order == null ? input.open(ctx) : sorted(input.open(ctx), saturatedAdd(skip, limit), ctx);
        return new RowSource() {
            private long skipped;
            private long returned;

            @Override
            public Object[] next() {
                while (skipped < skip) {
                    ctx.checkCancelled();
                    if (source.next() == null) {
                        return null;
                    }
                    skipped++;
                }
                if (returned >= limit) {
                    return null;
                }
                Object[] row = source.next();
                if (row != null) {
                    returned++;
                }
                return row;
            }

            @Override
            public long rowId() {
                return source.rowId();
            }
        };
    }

    /** Sorting keeps each row's table row id when the input has one (for SELECT ... ORDER BY ... FOR UPDATE). */
    @Override
    public boolean preservesRowId() {
        return input.preservesRowId();
    }

    /** The input in order; only the first {@code needed} rows are kept (a bounded heap for ORDER BY ... LIMIT). */
    private RowSource sorted(RowSource source, long needed, ExecContext ctx) {
        // With row ids, each kept row carries its id as one extra trailing value, which the order never reads.
        boolean withRowIds = input.preservesRowId();
        List<Object[]> rows;
        if (needed < TOP_N_THRESHOLD) {
            PriorityQueue<Object[]> top = new PriorityQueue<>((int) needed + 1, order.reversed());
            for (Object[] row = source.next(); row != null; row = source.next()) {
                ctx.checkCancelled();
                top.add(withRowIds ? withRowId(row, source.rowId()) : row);
                if (top.size() > needed) {
                    top.poll();
                }
            }
            rows = new ArrayList<>(top);
        } else {
            rows = new ArrayList<>();
            for (Object[] row = source.next(); row != null; row = source.next()) {
                ctx.checkCancelled();
                rows.add(withRowIds ? withRowId(row, source.rowId()) : row);
            }
        }
        rows.sort(order);
        return new RowSource() {
            private int next;
            private Object[] current;

            @Override
            public Object[] next() {
                ctx.checkCancelled();
                current = next < rows.size() ? rows.get(next++) : null;
                return current == null || !withRowIds ? current : Arrays.copyOf(current, current.length - 1);
            }

            @Override
            public long rowId() {
                return (Long) current[current.length - 1];
            }
        };
    }

    private static Object[] withRowId(Object[] row, long rowId) {
        Object[] carried = Arrays.copyOf(row, row.length + 1);
        carried[row.length] = rowId;
        return carried;
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long bound(Expr expr, ExecContext ctx, long absent) {
        if (expr == null) {
            return absent;
        }
        Object value = expr.eval(null, ctx);
        if (value == null) {
            return absent;
        }
        long n = ((Number) value).longValue();
        if (n < 0) {
            throw ErrorCode.INVALID_ROW_COUNT.exception(n);
        }
        return n;
    }
}
