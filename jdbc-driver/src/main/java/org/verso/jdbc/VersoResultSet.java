package org.verso.jdbc;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.verso.sql.api.ColumnMeta;
import org.verso.sql.api.MaterializedRows;
import org.verso.sql.api.ResultRows;
import org.verso.common.SqlState;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.common.type.Values;

/**
 * A read-only ResultSet over engine {@link ResultRows}: a query's rows, which stream from the engine as
 * {@link #next} is called (TYPE_FORWARD_ONLY), or are held in memory for scrolling ({@link #scrollable},
 * TYPE_SCROLL_INSENSITIVE), or (through {@link ResultRows#of}) rows held in memory for the fixed answers of
 * {@link VersoDatabaseMetaData}. Getters convert canonical engine values with engine-common's {@link Values};
 * labels are matched case-insensitively, the first match winning as JDBC requires.
 *
 * <p>Closing the result set ends its query (with autocommit, its transaction). It is closed by its statement's
 * next execution or close, by the connection's close, and, without autocommit, by the end of the transaction
 * (CLOSE_CURSORS_AT_COMMIT). An error while reading, such as 57014 after a cancel, is thrown by {@link #next}.
 *
 * <p>Not thread safe, like the statement that produced it; reading rows is serialised on the connection.
 */
public final class VersoResultSet extends ReadOnlyResultSet {
    private final ResultRows rows;
    /** The rows again when they are held for scrolling (TYPE_SCROLL_INSENSITIVE); null for a forward-only cursor. */
    private final MaterializedRows scroll;
    private final List<ColumnMeta> columns;
    private final VersoConnection connection;
    private final Statement statement;
    private final long maxRows;
    private Map<String, Integer> labelIndex;
    private long rowNumber;
    private boolean onRow;
    private boolean exhausted;
    private boolean closed;
    private boolean wasNull;
    private final FetchHints fetchHints = new FetchHints();
    private Runnable onClose;

    /**
     * @param connection the connection the rows are read through (null for rows held in memory)
     * @param statement  what {@link #getStatement()} returns; null for catalog result sets
     * @param maxRows    the statement's row limit, 0 for none
     */
    VersoResultSet(ResultRows rows, VersoConnection connection, Statement statement, long maxRows) {
        this(rows, null, connection, statement, maxRows);
    }

    private VersoResultSet(ResultRows rows, MaterializedRows scroll, VersoConnection connection, Statement statement,
                           long maxRows) {
        this.rows = rows;
        this.scroll = scroll;
        this.columns = List.copyOf(rows.columns());
        this.connection = connection;
        this.statement = statement;
        this.maxRows = maxRows;
    }

    /**
     * A TYPE_SCROLL_INSENSITIVE result set: a query's {@code source} rows read to the end (at most {@code maxRows},
     * 0 for all) through {@code connection} and held. Reading them all ends the query (with autocommit, its
     * transaction), so later changes, the session's own included, are not seen.
     */
    static VersoResultSet scrollable(ResultRows source, VersoConnection connection, Statement statement,
                                     long maxRows) throws SQLException {
        List<Object[]> held = new ArrayList<>();
        try {
            while ((maxRows == 0 || held.size() < maxRows) && connection.next(source)) {
                held.add(currentRow(source));
            }
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        } finally {
            connection.close(source);
        }
        MaterializedRows rows = ResultRows.of(source.columns(), held);
        return new VersoResultSet(rows, rows, connection, statement, 0);
    }

    /** A copy of the values of {@code rows}' current row. */
    static Object[] currentRow(ResultRows rows) {
        Object[] row = new Object[rows.columns().size()];
        for (int i = 0; i < row.length; i++) {
            row[i] = rows.get(i);
        }
        return row;
    }

    /** A result set over in-memory rows, not tied to a connection; the shell and catalog queries use it. */
    public static VersoResultSet of(List<ColumnMeta> columns, List<Object[]> data) {
        return new VersoResultSet(ResultRows.of(columns, data), null, null, 0);
    }

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (scroll != null) {
            return moveTo(rowNumber + 1);
        }
        if (exhausted || (maxRows > 0 && rowNumber >= maxRows)) {
            exhausted = true;
            onRow = false;
            return false;
        }
        boolean has;
        if (connection != null) {
            has = connection.next(rows);
        } else {
            has = rows.next();
        }
        if (has) {
            rowNumber++;
            onRow = true;
        } else {
            onRow = false;
            exhausted = true;
        }
        return has;
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        onRow = false;
        try {
            if (connection != null) {
                connection.close(rows);
            } else {
                rows.close();
            }
        } finally {
            if (onClose != null) {
                onClose.run();
            }
        }
    }

    /** Runs {@code action} when this result set closes (Statement.closeOnCompletion). */
    void onClose(Runnable action) {
        this.onClose = action;
    }

    /** True once closed, also when the transaction it was read in ended under it. */
    @Override
    public boolean isClosed() {
        return closed || rows.isClosed();
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        return wasNull;
    }

    @Override
    public int findColumn(String columnLabel) throws SQLException {
        checkOpen();
        if (labelIndex == null) {
            labelIndex = new HashMap<>();
            for (int i = columns.size() - 1; i >= 0; i--) {
                labelIndex.put(columns.get(i).label().toUpperCase(Locale.ROOT), i + 1);
            }
        }
        Integer index = columnLabel == null ? null : labelIndex.get(columnLabel.toUpperCase(Locale.ROOT));
        if (index == null) {
            throw SqlExceptions.create("column " + columnLabel + " is not in the result (columns: "
                + columns.stream().map(ColumnMeta::label).toList() + ")", SqlState.UNDEFINED_COLUMN);
        }
        return index;
    }

    /** The raw value of a column of the current row; sets {@link #wasNull}. */
    private Object value(int columnIndex) throws SQLException {
        checkOpen();
        if (!onRow) {
            throw SqlExceptions.create(exhausted ? "the result set has no more rows"
                : "call next() before reading a row", SqlState.INVALID_CURSOR_STATE);
        }
        if (columnIndex < 1 || columnIndex > columns.size()) {
            throw SqlExceptions.create("column index " + columnIndex + " is out of range 1.." + columns.size(),
                SqlState.INVALID_DESCRIPTOR_INDEX);
        }
        Object v;
        try {
            v = rows.get(columnIndex - 1);
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        }
        wasNull = v == null;
        return v;
    }

    private ValueType type(int columnIndex) {
        return columns.get(columnIndex - 1).type().kind();
    }

    private void checkOpen() throws SQLException {
        if (isClosed()) {
            if (connection != null && connection.isClosed()) {
                throw SqlExceptions.connectionClosed();
            }
            throw SqlExceptions.create(closed ? "the result set is closed"
                : "the result set was closed when its transaction ended", SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE);
        }
    }

    // ---- getters by index

    /** A conversion of a canonical value of a known type, by engine-common's {@link Values}. */
    private interface Conversion<T> {
        T apply(Object value, ValueType type) throws SQLException;
    }

    /** The current row's value of a column converted for a getter; null for SQL NULL. */
    private <T> T read(int columnIndex, Conversion<T> conversion) throws SQLException {
        Object v = value(columnIndex);
        if (v == null) {
            return null;
        }
        try {
            return conversion.apply(v, type(columnIndex));
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        }
    }

    private long readLong(int columnIndex, long min, long max, String target) throws SQLException {
        Long v = read(columnIndex, (value, type) -> Values.toLong(value, type, min, max, target));
        return v == null ? 0 : v;
    }

    @Override
    public String getString(int columnIndex) throws SQLException {
        return blankPadded(columnIndex, read(columnIndex, Values::toText));
    }

    /**
     * A value of a CHAR(n) table column is padded with blanks to n characters, as PostgreSQL gives it; the engine
     * keeps CHAR values without their trailing blanks, which its comparisons ignore anyway. A computed CHAR value
     * ({@code code || '|'}) is not, as in PostgreSQL, where such an expression is text.
     */
    private String blankPadded(int columnIndex, String text) {
        ColumnMeta column = columns.get(columnIndex - 1);
        DataType type = column.type();
        if (text == null || type.kind() != ValueType.CHAR || column.columnName() == null) {
            return text;
        }
        int missing = type.length() - text.codePointCount(0, text.length());
        return missing <= 0 ? text : text + " ".repeat(missing);
    }

    @Override
    public boolean getBoolean(int columnIndex) throws SQLException {
        Boolean v = read(columnIndex, Values::toBoolean);
        return v != null && v;
    }

    @Override
    public byte getByte(int columnIndex) throws SQLException {
        return (byte) readLong(columnIndex, Byte.MIN_VALUE, Byte.MAX_VALUE, "TINYINT");
    }

    @Override
    public short getShort(int columnIndex) throws SQLException {
        return (short) readLong(columnIndex, Short.MIN_VALUE, Short.MAX_VALUE, "SMALLINT");
    }

    @Override
    public int getInt(int columnIndex) throws SQLException {
        return (int) readLong(columnIndex, Integer.MIN_VALUE, Integer.MAX_VALUE, "INTEGER");
    }

    @Override
    public long getLong(int columnIndex) throws SQLException {
        return readLong(columnIndex, Long.MIN_VALUE, Long.MAX_VALUE, "BIGINT");
    }

    @Override
    public float getFloat(int columnIndex) throws SQLException {
        Float v = read(columnIndex, Values::toFloat);
        return v == null ? 0 : v;
    }

    @Override
    public double getDouble(int columnIndex) throws SQLException {
        Double v = read(columnIndex, Values::toDouble);
        return v == null ? 0 : v;
    }

    @Override
    public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
        return read(columnIndex, Values::toBigDecimal);
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
        BigDecimal d = getBigDecimal(columnIndex);
        return d == null ? null : d.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public Date getDate(int columnIndex) throws SQLException {
        LocalDate d = read(columnIndex, Values::toLocalDate);
        return d == null ? null : Date.valueOf(d);
    }

    @Override
    public Time getTime(int columnIndex) throws SQLException {
        LocalTime t = read(columnIndex, Values::toLocalTime);
        return t == null ? null : JdbcObjects.time(t);
    }

    @Override
    public Timestamp getTimestamp(int columnIndex) throws SQLException {
        LocalDateTime t = read(columnIndex, Values::toLocalDateTime);
        return t == null ? null : Timestamp.valueOf(t);
    }

    @Override
    public byte[] getBytes(int columnIndex) throws SQLException {
        return read(columnIndex, Values::toBytes);
    }

    @Override
    public InputStream getBinaryStream(int columnIndex) throws SQLException {
        byte[] bytes = getBytes(columnIndex);
        return bytes == null ? null : new ByteArrayInputStream(bytes);
    }

    private static long epochMillis(LocalDateTime t, Calendar cal) {
        return t.atZone(cal.getTimeZone().toZoneId()).toInstant().toEpochMilli();
    }

    // With a Calendar, JDBC means: the stored wall-clock time read as a time in the calendar's zone.

    @Override
    public Date getDate(int columnIndex, Calendar cal) throws SQLException {
        if (cal == null) {
            return getDate(columnIndex);
        }
        LocalDate d = read(columnIndex, Values::toLocalDate);
        return d == null ? null : new Date(epochMillis(d.atStartOfDay(), cal));
    }

    @Override
    public Time getTime(int columnIndex, Calendar cal) throws SQLException {
        if (cal == null) {
            return getTime(columnIndex);
        }
        LocalTime t = read(columnIndex, Values::toLocalTime);
        return t == null ? null : new Time(epochMillis(LocalDateTime.of(LocalDate.EPOCH, t), cal));
    }

    @Override
    public Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
        if (cal == null) {
            return getTimestamp(columnIndex);
        }
        LocalDateTime t = read(columnIndex, Values::toLocalDateTime);
        if (t == null) {
            return null;
        }
        Timestamp ts = new Timestamp(epochMillis(t, cal));
        ts.setNanos(t.getNano());
        return ts;
    }

    @Override
    public Object getObject(int columnIndex) throws SQLException {
        Object value = read(columnIndex, (v, type) -> JdbcObjects.toObject(type, v));
        return value instanceof String text ? blankPadded(columnIndex, text) : value;
    }

    @Override
    public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
        if (type == null) {
            throw SqlExceptions.create("the target class must not be null", SqlState.INVALID_PARAMETER_VALUE);
        }
        return read(columnIndex, (value, kind) -> JdbcObjects.toClass(kind, value, type));
    }

    @Override
    public Object getObject(int columnIndex, Map<String, Class<?>> map) throws SQLException {
        // The engine has no user-defined types, so a type map never applies.
        return getObject(columnIndex);
    }

    @Override
    public String getNString(int columnIndex) throws SQLException {
        return getString(columnIndex);
    }

    @Override
    public Reader getCharacterStream(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        return s == null ? null : new StringReader(s);
    }

    @Override
    public Reader getNCharacterStream(int columnIndex) throws SQLException {
        return getCharacterStream(columnIndex);
    }

    // ---- getters by label

    @Override
    public String getString(String columnLabel) throws SQLException {
        return getString(findColumn(columnLabel));
    }

    @Override
    public boolean getBoolean(String columnLabel) throws SQLException {
        return getBoolean(findColumn(columnLabel));
    }

    @Override
    public byte getByte(String columnLabel) throws SQLException {
        return getByte(findColumn(columnLabel));
    }

    @Override
    public short getShort(String columnLabel) throws SQLException {
        return getShort(findColumn(columnLabel));
    }

    @Override
    public int getInt(String columnLabel) throws SQLException {
        return getInt(findColumn(columnLabel));
    }

    @Override
    public long getLong(String columnLabel) throws SQLException {
        return getLong(findColumn(columnLabel));
    }

    @Override
    public float getFloat(String columnLabel) throws SQLException {
        return getFloat(findColumn(columnLabel));
    }

    @Override
    public double getDouble(String columnLabel) throws SQLException {
        return getDouble(findColumn(columnLabel));
    }

    @Override
    public BigDecimal getBigDecimal(String columnLabel) throws SQLException {
        return getBigDecimal(findColumn(columnLabel));
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(String columnLabel, int scale) throws SQLException {
        return getBigDecimal(findColumn(columnLabel), scale);
    }

    @Override
    public Date getDate(String columnLabel) throws SQLException {
        return getDate(findColumn(columnLabel));
    }

    @Override
    public Time getTime(String columnLabel) throws SQLException {
        return getTime(findColumn(columnLabel));
    }

    @Override
    public Timestamp getTimestamp(String columnLabel) throws SQLException {
        return getTimestamp(findColumn(columnLabel));
    }

    @Override
    public Date getDate(String columnLabel, Calendar cal) throws SQLException {
        return getDate(findColumn(columnLabel), cal);
    }

    @Override
    public Time getTime(String columnLabel, Calendar cal) throws SQLException {
        return getTime(findColumn(columnLabel), cal);
    }

    @Override
    public Timestamp getTimestamp(String columnLabel, Calendar cal) throws SQLException {
        return getTimestamp(findColumn(columnLabel), cal);
    }

    @Override
    public byte[] getBytes(String columnLabel) throws SQLException {
        return getBytes(findColumn(columnLabel));
    }

    @Override
    public InputStream getBinaryStream(String columnLabel) throws SQLException {
        return getBinaryStream(findColumn(columnLabel));
    }

    @Override
    public Object getObject(String columnLabel) throws SQLException {
        return getObject(findColumn(columnLabel));
    }

    @Override
    public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
        return getObject(findColumn(columnLabel), type);
    }

    @Override
    public Object getObject(String columnLabel, Map<String, Class<?>> map) throws SQLException {
        return getObject(findColumn(columnLabel), map);
    }

    @Override
    public String getNString(String columnLabel) throws SQLException {
        return getNString(findColumn(columnLabel));
    }

    @Override
    public Reader getCharacterStream(String columnLabel) throws SQLException {
        return getCharacterStream(findColumn(columnLabel));
    }

    @Override
    public Reader getNCharacterStream(String columnLabel) throws SQLException {
        return getNCharacterStream(findColumn(columnLabel));
    }

    // ---- cursor state and properties

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return new VersoResultSetMetaData(columns, connection == null ? "" : connection.schema());
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        checkOpen();
        if (scroll != null) {
            return rowNumber == 0 && scroll.size() > 0;
        }
        return rowNumber == 0 && !exhausted;
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        checkOpen();
        if (scroll != null) {
            return rowNumber > scroll.size() && scroll.size() > 0;
        }
        return exhausted && rowNumber > 0;
    }

    @Override
    public boolean isFirst() throws SQLException {
        checkOpen();
        return onRow && rowNumber == 1;
    }

    @Override
    public boolean isLast() throws SQLException {
        checkOpen();
        if (scroll != null) {
            return onRow && rowNumber == scroll.size();
        }
        // Knowing it would need a look-ahead; JDBC makes isLast optional for forward-only result sets.
        throw SqlExceptions.unsupported("ResultSet.isLast on a forward-only result set");
    }

    // ---- scrolling (TYPE_SCROLL_INSENSITIVE)

    /**
     * Moves a scrollable result set to row {@code row}: 1-based, clamped to 0 (before the first row) and
     * {@code size + 1} (after the last). Returns whether it is on a row.
     */
    private boolean moveTo(long row) throws SQLException {
        MaterializedRows held = scrollable();
        long target = Math.max(0, Math.min(held.size() + 1L, row));
        held.moveTo(target - 1);
        rowNumber = target;
        onRow = target >= 1 && target <= held.size();
        exhausted = target > held.size();
        return onRow;
    }

    private MaterializedRows scrollable() throws SQLException {
        checkOpen();
        if (scroll == null) {
            throw SqlExceptions.create("the result set is TYPE_FORWARD_ONLY; create the statement with "
                + "TYPE_SCROLL_INSENSITIVE to move to any row", SqlState.INVALID_CURSOR_STATE);
        }
        return scroll;
    }

    @Override
    public boolean absolute(int row) throws SQLException {
        int size = scrollable().size();
        return moveTo(row >= 0 ? row : Math.max(0, size + 1L + row));
    }

    @Override
    public boolean relative(int rows) throws SQLException {
        scrollable();
        return moveTo(rowNumber + rows);
    }

    @Override
    public boolean previous() throws SQLException {
        scrollable();
        return moveTo(rowNumber - 1);
    }

    @Override
    public boolean first() throws SQLException {
        scrollable();
        return moveTo(1);
    }

    @Override
    public boolean last() throws SQLException {
        return moveTo(scrollable().size());
    }

    @Override
    public void beforeFirst() throws SQLException {
        scrollable();
        moveTo(0);
    }

    @Override
    public void afterLast() throws SQLException {
        moveTo(scrollable().size() + 1L);
    }

    @Override
    public int getRow() throws SQLException {
        checkOpen();
        return onRow ? (int) Math.min(rowNumber, Integer.MAX_VALUE) : 0;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        fetchHints.setDirection(direction);
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return fetchHints.direction();
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        fetchHints.setSize(rows);
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchHints.size();
    }

    @Override
    public int getType() throws SQLException {
        checkOpen();
        return scroll != null ? ResultSet.TYPE_SCROLL_INSENSITIVE : ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() throws SQLException {
        checkOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        // Held rows do not depend on the transaction they were read in.
        return scroll != null ? ResultSet.HOLD_CURSORS_OVER_COMMIT : ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public Statement getStatement() throws SQLException {
        checkOpen();
        return statement;
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
