package org.verso.jdbc;

import java.util.List;
import org.verso.sql.ColumnMeta;
import org.verso.sql.ResultRows;

/**
 * {@link ResultRows} over rows held in a list, so catalog result sets and other driver-made results share
 * {@link VersoResultSet} with query results. Values must be canonical engine values of the column types.
 */
final class ListRows implements ResultRows {
    private final List<ColumnMeta> columns;
    private final List<Object[]> rows;
    private int position = -1;

    ListRows(List<ColumnMeta> columns, List<Object[]> rows) {
        this.columns = List.copyOf(columns);
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
        return rows.get(position)[index];
    }

    @Override
    public void close() {
        position = rows.size();
    }
}
