package org.verso.sql.exec.node;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * Values as a hash key for grouping and duplicate removal. DECIMALs are compared by value, not by scale, so 1.0
 * and 1.00 are one group, as SQL equality says.
 */
final class RowKey {
    private final Object[] values;
    private final int hash;

    private RowKey(Object[] values) {
        this.values = values;
        this.hash = Arrays.hashCode(values);
    }

    static RowKey of(Object[] row) {
        return ofColumns(row, null);
    }

    /** The key of the given columns of the row (all columns when {@code columns} is null). */
    static RowKey ofColumns(Object[] row, int[] columns) {
        int n = columns == null ? row.length : columns.length;
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            values[i] = normalize(row[columns == null ? i : columns[i]]);
        }
        return new RowKey(values);
    }

    static Object normalize(Object value) {
        if (value instanceof BigDecimal d) {
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        }
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowKey k && k.hash == hash && Arrays.equals(k.values, values);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
