package org.verso.jdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;
import org.verso.common.type.ValueType;

/**
 * Converts a canonical engine value (see {@link ValueType}) to what a ResultSet getter promises: numbers widen and
 * narrow (a value that does not fit is 22003), strings parse (a string that is no number, date or timestamp is
 * 22018), DATE and TIMESTAMP become java.sql or java.time objects. Conversions no JDBC user expects, such as a date
 * to an int, are 22018.
 *
 * <p>A DATE is an Integer day count and a TIMESTAMP a Long millisecond count of local wall-clock time, both since
 * 1970-01-01, so the column's type is needed to read an Integer or Long correctly.
 */
final class ValueConversions {
    /** How timestamps print: ISO date, space, time with seconds, and milliseconds only when they are not zero. */
    private static final DateTimeFormatter TIMESTAMP_TEXT = new DateTimeFormatterBuilder()
        .append(DateTimeFormatter.ISO_LOCAL_DATE)
        .appendLiteral(' ')
        .appendPattern("HH:mm:ss")
        .optionalStart().appendFraction(ChronoField.MILLI_OF_SECOND, 0, 3, true).optionalEnd()
        .toFormatter(Locale.ROOT);

    private ValueConversions() {
    }

    static LocalDate toLocalDate(ValueType type, Object v) throws SQLException {
        if (type == ValueType.DATE && v instanceof Integer days) {
            return LocalDate.ofEpochDay(days);
        }
        if (type == ValueType.TIMESTAMP && v instanceof Long) {
            return toLocalDateTime(type, v).toLocalDate();
        }
        if (v instanceof String s) {
            try {
                return LocalDate.parse(s.trim());
            } catch (DateTimeParseException e) {
                return parseLocalDateTime(s).toLocalDate();
            }
        }
        throw cannotConvert(v, "DATE");
    }

    static LocalDateTime toLocalDateTime(ValueType type, Object v) throws SQLException {
        if (type == ValueType.TIMESTAMP && v instanceof Long millis) {
            long seconds = Math.floorDiv(millis, 1000L);
            int nanos = (int) Math.floorMod(millis, 1000L) * 1_000_000;
            return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
        }
        if (type == ValueType.DATE && v instanceof Integer) {
            return toLocalDate(type, v).atStartOfDay();
        }
        if (v instanceof String s) {
            return parseLocalDateTime(s);
        }
        throw cannotConvert(v, "TIMESTAMP");
    }

    static LocalTime toLocalTime(ValueType type, Object v) throws SQLException {
        if (type == ValueType.TIMESTAMP && v instanceof Long) {
            return toLocalDateTime(type, v).toLocalTime();
        }
        if (v instanceof String s) {
            try {
                return LocalTime.parse(s.trim());
            } catch (DateTimeParseException e) {
                return parseLocalDateTime(s).toLocalTime();
            }
        }
        throw cannotConvert(v, "TIME");
    }

    private static LocalDateTime parseLocalDateTime(String s) throws SQLException {
        String t = s.trim();
        try {
            return LocalDateTime.parse(t.replace(' ', 'T'));
        } catch (DateTimeParseException e) {
            try {
                return LocalDate.parse(t).atStartOfDay();
            } catch (DateTimeParseException e2) {
                throw cannotConvert(s, "TIMESTAMP");
            }
        }
    }

    static String toString(ValueType type, Object v) throws SQLException {
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (type == ValueType.DATE && v instanceof Integer) {
            return toLocalDate(type, v).toString();
        }
        if (type == ValueType.TIMESTAMP && v instanceof Long) {
            return TIMESTAMP_TEXT.format(toLocalDateTime(type, v));
        }
        if (v instanceof Date || v instanceof Time || v instanceof Timestamp) {
            return v.toString();
        }
        return String.valueOf(v);
    }

    /** The value as a BigDecimal; every numeric value converts exactly (a double through its shortest decimal form). */
    static BigDecimal toBigDecimal(ValueType type, Object v) throws SQLException {
        if (isTemporal(type)) {
            throw cannotConvert(v, "DECIMAL");
        }
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw cannotConvert(v, "DECIMAL");
            }
            return v instanceof Float ? new BigDecimal(v.toString()) : BigDecimal.valueOf(d);
        }
        if (v instanceof Number n) {
            return BigDecimal.valueOf(n.longValue());
        }
        if (v instanceof Boolean b) {
            return b ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (v instanceof String s) {
            try {
                return new BigDecimal(s.trim());
            } catch (NumberFormatException e) {
                throw cannotConvert(v, "DECIMAL");
            }
        }
        throw cannotConvert(v, "DECIMAL");
    }

    /** The value as a long within [min, max]; a fraction is truncated toward zero, as a cast to an integer does. */
    static long toLong(ValueType type, Object v, long min, long max, String target) throws SQLException {
        long result;
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            if (isTemporal(type)) {
                throw cannotConvert(v, target);
            }
            result = ((Number) v).longValue();
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || d < min || d >= max + 1.0) {
                throw outOfRange(v, target);
            }
            result = (long) d;
        } else if (v instanceof Boolean b) {
            result = b ? 1 : 0;
        } else {
            BigInteger i = toBigDecimal(type, v).toBigInteger();
            if (i.bitLength() > 63) {
                throw outOfRange(v, target);
            }
            result = i.longValue();
        }
        if (result < min || result > max) {
            throw outOfRange(v, target);
        }
        return result;
    }

    static double toDouble(ValueType type, Object v) throws SQLException {
        if (v instanceof Number n && !isTemporal(type)) {
            return n.doubleValue();
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (v instanceof String s) {
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                throw cannotConvert(v, "DOUBLE");
            }
        }
        throw cannotConvert(v, "DOUBLE");
    }

    static float toFloat(ValueType type, Object v) throws SQLException {
        double d = toDouble(type, v);
        if (!Double.isInfinite(d) && Math.abs(d) > Float.MAX_VALUE) {
            throw outOfRange(v, "REAL");
        }
        return (float) d;
    }

    /** Booleans as JDBC users expect: numbers are true when not zero, strings true/false/t/f/yes/no/on/off/1/0. */
    static boolean toBoolean(ValueType type, Object v) throws SQLException {
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof Number && !isTemporal(type)) {
            return toBigDecimal(type, v).signum() != 0;
        }
        if (v instanceof String s) {
            switch (s.trim().toLowerCase(Locale.ROOT)) {
                case "true": case "t": case "yes": case "y": case "on": case "1":
                    return true;
                case "false": case "f": case "no": case "n": case "off": case "0":
                    return false;
                default:
                    throw cannotConvert(v, "BOOLEAN");
            }
        }
        throw cannotConvert(v, "BOOLEAN");
    }

    /**
     * The object {@code getObject} returns: dates and timestamps as java.sql types, SMALLINT as Integer (the JDBC
     * mapping), everything else as is.
     */
    static Object toObject(ValueType type, Object v) throws SQLException {
        if (v instanceof Short s) {
            return s.intValue();
        }
        if (type == ValueType.DATE && v instanceof Integer) {
            return Date.valueOf(toLocalDate(type, v));
        }
        if (type == ValueType.TIMESTAMP && v instanceof Long) {
            return Timestamp.valueOf(toLocalDateTime(type, v));
        }
        return v;
    }

    /** {@code getObject(column, Class)}: the value as one of the classes JDBC 4.2 lists. */
    static <T> T toClass(ValueType type, Object v, Class<T> target) throws SQLException {
        Object result;
        if (target == Object.class) {
            result = toObject(type, v);
        } else if (target == String.class) {
            result = toString(type, v);
        } else if (target == Integer.class) {
            result = (int) toLong(type, v, Integer.MIN_VALUE, Integer.MAX_VALUE, "INTEGER");
        } else if (target == Long.class) {
            result = toLong(type, v, Long.MIN_VALUE, Long.MAX_VALUE, "BIGINT");
        } else if (target == Short.class) {
            result = (short) toLong(type, v, Short.MIN_VALUE, Short.MAX_VALUE, "SMALLINT");
        } else if (target == Byte.class) {
            result = (byte) toLong(type, v, Byte.MIN_VALUE, Byte.MAX_VALUE, "TINYINT");
        } else if (target == Double.class) {
            result = toDouble(type, v);
        } else if (target == Float.class) {
            result = toFloat(type, v);
        } else if (target == BigDecimal.class) {
            result = toBigDecimal(type, v);
        } else if (target == Boolean.class) {
            result = toBoolean(type, v);
        } else if (target == Date.class) {
            result = Date.valueOf(toLocalDate(type, v));
        } else if (target == Time.class) {
            result = Time.valueOf(toLocalTime(type, v));
        } else if (target == Timestamp.class) {
            result = Timestamp.valueOf(toLocalDateTime(type, v));
        } else if (target == LocalDate.class) {
            result = toLocalDate(type, v);
        } else if (target == LocalDateTime.class) {
            result = toLocalDateTime(type, v);
        } else if (target == LocalTime.class) {
            result = toLocalTime(type, v);
        } else {
            throw SqlExceptions.create("cannot convert " + type + " to " + target.getName(),
                SqlExceptions.INVALID_CAST);
        }
        return target.cast(result);
    }

    private static boolean isTemporal(ValueType type) {
        return type == ValueType.DATE || type == ValueType.TIMESTAMP;
    }

    private static SQLException cannotConvert(Object v, String target) {
        return SqlExceptions.create("cannot convert " + describe(v) + " to " + target, SqlExceptions.INVALID_CAST);
    }

    private static SQLException outOfRange(Object v, String target) {
        return SqlExceptions.create("value " + v + " is out of range for " + target,
            SqlExceptions.NUMERIC_OUT_OF_RANGE);
    }

    private static String describe(Object v) {
        return v instanceof String ? "'" + v + "'" : v + " (" + v.getClass().getSimpleName() + ")";
    }
}
