package org.verso.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;

/**
 * The parameter setters a {@link PreparedStatement} refuses because the engine has no LOB, array, row id, URL or XML
 * types. Each refusal is a {@link java.sql.SQLFeatureNotSupportedException} naming the method.
 */
@SuppressWarnings("deprecation")
abstract class ScalarParameterStatement extends VersoStatement implements PreparedStatement {
    ScalarParameterStatement(VersoConnection connection) {
        super(connection);
    }

    @Override
    public void setArray(int parameterIndex, Array x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setArray");
    }
    @Override
    public void setAsciiStream(int parameterIndex, InputStream x, int length) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setAsciiStream");
    }
    @Override
    public void setAsciiStream(int parameterIndex, InputStream x, long length) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setAsciiStream");
    }
    @Override
    public void setAsciiStream(int parameterIndex, InputStream x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setAsciiStream");
    }
    @Override
    public void setBlob(int parameterIndex, InputStream x, long length) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setBlob");
    }
    @Override
    public void setBlob(int parameterIndex, InputStream x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setBlob");
    }
    @Override
    public void setBlob(int parameterIndex, Blob x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setBlob");
    }
    @Override
    public void setClob(int parameterIndex, Reader x, long length) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setClob");
    }
    @Override
    public void setClob(int parameterIndex, Reader x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setClob");
    }
    @Override
    public void setClob(int parameterIndex, Clob x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setClob");
    }
    @Override
    public void setNClob(int parameterIndex, Reader x, long length) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setNClob");
    }
    @Override
    public void setNClob(int parameterIndex, Reader x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setNClob");
    }
    @Override
    public void setNClob(int parameterIndex, NClob x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setNClob");
    }
    @Override
    public void setRef(int parameterIndex, Ref x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setRef");
    }
    @Override
    public void setRowId(int parameterIndex, RowId x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setRowId");
    }
    @Override
    public void setSQLXML(int parameterIndex, SQLXML x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setSQLXML");
    }
    @Override
    public void setURL(int parameterIndex, URL x) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setURL");
    }
    @Override
    public void setUnicodeStream(int parameterIndex, InputStream x, int length) throws SQLException {
        throw SqlExceptions.unsupported("PreparedStatement.setUnicodeStream");
    }
}
