package org.verso.jdbc;

import org.verso.common.SqlState;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;
import org.verso.sql.api.ColumnMeta;

/** Describes the columns of a {@link VersoResultSet} or of a prepared query, from the engine's {@link ColumnMeta}. */
final class VersoResultSetMetaData implements ResultSetMetaData {
    private final List<ColumnMeta> columns;
    private final String schema;

    /** {@code schema}: the schema of the tables the columns come from ("" when unknown). */
    VersoResultSetMetaData(List<ColumnMeta> columns, String schema) {
        this.columns = List.copyOf(columns);
        this.schema = schema;
    }

    private ColumnMeta column(int column) throws SQLException {
        if (column < 1 || column > columns.size()) {
            throw SqlExceptions.create("column index " + column + " is out of range 1.." + columns.size(), SqlState.INVALID_DESCRIPTOR_INDEX);
        }
        return columns.get(column - 1);
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        return JdbcTypes.isCaseSensitive(column(column).type().kind());
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public int isNullable(int column) throws SQLException {
        return column(column).nullable() ? columnNullable : columnNoNulls;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return JdbcTypes.isSigned(column(column).type().kind());
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        return JdbcTypes.displaySize(column(column).type());
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return column(column).label();
    }

    /** The underlying table column's name when the result column is one, the label otherwise. */
    @Override
    public String getColumnName(int column) throws SQLException {
        ColumnMeta c = column(column);
        return c.columnName() != null ? c.columnName() : c.label();
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        return column(column).tableName() != null ? schema : "";
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        return JdbcTypes.precision(column(column).type());
    }

    @Override
    public int getScale(int column) throws SQLException {
        return JdbcTypes.scale(column(column).type());
    }

    @Override
    public String getTableName(int column) throws SQLException {
        String table = column(column).tableName();
        return table != null ? table : "";
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        column(column);
        return "";
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return JdbcTypes.sqlType(column(column).type().kind());
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return JdbcTypes.typeName(column(column).type().kind());
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return JdbcTypes.javaClass(column(column).type().kind()).getName();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return SqlExceptions.unwrap(this, iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
