package org.verso.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;

/**
 * The part of {@link ResultSet} a read-only result set of scalar SQL types refuses: row updates, and LOB, array and
 * stream getters. Each refusal is a
 * {@link java.sql.SQLFeatureNotSupportedException} naming the method, never a silent wrong answer.
 */
@SuppressWarnings("deprecation")
abstract class ReadOnlyResultSet implements ResultSet {
    @Override
    public void cancelRowUpdates() throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.cancelRowUpdates");
    }
    @Override
    public void deleteRow() throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.deleteRow");
    }
    @Override
    public Array getArray(String columnLabel) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getArray");
    }
    @Override
    public Array getArray(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getArray");
    }
    @Override
    public InputStream getAsciiStream(String columnLabel) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getAsciiStream");
    }
    @Override
    public InputStream getAsciiStream(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getAsciiStream");
    }
    @Override
    public Blob getBlob(String columnLabel) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getBlob");
    }
    @Override
    public Blob getBlob(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getBlob");
    }
    @Override
    public Clob getClob(String columnLabel) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getClob");
    }
    @Override
    public Clob getClob(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getClob");
    }
    @Override
    public String getCursorName() throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getCursorName");
    }
    @Override
    public NClob getNClob(String columnLabel) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getNClob");
    }
    @Override
    public NClob getNClob(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getNClob");
    }
    @Override
    public Ref getRef(String columnLabel) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getRef");
    }
    @Override
    public Ref getRef(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getRef");
    }
    @Override
    public RowId getRowId(String columnLabel) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getRowId");
    }
    @Override
    public RowId getRowId(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getRowId");
    }
    @Override
    public SQLXML getSQLXML(String columnLabel) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getSQLXML");
    }
    @Override
    public SQLXML getSQLXML(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getSQLXML");
    }
    @Override
    public URL getURL(String columnLabel) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getURL");
    }
    @Override
    public URL getURL(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getURL");
    }
    @Override
    public InputStream getUnicodeStream(String columnLabel) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getUnicodeStream");
    }
    @Override
    public InputStream getUnicodeStream(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.getUnicodeStream");
    }
    @Override
    public void insertRow() throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.insertRow");
    }
    @Override
    public void moveToCurrentRow() throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.moveToCurrentRow");
    }
    @Override
    public void moveToInsertRow() throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.moveToInsertRow");
    }
    @Override
    public void refreshRow() throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.refreshRow");
    }
    @Override
    public boolean rowDeleted() throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.rowDeleted");
    }
    @Override
    public boolean rowInserted() throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.rowInserted");
    }
    @Override
    public boolean rowUpdated() throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.rowUpdated");
    }
    @Override
    public void updateArray(String columnLabel, Array x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateArray");
    }
    @Override
    public void updateArray(int columnIndex, Array x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateArray");
    }
    @Override
    public void updateAsciiStream(String columnLabel, InputStream x, int length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateAsciiStream");
    }
    @Override
    public void updateAsciiStream(String columnLabel, InputStream x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateAsciiStream");
    }
    @Override
    public void updateAsciiStream(String columnLabel, InputStream x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateAsciiStream");
    }
    @Override
    public void updateAsciiStream(int columnIndex, InputStream x, int length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateAsciiStream");
    }
    @Override
    public void updateAsciiStream(int columnIndex, InputStream x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateAsciiStream");
    }
    @Override
    public void updateAsciiStream(int columnIndex, InputStream x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateAsciiStream");
    }
    @Override
    public void updateBigDecimal(String columnLabel, BigDecimal x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBigDecimal");
    }
    @Override
    public void updateBigDecimal(int columnIndex, BigDecimal x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBigDecimal");
    }
    @Override
    public void updateBinaryStream(String columnLabel, InputStream x, int length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBinaryStream");
    }
    @Override
    public void updateBinaryStream(String columnLabel, InputStream x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBinaryStream");
    }
    @Override
    public void updateBinaryStream(String columnLabel, InputStream x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBinaryStream");
    }
    @Override
    public void updateBinaryStream(int columnIndex, InputStream x, int length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBinaryStream");
    }
    @Override
    public void updateBinaryStream(int columnIndex, InputStream x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBinaryStream");
    }
    @Override
    public void updateBinaryStream(int columnIndex, InputStream x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBinaryStream");
    }
    @Override
    public void updateBlob(String columnLabel, InputStream x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBlob");
    }
    @Override
    public void updateBlob(String columnLabel, InputStream x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBlob");
    }
    @Override
    public void updateBlob(String columnLabel, Blob x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBlob");
    }
    @Override
    public void updateBlob(int columnIndex, InputStream x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBlob");
    }
    @Override
    public void updateBlob(int columnIndex, InputStream x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBlob");
    }
    @Override
    public void updateBlob(int columnIndex, Blob x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBlob");
    }
    @Override
    public void updateBoolean(String columnLabel, boolean x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBoolean");
    }
    @Override
    public void updateBoolean(int columnIndex, boolean x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBoolean");
    }
    @Override
    public void updateByte(String columnLabel, byte x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateByte");
    }
    @Override
    public void updateByte(int columnIndex, byte x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateByte");
    }
    @Override
    public void updateBytes(String columnLabel, byte[] x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBytes");
    }
    @Override
    public void updateBytes(int columnIndex, byte[] x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateBytes");
    }
    @Override
    public void updateCharacterStream(String columnLabel, Reader x, int length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateCharacterStream");
    }
    @Override
    public void updateCharacterStream(String columnLabel, Reader x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateCharacterStream");
    }
    @Override
    public void updateCharacterStream(String columnLabel, Reader x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateCharacterStream");
    }
    @Override
    public void updateCharacterStream(int columnIndex, Reader x, int length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateCharacterStream");
    }
    @Override
    public void updateCharacterStream(int columnIndex, Reader x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateCharacterStream");
    }
    @Override
    public void updateCharacterStream(int columnIndex, Reader x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateCharacterStream");
    }
    @Override
    public void updateClob(String columnLabel, Reader x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateClob");
    }
    @Override
    public void updateClob(String columnLabel, Reader x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateClob");
    }
    @Override
    public void updateClob(String columnLabel, Clob x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateClob");
    }
    @Override
    public void updateClob(int columnIndex, Reader x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateClob");
    }
    @Override
    public void updateClob(int columnIndex, Reader x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateClob");
    }
    @Override
    public void updateClob(int columnIndex, Clob x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateClob");
    }
    @Override
    public void updateDate(String columnLabel, Date x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateDate");
    }
    @Override
    public void updateDate(int columnIndex, Date x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateDate");
    }
    @Override
    public void updateDouble(String columnLabel, double x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateDouble");
    }
    @Override
    public void updateDouble(int columnIndex, double x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateDouble");
    }
    @Override
    public void updateFloat(String columnLabel, float x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateFloat");
    }
    @Override
    public void updateFloat(int columnIndex, float x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateFloat");
    }
    @Override
    public void updateInt(String columnLabel, int x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateInt");
    }
    @Override
    public void updateInt(int columnIndex, int x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateInt");
    }
    @Override
    public void updateLong(String columnLabel, long x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateLong");
    }
    @Override
    public void updateLong(int columnIndex, long x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateLong");
    }
    @Override
    public void updateNCharacterStream(String columnLabel, Reader x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNCharacterStream");
    }
    @Override
    public void updateNCharacterStream(String columnLabel, Reader x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNCharacterStream");
    }
    @Override
    public void updateNCharacterStream(int columnIndex, Reader x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNCharacterStream");
    }
    @Override
    public void updateNCharacterStream(int columnIndex, Reader x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNCharacterStream");
    }
    @Override
    public void updateNClob(String columnLabel, Reader x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNClob");
    }
    @Override
    public void updateNClob(String columnLabel, Reader x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNClob");
    }
    @Override
    public void updateNClob(String columnLabel, NClob x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNClob");
    }
    @Override
    public void updateNClob(int columnIndex, Reader x, long length) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNClob");
    }
    @Override
    public void updateNClob(int columnIndex, Reader x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNClob");
    }
    @Override
    public void updateNClob(int columnIndex, NClob x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNClob");
    }
    @Override
    public void updateNString(String columnLabel, String x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNString");
    }
    @Override
    public void updateNString(int columnIndex, String x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNString");
    }
    @Override
    public void updateNull(String columnLabel) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNull");
    }
    @Override
    public void updateNull(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateNull");
    }
    @Override
    public void updateObject(String columnLabel, Object x, int scaleOrLength) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateObject");
    }
    @Override
    public void updateObject(String columnLabel, Object x, SQLType targetSqlType, int scaleOrLength)
        throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateObject");
    }
    @Override
    public void updateObject(String columnLabel, Object x, SQLType targetSqlType) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateObject");
    }
    @Override
    public void updateObject(String columnLabel, Object x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateObject");
    }
    @Override
    public void updateObject(int columnIndex, Object x, int scaleOrLength) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateObject");
    }
    @Override
    public void updateObject(int columnIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateObject");
    }
    @Override
    public void updateObject(int columnIndex, Object x, SQLType targetSqlType) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateObject");
    }
    @Override
    public void updateObject(int columnIndex, Object x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateObject");
    }
    @Override
    public void updateRef(String columnLabel, Ref x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateRef");
    }
    @Override
    public void updateRef(int columnIndex, Ref x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateRef");
    }
    @Override
    public void updateRow() throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateRow");
    }
    @Override
    public void updateRowId(String columnLabel, RowId x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateRowId");
    }
    @Override
    public void updateRowId(int columnIndex, RowId x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateRowId");
    }
    @Override
    public void updateSQLXML(String columnLabel, SQLXML x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateSQLXML");
    }
    @Override
    public void updateSQLXML(int columnIndex, SQLXML x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateSQLXML");
    }
    @Override
    public void updateShort(String columnLabel, short x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateShort");
    }
    @Override
    public void updateShort(int columnIndex, short x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateShort");
    }
    @Override
    public void updateString(String columnLabel, String x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateString");
    }
    @Override
    public void updateString(int columnIndex, String x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateString");
    }
    @Override
    public void updateTime(String columnLabel, Time x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateTime");
    }
    @Override
    public void updateTime(int columnIndex, Time x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateTime");
    }
    @Override
    public void updateTimestamp(String columnLabel, Timestamp x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateTimestamp");
    }
    @Override
    public void updateTimestamp(int columnIndex, Timestamp x) throws SQLException {
        throw SqlExceptions.unsupported("ResultSet.updateTimestamp");
    }
}
