package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.List;
import org.verso.common.type.DataType;
import org.verso.common.type.Values;

/**
 * PERCENTILE_CONT and PERCENTILE_DISC (f) WITHIN GROUP (ORDER BY x). The inputs arrive as (f, x) pairs in the
 * group's order; NULL values of x are skipped. DISC answers the first value whose position in that order reaches
 * the fraction f of the values; CONT interpolates linearly between the two values around position f * (n - 1), as
 * PostgreSQL does, in DOUBLE (the type Verso gives PERCENTILE_CONT). No value gives NULL.
 */
final class Percentile implements Accumulator {
    /** One input: the fraction asked for and one value of the ordered column. */
    record Fraction(Object fraction, Object value) {
    }

    private final DataType type;
    private final boolean continuous;
    private final List<Object> values = new ArrayList<>();
    private Object fraction;

    Percentile(DataType type, boolean continuous) {
        this.type = type;
        this.continuous = continuous;
    }

    @Override
    public void add(Object input) {
        Fraction pair = (Fraction) input;
        if (fraction == null) {
            fraction = pair.fraction();
        }
        if (pair.value() != null) {
            values.add(pair.value());
        }
    }

    @Override
    public Object result() {
        if (values.isEmpty() || fraction == null) {
            return null;
        }
        double f = ((Number) fraction).doubleValue(); // a literal from 0 to 1: the validator checks it
        int n = values.size();
        if (!continuous) {
            int at = Math.max(0, (int) Math.ceil(f * n) - 1);
            return Values.canonical(values.get(at), type);
        }
        double position = f * (n - 1);
        int below = (int) Math.floor(position);
        int above = (int) Math.ceil(position);
        double lo = ((Number) values.get(below)).doubleValue();
        double hi = ((Number) values.get(above)).doubleValue();
        return Values.canonical(lo + (hi - lo) * (position - below), type);
    }
}
