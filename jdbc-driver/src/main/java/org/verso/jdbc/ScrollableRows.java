package org.verso.jdbc;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.api.ResultRows;

/**
 * The rows of a scroll-insensitive result set: a query's rows read to the end when it executes and held in memory,
 * so that the result set can move to any of them. Reading them all ends the query (with autocommit, its
 * transaction), so later changes, the session's own included, are not seen.
 */
final class ScrollableRows implements ResultRows {
    private final List<ColumnMeta> columns;
    private final List<Object[]> rows;
    /** The current row, 0-based; -1 before the first, {@code size()} after the last. */
    private int position = -1;
    private boolean closed;

    private ScrollableRows(List<ColumnMeta> columns, List<Object[]> rows) {
        this.columns = columns;
        this.rows = rows;
    }

    /** Reads {@code source} through {@code connection} (at most {@code maxRows} rows, 0 for all) and closes it. */
    static ScrollableRows read(ResultRows source, VersoConnection connection, long maxRows) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        try {
            int width = source.columns().size();
            while ((maxRows == 0 || rows.size() < maxRows) && connection.next(source)) {
                Object[] row = new Object[width];
                for (int i = 0; i < width; i++) {
                    row[i] = source.get(i);
                }
                rows.add(row);
            }
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        } finally {
            connection.close(source);
        }
        return new ScrollableRows(List.copyOf(source.columns()), rows);
    }

    int size() {
        return rows.size();
    }

    /** Moves to row {@code index} (0-based), clamped to before the first (-1) or after the last ({@code size()}). */
    void moveTo(long index) {
        position = (int) Math.max(-1, Math.min(rows.size(), index));
    }

    /** The current position: -1 before the first row, {@code size()} after the last. */
    int position() {
        return position;
    }

    @Override
    public List<ColumnMeta> columns() {
        return columns;
    }

    @Override
    public boolean next() {
        moveTo(position + 1L);
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
    }
}
