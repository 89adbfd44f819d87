package org.verso.sql.exec.node;

import java.util.HashMap;
import java.util.Map;
import org.verso.common.type.ValueOrder;

/**
 * MODE(x): the most frequent non-NULL value; of values equally frequent, the smallest, so that the answer does not
 * depend on the order rows arrive in (PostgreSQL's mode() takes the first in its ORDER BY). No value gives NULL.
 */
final class ModeAggregate implements Accumulator {
    private final Map<Object, Tally> tallies = new HashMap<>();

    private static final class Tally {
        final Object value;
        long count;

        Tally(Object value) {
            this.value = value;
        }
    }

    @Override
    public void add(Object value) {
        if (value != null) {
            tallies.computeIfAbsent(ValueOrder.hashKey(value), k -> new Tally(value)).count++;
        }
    }

    @Override
    public Object result() {
        Tally best = null;
        for (Tally tally : tallies.values()) {
            if (best == null || tally.count > best.count
                || tally.count == best.count && ValueOrder.compare(tally.value, best.value) < 0) {
                best = tally;
            }
        }
        return best == null ? null : best.value;
    }
}
