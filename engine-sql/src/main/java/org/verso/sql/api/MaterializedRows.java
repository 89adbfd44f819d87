package org.verso.sql.api;

import java.util.List;

/**
 * Rows held in memory: catalog answers that need no statement, generated keys, and a query's rows read to the end
 * for a result set that scrolls. Besides reading forward, the position can be set to any row.
 */
public final class MaterializedRows implements ResultRows {
    private final List<ColumnMeta> columns;
    private final List<Object[]> rows;
    private int position = -1;
    private boolean closed;

    MaterializedRows(List<ColumnMeta> columns, List<Object[]> rows) {
        this.columns = columns;
        this.rows = rows;
    }

    @Override
    public List<ColumnMeta> columns() {
        return columns;
    }

    @Override
    public boolean next() {
        if (position < rows.size()) {
            position++;
        }
        return position < rows.size();
    }

    /** The number of rows. */
    public int size() {
        return rows.size();
    }

    /** Moves to row {@code index} (0-based), clamped to before the first (-1) or after the last ({@link #size}). */
    public void moveTo(long index) {
        position = (int) Math.max(-1, Math.min(rows.size(), index));
    }

    @Override
    public Object get(int index) {
        if (position < 0 || position >= rows.size()) {
            throw new IllegalStateException("no current row");
        }
        return rows.get(position)[index];
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
        position = rows.size();
    }
}
