package org.verso.sql.api;

import java.util.List;

/** A query result held in memory (catalog answers that need no statement). */
final class MaterializedRows implements ResultRows {
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
