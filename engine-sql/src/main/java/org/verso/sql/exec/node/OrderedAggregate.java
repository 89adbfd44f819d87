package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * An aggregate whose call orders its input (LISTAGG ... WITHIN GROUP (ORDER BY ...), STRING_AGG(x, s ORDER BY y),
 * the percentiles): it keeps the group's input rows, sorts them when the result is asked for, and only then feeds
 * the wrapped accumulator each row's argument in that order. The sort is stable, so rows equal in the order keys
 * keep their input order.
 */
final class OrderedAggregate implements Accumulator {
    private final Accumulator inner;
    private final Comparator<Object[]> order;
    private final Function<Object[], Object> argument;
    private final List<Object[]> rows = new ArrayList<>();
    private boolean done;
    private Object result;

    OrderedAggregate(Accumulator inner, Comparator<Object[]> order, Function<Object[], Object> argument) {
        this.inner = inner;
        this.order = order;
        this.argument = argument;
    }

    /** {@code row} is a whole input row, which this accumulator keeps: the caller passes a copy. */
    @Override
    public void add(Object row) {
        rows.add((Object[]) row);
    }

    /** Sorts and feeds the rows the first time it is asked; a group's result is asked for once it is complete. */
    @Override
    public Object result() {
        if (!done) {
            rows.sort(order);
            for (Object[] row : rows) {
                inner.add(argument.apply(row));
            }
            rows.clear();
            result = inner.result();
            done = true;
        }
        return result;
    }
}
