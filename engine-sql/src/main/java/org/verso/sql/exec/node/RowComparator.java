package org.verso.sql.exec.node;

import org.verso.common.type.ValueOrder;
import java.util.Comparator;

/** Orders rows by a list of columns, each ascending or descending, with nulls first or last. */
public final class RowComparator implements Comparator<Object[]> {
    private final int[] fields;
    private final boolean[] descending;
    private final boolean[] nullsFirst;

    public RowComparator(int[] fields, boolean[] descending, boolean[] nullsFirst) {
        this.fields = fields;
        this.descending = descending;
        this.nullsFirst = nullsFirst;
    }

    @Override
    public int compare(Object[] a, Object[] b) {
        for (int i = 0; i < fields.length; i++) {
            Object x = a[fields[i]];
            Object y = b[fields[i]];
            int c;
            if (x == null || y == null) {
                if (x == y) {
                    continue;
                }
                // The null position is absolute: it does not flip with DESC.
                return (x == null) == nullsFirst[i] ? -1 : 1;
            }
            c = ValueOrder.compare(x, y);
            if (c != 0) {
                return descending[i] ? -c : c;
            }
        }
        return 0;
    }
}
