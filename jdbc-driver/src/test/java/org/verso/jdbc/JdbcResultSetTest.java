package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Calendar;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.verso.sql.api.ColumnMeta;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/** Getters, conversions and metadata of VersoResultSet over canonical engine values (no engine needed). */
class JdbcResultSetTest {
    private static final LocalDate DAY = LocalDate.of(2024, 2, 29);
    private static final LocalDateTime MOMENT = LocalDateTime.of(2024, 2, 29, 13, 45, 30, 123_000_000);

    private static ResultSet oneRow() {
        List<ColumnMeta> columns = List.of(
            new ColumnMeta("ID", DataType.of(ValueType.INTEGER), false, "T", "ID"),
            new ColumnMeta("Big", DataType.of(ValueType.BIGINT), true, "T", "BIG"),
            new ColumnMeta("PRICE", DataType.decimal(6, 2), true, "T", "PRICE"),
            new ColumnMeta("RATE", DataType.of(ValueType.DOUBLE), true, null, null),
            new ColumnMeta("NAME", DataType.varchar(20), true, "T", "NAME"),
            new ColumnMeta("DAY", DataType.of(ValueType.DATE), true, "T", "DAY"),
            new ColumnMeta("AT", DataType.of(ValueType.TIMESTAMP), true, "T", "AT"),
            new ColumnMeta("FLAG", DataType.of(ValueType.BOOLEAN), true, "T", "FLAG"),
            new ColumnMeta("NOTHING", DataType.of(ValueType.INTEGER), true, "T", "NOTHING"),
            new ColumnMeta("NUMTEXT", DataType.varchar(10), true, "T", "NUMTEXT"),
            new ColumnMeta("SMALL", DataType.of(ValueType.SMALLINT), true, "T", "SMALL"));
        long micros = MOMENT.toInstant(ZoneOffset.UTC).toEpochMilli() * 1000;
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {42, 5_000_000_000L, new BigDecimal("12.75"), 2.5, "abc", (int) DAY.toEpochDay(),
            micros, true, null, " 17 ", (short) 7});
        return VersoResultSet.of(columns, rows);
    }

    private static ResultSet onRow() throws SQLException {
        ResultSet rs = oneRow();
        assertTrue(rs.next());
        return rs;
    }

    @Test
    void gettersByIndexAndByLabelAgree() throws SQLException {
        ResultSet rs = onRow();
        assertEquals(42, rs.getInt(1));
        assertEquals(42, rs.getInt("id"));
        assertEquals(5_000_000_000L, rs.getLong("BIG"));
        assertEquals(5_000_000_000L, rs.getLong("big"));
        assertEquals(new BigDecimal("12.75"), rs.getBigDecimal("Price"));
        assertEquals("abc", rs.getString(5));
        assertEquals(2, rs.findColumn("big"));
        assertTrue(rs.getBoolean("flag"));
        assertEquals((short) 7, rs.getShort("SMALL"));
        assertEquals((byte) 7, rs.getByte("SMALL"));
        assertEquals(Integer.valueOf(7), rs.getObject("SMALL"), "JDBC maps SMALLINT to Integer");
        assertEquals(Short.valueOf((short) 7), rs.getObject("SMALL", Short.class));
    }

    @Test
    void numbersConvertBetweenTypes() throws SQLException {
        ResultSet rs = onRow();
        assertEquals(12, rs.getInt("PRICE"), "DECIMAL to int truncates");
        assertEquals(12L, rs.getLong("PRICE"));
        assertEquals(12.75, rs.getDouble("PRICE"));
        assertEquals(12.75f, rs.getFloat("PRICE"));
        assertEquals(42.0, rs.getDouble("ID"));
        assertEquals(new BigDecimal("2.5"), rs.getBigDecimal("RATE"));
        assertEquals(2, rs.getInt("RATE"));
        assertEquals("42", rs.getString("ID"));
        assertEquals("12.75", rs.getString("PRICE"));
        assertEquals(17, rs.getInt("NUMTEXT"), "a numeric string parses");
        assertEquals(17L, rs.getObject("NUMTEXT", Long.class));
        assertEquals(1, rs.getInt("FLAG"));
    }

    @Test
    void nullReadsAsZeroOrNullAndSetsWasNull() throws SQLException {
        ResultSet rs = onRow();
        assertEquals(0, rs.getInt("NOTHING"));
        assertTrue(rs.wasNull());
        assertEquals(0L, rs.getLong("NOTHING"));
        assertNull(rs.getString("NOTHING"));
        assertNull(rs.getBigDecimal("NOTHING"));
        assertNull(rs.getTimestamp("NOTHING"));
        assertFalse(rs.getBoolean("NOTHING"));
        assertEquals(42, rs.getInt("ID"));
        assertFalse(rs.wasNull());
    }

    @Test
    void datesAndTimestampsComeFromCanonicalValues() throws SQLException {
        ResultSet rs = onRow();
        assertEquals(Date.valueOf(DAY), rs.getDate("DAY"));
        assertEquals("2024-02-29", rs.getString("DAY"));
        assertEquals(Timestamp.valueOf(MOMENT), rs.getTimestamp("AT"));
        assertEquals("2024-02-29 13:45:30.123", rs.getString("AT"));
        assertEquals(Date.valueOf(DAY), rs.getDate("AT"));
        assertEquals(Time.valueOf(MOMENT.toLocalTime().withNano(0)).toString(), rs.getTime("AT").toString());
        assertEquals(Timestamp.valueOf(DAY.atStartOfDay()), rs.getTimestamp("DAY"));
        assertEquals(Date.valueOf(DAY), rs.getObject("DAY"));
        assertEquals(Timestamp.valueOf(MOMENT), rs.getObject("AT"));
        assertEquals(MOMENT, rs.getObject("AT", LocalDateTime.class));
        assertEquals(DAY, rs.getObject("DAY", LocalDate.class));
    }

    @Test
    void calendarReadsWallClockInItsZone() throws SQLException {
        ResultSet rs = onRow();
        Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
        assertEquals(MOMENT.toInstant(ZoneOffset.UTC).toEpochMilli(), rs.getTimestamp("AT", utc).getTime());
    }

    @Test
    void impossibleConversionsAre22018AndOverflowIs22003() throws SQLException {
        ResultSet rs = onRow();
        assertEquals("22018", assertThrows(SQLException.class, () -> rs.getInt("NAME")).getSQLState());
        assertEquals("22018", assertThrows(SQLException.class, () -> rs.getInt("DAY")).getSQLState());
        assertEquals("22018", assertThrows(SQLException.class, () -> rs.getDate("ID")).getSQLState());
        assertEquals("22018", assertThrows(SQLException.class, () -> rs.getBoolean("NAME")).getSQLState());
        assertEquals("22003", assertThrows(SQLException.class, () -> rs.getInt("BIG")).getSQLState());
        assertEquals("22003", assertThrows(SQLException.class, () -> rs.getShort("BIG")).getSQLState());
    }

    @Test
    void unknownColumnsAndBadCursorStatesAreReported() throws SQLException {
        ResultSet rs = oneRow();
        assertEquals("24000", assertThrows(SQLException.class, () -> rs.getInt(1)).getSQLState());
        assertTrue(rs.next());
        assertEquals("42703", assertThrows(SQLException.class, () -> rs.getInt("MISSING")).getSQLState());
        assertEquals("07009", assertThrows(SQLException.class, () -> rs.getInt(99)).getSQLState());
        assertFalse(rs.next());
        assertFalse(rs.next());
        rs.close();
        assertTrue(rs.isClosed());
        assertEquals("55000", assertThrows(SQLException.class, rs::next).getSQLState());
        assertEquals("24000", assertThrows(SQLException.class, () -> oneRow().previous()).getSQLState(),
            "a forward-only result set does not move backwards");
        assertThrows(SQLFeatureNotSupportedException.class, () -> onRow().updateInt(1, 3));
    }

    @Test
    void metadataDescribesTheColumns() throws SQLException {
        ResultSetMetaData meta = oneRow().getMetaData();
        assertEquals(11, meta.getColumnCount());
        assertEquals("Big", meta.getColumnLabel(2));
        assertEquals("BIG", meta.getColumnName(2));
        assertEquals("RATE", meta.getColumnName(4), "a computed column is named by its label");
        assertEquals(Types.DECIMAL, meta.getColumnType(3));
        assertEquals(6, meta.getPrecision(3));
        assertEquals(2, meta.getScale(3));
        assertEquals("VARCHAR", meta.getColumnTypeName(5));
        assertEquals(20, meta.getPrecision(5));
        assertEquals(ResultSetMetaData.columnNoNulls, meta.isNullable(1));
        assertEquals(ResultSetMetaData.columnNullable, meta.isNullable(2));
        assertEquals("T", meta.getTableName(1));
        assertEquals("", meta.getTableName(4));
        assertEquals(Integer.class.getName(), meta.getColumnClassName(1));
        assertEquals(Timestamp.class.getName(), meta.getColumnClassName(7));
        assertEquals(Types.TIMESTAMP, meta.getColumnType(7));
        assertEquals(Types.BOOLEAN, meta.getColumnType(8));
    }

    @Test
    void duplicateLabelsResolveToTheFirstColumn() throws SQLException {
        List<ColumnMeta> columns = List.of(
            new ColumnMeta("X", DataType.of(ValueType.INTEGER), false, null, null),
            new ColumnMeta("x", DataType.of(ValueType.INTEGER), false, null, null));
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {1, 2});
        ResultSet rs = VersoResultSet.of(columns, rows);
        assertTrue(rs.next());
        assertEquals(1, rs.getInt("x"));
    }
}
