package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.List;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.RowSource;

/** Row helpers shared by the join and change operators. */
final class Rows {
    private Rows() {
    }

    /** The left row's values followed by the right row's. */
    static Object[] concat(Object[] left, Object[] right) {
        Object[] row = new Object[left.length + right.length];
        System.arraycopy(left, 0, row, 0, left.length);
        System.arraycopy(right, 0, row, left.length, right.length);
        return row;
    }

    /** Reads all of {@code source} (rows and row ids) now and returns it again from memory. */
    static RowSource buffered(RowSource source, ExecContext ctx) {
        List<Object[]> rows = new ArrayList<>();
        List<Long> rowIds = new ArrayList<>();
        for (Object[] row = source.next(); row != null; row = source.next()) {
            ctx.checkCancelled();
            rows.add(row);
            rowIds.add(source.rowId());
        }
        return new RowSource() {
            private int next;

            @Override
            public Object[] next() {
                return next < rows.size() ? rows.get(next++) : null;
            }

            @Override
            public long rowId() {
                return rowIds.get(next - 1);
            }
        };
    }
}
