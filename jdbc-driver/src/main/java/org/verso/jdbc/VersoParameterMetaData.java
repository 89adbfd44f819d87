package org.verso.jdbc;

import org.verso.common.SqlState;
import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.util.List;
import org.verso.sql.api.ColumnMeta;

/** The types the planner inferred for the '?' of a prepared statement. All parameters are IN parameters. */
final class VersoParameterMetaData implements ParameterMetaData {
    private final List<ColumnMeta> parameters;

    VersoParameterMetaData(List<ColumnMeta> parameters) {
        this.parameters = List.copyOf(parameters);
    }

    private ColumnMeta parameter(int param) throws SQLException {
        if (param < 1 || param > parameters.size()) {
            throw SqlExceptions.create("parameter index " + param + " is out of range 1.." + parameters.size(),
                SqlState.INVALID_DESCRIPTOR_INDEX);
        }
        return parameters.get(param - 1);
    }

    @Override
    public int getParameterCount() {
        return parameters.size();
    }

    @Override
    public int isNullable(int param) throws SQLException {
        return parameter(param).nullable() ? parameterNullable : parameterNoNulls;
    }

    @Override
    public boolean isSigned(int param) throws SQLException {
        return JdbcTypes.isSigned(parameter(param).type().kind());
    }

    @Override
    public int getPrecision(int param) throws SQLException {
        return JdbcTypes.precision(parameter(param).type());
    }

    @Override
    public int getScale(int param) throws SQLException {
        return JdbcTypes.scale(parameter(param).type());
    }

    @Override
    public int getParameterType(int param) throws SQLException {
        return JdbcTypes.sqlType(parameter(param).type().kind());
    }

    @Override
    public String getParameterTypeName(int param) throws SQLException {
        return JdbcTypes.typeName(parameter(param).type().kind());
    }

    @Override
    public String getParameterClassName(int param) throws SQLException {
        return JdbcTypes.javaClass(parameter(param).type().kind()).getName();
    }

    @Override
    public int getParameterMode(int param) throws SQLException {
        parameter(param);
        return parameterModeIn;
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
