package org.verso.jdbc;

import org.verso.common.SqlState;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Date;
import java.sql.ParameterMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import org.verso.common.type.ValueType;
import org.verso.common.type.Values;
import org.verso.sql.api.PreparedSql;

/**
 * A statement planned once by the engine ({@code Session.prepare}, backed by the shared plan cache) and run with
 * the parameter values set on it. Values are handed to the engine as plain Java objects; the engine converts each
 * to the type it inferred for its '?'. Executing with a parameter that was never set is an error (07001).
 */
public final class VersoPreparedStatement extends ScalarParameterStatement {
    private final PreparedSql prepared;
    private final Object[] parameters;
    private final boolean[] isSet;
    private final List<Object[]> batch = new ArrayList<>();

    VersoPreparedStatement(VersoConnection connection, PreparedSql prepared) {
        super(connection);
        this.prepared = prepared;
        this.parameters = new Object[prepared.parameterCount()];
        this.isSet = new boolean[parameters.length];
    }

    /**
     * The values to execute with; every '?' must have been set. The engine converts them into an array of its own
     * as it binds them, so an execution gets this statement's array itself; a batch keeps a copy.
     */
    private Object[] boundParameters() throws SQLException {
        checkOpen();
        for (int i = 0; i < isSet.length; i++) {
            if (!isSet[i] && !prepared.isExplain()) {
                throw SqlExceptions.create("parameter " + (i + 1) + " of " + isSet.length + " is not set",
                    SqlState.PARAMETER_MISMATCH);
            }
        }
        return parameters;
    }

    private void bind(int index, Object value) throws SQLException {
        checkOpen();
        if (index < 1 || index > parameters.length) {
            throw SqlExceptions.create("parameter index " + index + " is out of range 1.." + parameters.length,
                SqlState.INVALID_DESCRIPTOR_INDEX);
        }
        parameters[index - 1] = value;
        isSet[index - 1] = true;
    }

    // ---- execution

    @Override
    public ResultSet executeQuery() throws SQLException {
        return runQuery(prepared, boundParameters());
    }

    @Override
    public int executeUpdate() throws SQLException {
        return saturatedInt(executeLargeUpdate());
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        return runUpdate(prepared, boundParameters());
    }

    @Override
    public boolean execute() throws SQLException {
        return run(prepared, boundParameters());
    }

    @Override
    public void addBatch() throws SQLException {
        batch.add(boundParameters().clone()); // setting the next values must not change this entry
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        return toIntCounts(executeLargeBatch());
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        checkOpen();
        getMoreResults();
        clearGeneratedKeys();
        List<Object[]> entries = new ArrayList<>(batch);
        batch.clear();
        return runBatch(entries, params -> runBatchEntry(prepared, params));
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        Arrays.fill(parameters, null);
        Arrays.fill(isSet, false);
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return prepared.isQuery() ? new VersoResultSetMetaData(prepared.columns(), connection.schema()) : null;
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        checkOpen();
        return new VersoParameterMetaData(prepared.parameters());
    }

    // ---- the SQL-text forms of Statement do not apply to a prepared statement (JDBC requires an exception)

    private static SQLException textNotAllowed(String method) {
        return SqlExceptions.create(method + "(String) cannot be called on a PreparedStatement",
            SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE);
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        throw textNotAllowed("executeQuery");
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        throw textNotAllowed("executeUpdate");
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        throw textNotAllowed("executeLargeUpdate");
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        throw textNotAllowed("execute");
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        throw textNotAllowed("addBatch");
    }

    // ---- setters

    @Override
    public void setNull(int parameterIndex, int sqlType) throws SQLException {
        bind(parameterIndex, null);
    }

    @Override
    public void setNull(int parameterIndex, int sqlType, String typeName) throws SQLException {
        bind(parameterIndex, null);
    }

    @Override
    public void setBoolean(int parameterIndex, boolean x) throws SQLException {
        bind(parameterIndex, x);
    }

    @Override
    public void setByte(int parameterIndex, byte x) throws SQLException {
        // The engine has no TINYINT; SMALLINT holds every byte.
        bind(parameterIndex, (short) x);
    }

    @Override
    public void setShort(int parameterIndex, short x) throws SQLException {
        bind(parameterIndex, x);
    }

    @Override
    public void setInt(int parameterIndex, int x) throws SQLException {
        bind(parameterIndex, x);
    }

    @Override
    public void setLong(int parameterIndex, long x) throws SQLException {
        bind(parameterIndex, x);
    }

    @Override
    public void setFloat(int parameterIndex, float x) throws SQLException {
        bind(parameterIndex, x);
    }

    @Override
    public void setDouble(int parameterIndex, double x) throws SQLException {
        bind(parameterIndex, x);
    }

    @Override
    public void setBigDecimal(int parameterIndex, BigDecimal x) throws SQLException {
        bind(parameterIndex, x);
    }

    @Override
    public void setString(int parameterIndex, String x) throws SQLException {
        bind(parameterIndex, x);
    }

    @Override
    public void setNString(int parameterIndex, String value) throws SQLException {
        bind(parameterIndex, value);
    }

    @Override
    public void setDate(int parameterIndex, Date x) throws SQLException {
        bind(parameterIndex, x);
    }

    @Override
    public void setTime(int parameterIndex, Time x) throws SQLException {
        bind(parameterIndex, x);
    }

    @Override
    public void setTimestamp(int parameterIndex, Timestamp x) throws SQLException {
        bind(parameterIndex, x);
    }

    // With a Calendar, JDBC means: store the wall-clock time the instant has in the calendar's zone.

    private static LocalDateTime wallClock(java.util.Date x, Calendar cal) {
        return LocalDateTime.ofInstant(Instant.ofEpochMilli(x.getTime()), cal.getTimeZone().toZoneId());
    }

    @Override
    public void setDate(int parameterIndex, Date x, Calendar cal) throws SQLException {
        // Bound as a LocalDate: a java.sql.Date would be read back in the JVM's zone, shifting values near DST changes.
        bind(parameterIndex, x == null || cal == null ? x : wallClock(x, cal).toLocalDate());
    }

    @Override
    public void setTime(int parameterIndex, Time x, Calendar cal) throws SQLException {
        bind(parameterIndex, x == null || cal == null ? x : wallClock(x, cal).toLocalTime());
    }

    @Override
    public void setTimestamp(int parameterIndex, Timestamp x, Calendar cal) throws SQLException {
        if (x == null || cal == null) {
            bind(parameterIndex, x);
            return;
        }
        // Bound as a LocalDateTime, for the same reason as in setDate.
        bind(parameterIndex, wallClock(x, cal).withNano(x.getNanos()));
    }

    /** A copy is bound, so changing the array afterwards does not change what executes. */
    @Override
    public void setBytes(int parameterIndex, byte[] x) throws SQLException {
        bind(parameterIndex, x == null ? null : x.clone());
    }

    @Override
    public void setBinaryStream(int parameterIndex, InputStream x) throws SQLException {
        bind(parameterIndex, readAll(x, -1));
    }

    @Override
    public void setBinaryStream(int parameterIndex, InputStream x, int length) throws SQLException {
        bind(parameterIndex, readAll(x, length));
    }

    @Override
    public void setBinaryStream(int parameterIndex, InputStream x, long length) throws SQLException {
        bind(parameterIndex, readAll(x, length));
    }

    @Override
    public void setObject(int parameterIndex, Object x) throws SQLException {
        bind(parameterIndex, engineValue(x));
    }

    @Override
    public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
        checkTargetType(targetSqlType);
        bind(parameterIndex, engineValue(x));
    }

    @Override
    public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        checkTargetType(targetSqlType);
        Object value = engineValue(x);
        if ((targetSqlType == Types.DECIMAL || targetSqlType == Types.NUMERIC) && value != null) {
            try {
                value = Values.toBigDecimal(value, ValueType.DECIMAL).setScale(scaleOrLength, RoundingMode.HALF_UP);
            } catch (RuntimeException e) {
                throw SqlExceptions.of(e);
            }
        }
        bind(parameterIndex, value);
    }

    @Override
    public void setCharacterStream(int parameterIndex, Reader reader) throws SQLException {
        bind(parameterIndex, readAll(reader, -1));
    }

    @Override
    public void setCharacterStream(int parameterIndex, Reader reader, int length) throws SQLException {
        bind(parameterIndex, readAll(reader, length));
    }

    @Override
    public void setCharacterStream(int parameterIndex, Reader reader, long length) throws SQLException {
        bind(parameterIndex, readAll(reader, length));
    }

    @Override
    public void setNCharacterStream(int parameterIndex, Reader value) throws SQLException {
        bind(parameterIndex, readAll(value, -1));
    }

    @Override
    public void setNCharacterStream(int parameterIndex, Reader value, long length) throws SQLException {
        bind(parameterIndex, readAll(value, length));
    }

    /** Reads a character stream into the VARCHAR value it stands for; {@code length < 0} reads to the end. */
    private static String readAll(Reader reader, long length) throws SQLException {
        if (reader == null) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        char[] buffer = new char[8192];
        try {
            while (length < 0 || text.length() < length) {
                int max = length < 0 ? buffer.length : (int) Math.min(buffer.length, length - text.length());
                int n = reader.read(buffer, 0, max);
                if (n < 0) {
                    break;
                }
                text.append(buffer, 0, n);
            }
        } catch (IOException e) {
            throw SqlExceptions.create("cannot read the character stream: " + e.getMessage(), SqlState.DATA_EXCEPTION,
                e);
        }
        return text.toString();
    }

    /** Reads a binary stream into the VARBINARY value it stands for; {@code length < 0} reads to the end. */
    private static byte[] readAll(InputStream in, long length) throws SQLException {
        if (in == null) {
            return null;
        }
        try {
            return length < 0 ? in.readAllBytes() : in.readNBytes((int) Math.min(length, Integer.MAX_VALUE));
        } catch (IOException e) {
            throw SqlExceptions.create("cannot read the binary stream: " + e.getMessage(), SqlState.DATA_EXCEPTION, e);
        }
    }

    /**
     * A setObject value the engine can convert (see engine-common's {@link Values}); any other class is refused here
     * rather than failing somewhere inside the engine. Byte arrays are copied, as in {@link #setBytes}.
     */
    static Object engineValue(Object x) throws SQLException {
        if (x instanceof byte[] bytes) {
            return bytes.clone();
        }
        if (!Values.isSupported(x)) {
            throw SqlExceptions.unsupported("a parameter of class " + x.getClass().getName());
        }
        return x;
    }

    private static void checkTargetType(int targetSqlType) throws SQLException {
        switch (targetSqlType) {
            case Types.BLOB: case Types.CLOB:
            case Types.NCLOB: case Types.ARRAY: case Types.STRUCT: case Types.REF: case Types.REF_CURSOR:
            case Types.ROWID: case Types.SQLXML: case Types.DATALINK: case Types.JAVA_OBJECT: case Types.DISTINCT:
                throw SqlExceptions.unsupported("parameters of java.sql.Types code " + targetSqlType);
            default:
                // Scalar targets: the engine converts the value to the parameter's inferred type.
        }
    }
}
