package org.verso.sql.exec.constraint;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.StringJoiner;

/**
 * The values of some columns of a row as a hash key that compares as SQL equality does across column types: the
 * INTEGER 1 of a child row equals the BIGINT 1 and the DECIMAL 1.00 of its parent. A key with a NULL is
 * {@link #hasNull() incomplete}: it matches nothing (MATCH SIMPLE, and UNIQUE allows many NULLs).
 */
final class KeyValues {
    private final Object[] values;
    private final int hash;

    private KeyValues(Object[] values) {
        this.values = values;
        this.hash = Arrays.hashCode(values);
    }

    /** The key formed by {@code columns} of {@code row}. */
    static KeyValues of(Object[] row, int[] columns) {
        Object[] values = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
            values[i] = normalize(row[columns[i]]);
        }
        return new KeyValues(values);
    }

    private static Object normalize(Object value) {
        if (value instanceof BigDecimal d) {
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        }
        if (value instanceof Double || value instanceof Float) {
            double x = ((Number) value).doubleValue();
            return Double.isFinite(x) ? normalize(new BigDecimal(x)) : value;
        }
        if (value instanceof Number n) {
            return normalize(BigDecimal.valueOf(n.longValue()));
        }
        return value;
    }

    /** The key's values, normalised (numbers as BigDecimal), in the key's column order. */
    Object[] values() {
        return values.clone();
    }

    boolean hasNull() {
        for (Object v : values) {
            if (v == null) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyValues k && k.hash == hash && Arrays.equals(k.values, values);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** The key as messages show it: {@code (1, 'a')}. */
    @Override
    public String toString() {
        StringJoiner joined = new StringJoiner(", ", "(", ")");
        for (Object v : values) {
            joined.add(v instanceof String s ? "'" + s + "'" : String.valueOf(v));
        }
        return joined.toString();
    }
}
