package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.verso.common.ErrorCode;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * Window functions ({@code f(...) OVER (PARTITION BY ... ORDER BY ... frame)}). The input is read whole (a window
 * sees its partition before the first of its rows can be answered); each row gets one more column per function.
 * For each window the rows are sorted by partition and order keys and each partition is walked in that order:
 * ranking functions count rows and peers (rows equal in the order keys), and an aggregate gets the rows of its
 * frame, accumulated as the frame grows when it starts at the partition's first row. Rows come out in the order of
 * the last window.
 */
public final class WindowNode implements PlanNode {
    /** Where a frame starts or ends, relative to the current row. */
    public record Bound(Kind kind, long offset) {
        public enum Kind { UNBOUNDED_PRECEDING, PRECEDING, CURRENT_ROW, FOLLOWING, UNBOUNDED_FOLLOWING }
    }

    /** One function of a window, written to column {@code output} of the extended row. */
    public record Call(Function function, int[] arguments, AggregateFunction aggregate, int output) {
        public enum Function {
            ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE, LAG, LEAD, FIRST_VALUE, LAST_VALUE,
            NTH_VALUE, AGGREGATE
        }
    }

    /**
     * One window: {@code partition} columns, the {@code order} of rows inside a partition (null: none, every row a
     * peer of every other), the frame (in rows if {@code rows}, else in peers), and its calls.
     */
    public record Window(int[] partition, Comparator<Object[]> order, boolean rows, Bound lower, Bound upper,
                         List<Call> calls) {
    }

    private final PlanNode input;
    private final int width;
    private final Object[] constants;
    private final List<Window> windows;

    /**
     * @param width     the working row's width: the input's columns, then {@code constants}, then one per call;
     *                  the rows returned leave out the constants
     * @param constants the literals the calls' arguments may refer to, as columns after the input's
     */
    public WindowNode(PlanNode input, int width, Object[] constants, List<Window> windows) {
        this.input = input;
        this.width = width;
        this.constants = constants;
        this.windows = windows;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        List<Object[]> rows = new ArrayList<>();
        RowSource source = input.open(ctx);
        int inputWidth = -1;
        for (Object[] row = source.next(); row != null; row = source.next()) {
            ctx.checkCancelled();
            inputWidth = row.length;
            Object[] extended = Arrays.copyOf(row, width);
            System.arraycopy(constants, 0, extended, row.length, constants.length);
            rows.add(extended);
        }
        int columns = inputWidth;
        for (Window window : windows) {
            Comparator<Object[]> byPartition = partitionOrder(window.partition());
            rows.sort(window.order() == null ? byPartition : byPartition.thenComparing(window.order()));
            int start = 0;
            while (start < rows.size()) {
                int end = start + 1;
                while (end < rows.size() && byPartition.compare(rows.get(start), rows.get(end)) == 0) {
                    end++;
                }
                evaluate(window, rows.subList(start, end), ctx);
                start = end;
            }
        }
        return new RowSource() {
            private int next;

            /** The row without the constants: the input's columns, then the functions'. */
            @Override
            public Object[] next() {
                ctx.checkCancelled();
                if (next >= rows.size()) {
                    return null;
                }
                Object[] extended = rows.get(next++);
                Object[] row = new Object[width - constants.length];
                System.arraycopy(extended, 0, row, 0, columns);
                System.arraycopy(extended, columns + constants.length, row, columns, row.length - columns);
                return row;
            }
        };
    }

    private static Comparator<Object[]> partitionOrder(int[] columns) {
        boolean[] none = new boolean[columns.length];
        return new RowComparator(columns, none, none);
    }

    private static void evaluate(Window window, List<Object[]> partition, ExecContext ctx) {
        int n = partition.size();
        // peerEnd[i]: one past the last row that is a peer of row i (equal in the order keys)
        int[] peerStart = new int[n];
        int[] peerEnd = new int[n];
        for (int i = 0; i < n; i++) {
            peerStart[i] = i > 0 && isPeer(window, partition.get(i - 1), partition.get(i)) ? peerStart[i - 1] : i;
        }
        for (int i = n - 1; i >= 0; i--) {
            peerEnd[i] = i < n - 1 && isPeer(window, partition.get(i), partition.get(i + 1)) ? peerEnd[i + 1] : i + 1;
        }
        for (Call call : window.calls()) {
            ctx.checkCancelled();
            switch (call.function()) {
                case ROW_NUMBER -> {
                    for (int i = 0; i < n; i++) {
                        partition.get(i)[call.output()] = (long) i + 1;
                    }
                }
                case RANK -> {
                    for (int i = 0; i < n; i++) {
                        partition.get(i)[call.output()] = (long) peerStart[i] + 1;
                    }
                }
                case DENSE_RANK -> {
                    long rank = 0;
                    for (int i = 0; i < n; i++) {
                        rank += peerStart[i] == i ? 1 : 0;
                        partition.get(i)[call.output()] = rank;
                    }
                }
                case PERCENT_RANK -> {
                    for (int i = 0; i < n; i++) {
                        partition.get(i)[call.output()] = n == 1 ? 0.0 : (double) peerStart[i] / (n - 1);
                    }
                }
                case CUME_DIST -> {
                    for (int i = 0; i < n; i++) {
                        partition.get(i)[call.output()] = (double) peerEnd[i] / n;
                    }
                }
                case NTILE -> ntile(call, partition);
                case LAG, LEAD -> shift(call, partition, call.function() == Call.Function.LEAD);
                default -> frames(window, call, partition, peerStart, peerEnd);
            }
        }
    }

    private static boolean isPeer(Window window, Object[] a, Object[] b) {
        return window.order() == null || window.order().compare(a, b) == 0;
    }

    /**
     * NTILE(k): the partition's rows, in order, cut into k buckets numbered from 1 whose sizes differ by at most one,
     * the larger first (PostgreSQL's rule). A NULL k gives NULL; k below 1 is 22014.
     */
    private static void ntile(Call call, List<Object[]> partition) {
        int n = partition.size();
        for (int i = 0; i < n; i++) {
            Object[] row = partition.get(i);
            Object buckets = row[call.arguments()[0]];
            if (buckets == null) {
                row[call.output()] = null;
                continue;
            }
            long k = ((Number) buckets).longValue();
            if (k < 1) {
                throw ErrorCode.INVALID_NTILE_ARGUMENT.exception(buckets);
            }
            long size = n / k;
            long larger = n % k; // the first buckets hold one row more
            long bucket = i < larger * (size + 1) ? i / (size + 1) : larger + (i - larger * (size + 1)) / size;
            row[call.output()] = bucket + 1;
        }
    }

    /** LAG and LEAD: the value {@code offset} rows before (after), or the default (NULL if none is given). */
    private static void shift(Call call, List<Object[]> partition, boolean lead) {
        int[] args = call.arguments();
        for (int i = 0; i < partition.size(); i++) {
            Object[] row = partition.get(i);
            long offset = args.length > 1 ? ((Number) row[args[1]]).longValue() : 1;
            long at = lead ? i + offset : i - offset;
            row[call.output()] = at >= 0 && at < partition.size() ? partition.get((int) at)[args[0]]
                : args.length > 2 ? row[args[2]] : null;
        }
    }

    /** FIRST_VALUE, LAST_VALUE and the aggregates over each row's frame. */
    private static void frames(Window window, Call call, List<Object[]> partition, int[] peerStart, int[] peerEnd) {
        int n = partition.size();
        boolean running = window.lower().kind() == Bound.Kind.UNBOUNDED_PRECEDING;
        Accumulator accumulator = null;
        int added = 0;
        for (int i = 0; i < n; i++) {
            int from = Math.max(0, edge(window, window.lower(), i, n, peerStart, peerEnd, true));
            int to = Math.min(n, edge(window, window.upper(), i, n, peerStart, peerEnd, false));
            Object value;
            if (call.function() == Call.Function.FIRST_VALUE) {
                value = from < to ? partition.get(from)[call.arguments()[0]] : null;
            } else if (call.function() == Call.Function.LAST_VALUE) {
                value = from < to ? partition.get(to - 1)[call.arguments()[0]] : null;
            } else if (call.function() == Call.Function.NTH_VALUE) {
                Object nth = partition.get(i)[call.arguments()[1]];
                if (nth != null && ((Number) nth).longValue() < 1) {
                    throw ErrorCode.INVALID_NTH_VALUE_ARGUMENT.exception(nth);
                }
                long at = nth == null ? Long.MAX_VALUE : from + ((Number) nth).longValue() - 1;
                value = at < to ? partition.get((int) at)[call.arguments()[0]] : null;
            } else if (running && to >= added) {
                // a frame from the partition's first row only grows: add the rows it gained
                if (accumulator == null) {
                    accumulator = call.aggregate().newAccumulator();
                }
                for (; added < to; added++) {
                    accumulator.add(argument(call, partition.get(added)));
                }
                value = accumulator.result();
            } else {
                Accumulator fresh = call.aggregate().newAccumulator();
                for (int j = from; j < to; j++) {
                    fresh.add(argument(call, partition.get(j)));
                }
                value = fresh.result();
            }
            partition.get(i)[call.output()] = value;
        }
    }

    /** COUNT(*) has no argument: every row counts. */
    private static Object argument(Call call, Object[] row) {
        return call.arguments().length == 0 ? Boolean.TRUE : row[call.arguments()[0]];
    }

    /** The index of the frame's first row ({@code lower}) or one past its last row, for row {@code i}. */
    private static int edge(Window window, Bound bound, int i, int n, int[] peerStart, int[] peerEnd,
                            boolean lower) {
        return switch (bound.kind()) {
            case UNBOUNDED_PRECEDING -> 0;
            case UNBOUNDED_FOLLOWING -> n;
            case CURRENT_ROW -> window.rows() ? (lower ? i : i + 1) : (lower ? peerStart[i] : peerEnd[i]);
            case PRECEDING -> (int) Math.max(Integer.MIN_VALUE, i - bound.offset()) + (lower ? 0 : 1);
            case FOLLOWING -> (int) Math.min(Integer.MAX_VALUE, i + bound.offset()) + (lower ? 0 : 1);
        };
    }
}
