package org.verso.jdbc;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.verso.common.SqlState;
import org.verso.common.type.DataType;
import org.verso.common.type.DateTimes;
import org.verso.common.type.ValueType;
import org.verso.common.type.Values;

/**
 * Which Java object a ResultSet hands out for a canonical engine value: the classes of JDBC's {@code getObject}
 * and {@code getObject(column, Class)}. The conversions themselves are engine-common's {@link Values}; this class
 * only adds the {@code java.sql} wrappers JDBC prescribes.
 */
final class JdbcObjects {
    private JdbcObjects() {
    }

    /** What {@code getObject} returns: SMALLINT as Integer, dates and times as java.sql types, bytes copied. */
    static Object toObject(ValueType type, Object v) {
        return switch (type) {
            case SMALLINT -> ((Number) v).intValue();
            case DATE -> Date.valueOf(Values.toLocalDate(v, type));
            case TIME -> time(Values.toLocalTime(v, type));
            case TIMESTAMP -> Timestamp.valueOf(Values.toLocalDateTime(v, type));
            case TIMESTAMP_TZ -> DateTimes.toOffsetDateTime((Long) v);
            case BINARY, VARBINARY -> Values.toBytes(v, type);
            default -> v;
        };
    }

    /** A {@link Time} that keeps the milliseconds of {@code t} ({@code Time.valueOf} drops them). */
    static Time time(LocalTime t) {
        return new Time(Time.valueOf(t.withNano(0)).getTime() + t.getNano() / 1_000_000);
    }

    /** {@code getObject(column, Class)}: the value as one of the classes JDBC 4.2 lists. */
    static <T> T toClass(ValueType type, Object v, Class<T> target) throws java.sql.SQLException {
        Object result;
        if (target == Object.class) {
            result = toObject(type, v);
        } else if (target == String.class) {
            result = Values.toText(v, type);
        } else if (target == Integer.class) {
            result = (int) Values.toLong(v, type, Integer.MIN_VALUE, Integer.MAX_VALUE, "INTEGER");
        } else if (target == Long.class) {
            result = Values.toLong(v, type, Long.MIN_VALUE, Long.MAX_VALUE, "BIGINT");
        } else if (target == Short.class) {
            result = (short) Values.toLong(v, type, Short.MIN_VALUE, Short.MAX_VALUE, "SMALLINT");
        } else if (target == Byte.class) {
            result = (byte) Values.toLong(v, type, Byte.MIN_VALUE, Byte.MAX_VALUE, "TINYINT");
        } else if (target == Double.class) {
            result = Values.toDouble(v, type);
        } else if (target == Float.class) {
            result = Values.toFloat(v, type);
        } else if (target == BigDecimal.class) {
            result = Values.toBigDecimal(v, type);
        } else if (target == Boolean.class) {
            result = Values.toBoolean(v, type);
        } else if (target == Date.class) {
            result = Date.valueOf(Values.toLocalDate(v, type));
        } else if (target == Time.class) {
            result = time(Values.toLocalTime(v, type));
        } else if (target == Timestamp.class) {
            result = type == ValueType.TIMESTAMP_TZ ? Timestamp.from(DateTimes.toOffsetDateTime((Long) v).toInstant())
                : Timestamp.valueOf(Values.toLocalDateTime(v, type));
        } else if (target == java.time.OffsetDateTime.class || target == java.time.Instant.class
            || target == java.time.ZonedDateTime.class) {
            java.time.OffsetDateTime at = DateTimes.toOffsetDateTime((Long) Values.cast(v, DataType.of(type),
                DataType.of(ValueType.TIMESTAMP_TZ)));
            result = target == java.time.Instant.class ? at.toInstant()
                : target == java.time.ZonedDateTime.class ? at.toZonedDateTime() : at;
        } else if (target == LocalDate.class) {
            result = Values.toLocalDate(v, type);
        } else if (target == LocalDateTime.class) {
            result = Values.toLocalDateTime(v, type);
        } else if (target == LocalTime.class) {
            result = Values.toLocalTime(v, type);
        } else if (target == byte[].class) {
            result = Values.toBytes(v, type);
        } else if (target == java.util.UUID.class) {
            result = Values.cast(v, DataType.of(type), DataType.of(ValueType.UUID));
        } else {
            throw SqlExceptions.create("cannot convert " + type + " to " + target.getName(),
                SqlState.INVALID_CHARACTER_VALUE_FOR_CAST);
        }
        return target.cast(result);
    }
}
