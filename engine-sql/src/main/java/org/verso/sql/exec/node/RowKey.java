package org.verso.sql.exec.node;

import java.util.Arrays;
import org.verso.common.type.ValueOrder;

/**
 * Values as a hash key for grouping, joins and duplicate removal, each in its {@link ValueOrder#hashKey} form:
 * numbers by value, not by class or scale, so 1, 1L and 1.00 are one group as SQL equality says, and binary
 * strings by content.
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
            values[i] = ValueOrder.hashKey(row[columns == null ? i : columns[i]]);
        }
        return new RowKey(values);
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
