package org.verso.sql.type;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Locale;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * Converts values to the canonical engine value of a type (see {@link ValueType}): JDBC parameters given as plain
 * Java objects, CAST between engine values, and numbers of a neighbouring class (an Integer where a BIGINT column
 * needs a Long). Failures are data exceptions: 22018 for an impossible conversion, 22003 for a number out of
 * range, 22007 for bad date text.
 *
 * <p>String conversions never truncate or pad: length rules belong to the table layer, which reports 22001.
 */
public final class ValueConverter {
    private static final BigDecimal SHORT_MIN = BigDecimal.valueOf(Short.MIN_VALUE);
    private static final BigDecimal SHORT_MAX = BigDecimal.valueOf(Short.MAX_VALUE);
    private static final BigDecimal INT_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private ValueConverter() {
    }

    /** The value as the canonical class of {@code target}; a value already of that class is returned as is. */
    public static Object canonical(Object value, DataType target) {
        if (value == null || value.getClass() == target.kind().javaClass()) {
            return value;
        }
        return fromJava(value, target);
    }

    /** CAST of an engine value of type {@code source} to {@code target}. */
    public static Object cast(Object value, DataType source, DataType target) {
        if (value == null) {
            return null;
        }
        if (source.kind() == ValueType.DATE && value instanceof Integer days) {
            return fromJava(DateTimes.toLocalDate(days), target);
        }
        if (source.kind() == ValueType.TIMESTAMP && value instanceof Long millis) {
            return fromJava(DateTimes.toLocalDateTime(millis), target);
        }
        Object result = fromJava(value, target);
        if (target.kind() == ValueType.DECIMAL && target.precision() > 0) {
            checkPrecision((BigDecimal) result, target);
        }
        return result;
    }

    /**
     * A statement parameter as the canonical engine value of its inferred type, without losing information: the
     * type of a {@code ?} is only inferred from its neighbours (the {@code ?} in {@code balance * ?} gets
     * {@code balance}'s type), so a value is never rounded to fit it. A fraction where a whole number is expected
     * and a time of day where a DATE is expected fail with 22018; a DECIMAL keeps its own scale.
     */
    public static Object parameter(Object value, DataType target) {
        if (value == null) {
            return null;
        }
        switch (target.kind()) {
            case SMALLINT, INTEGER, BIGINT -> {
                if (!(value instanceof Number n && isIntegralClass(n)) && !(value instanceof Boolean)) {
                    BigDecimal d = toBigDecimal(value, target);
                    if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
                        throw ErrorCode.INEXACT_PARAMETER.exception(value, target);
                    }
                }
                return fromJava(value, target);
            }
            case DECIMAL -> {
                BigDecimal d = toBigDecimal(value, target);
                if (target.precision() > 0 && d.precision() - d.scale() > target.precision() - target.scale()) {
                    throw ErrorCode.VALUE_OUT_OF_RANGE.exception(d.toPlainString(), target);
                }
                return d;
            }
            case DATE -> {
                if (value instanceof LocalDateTime || (value instanceof java.util.Date
                    && !(value instanceof java.sql.Date) && !(value instanceof java.sql.Time))) {
                    if (!asLocalDateTime(value).toLocalTime().equals(java.time.LocalTime.MIDNIGHT)) {
                        throw ErrorCode.INEXACT_PARAMETER.exception(value, target);
                    }
                }
                return fromJava(value, target);
            }
            default -> {
                return fromJava(value, target);
            }
        }
    }

    /** A plain Java value (a JDBC parameter) as the canonical engine value of {@code target}. */
    public static Object fromJava(Object value, DataType target) {
        if (value == null) {
            return null;
        }
        return switch (target.kind()) {
            case BOOLEAN -> toBoolean(value, target);
            case SMALLINT -> (short) toIntegral(value, target, SHORT_MIN, SHORT_MAX);
            case INTEGER -> (int) toIntegral(value, target, INT_MIN, INT_MAX);
            case BIGINT -> toIntegral(value, target, LONG_MIN, LONG_MAX);
            case REAL -> (float) toDouble(value, target);
            case DOUBLE -> toDouble(value, target);
            case DECIMAL -> toDecimal(value, target);
            case CHAR, VARCHAR -> toText(value, target);
            case DATE -> toDate(value, target);
            case TIMESTAMP -> toTimestamp(value, target);
        };
    }

    private static Boolean toBoolean(Object value, DataType target) {
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof String s) {
            switch (s.trim().toLowerCase(Locale.ROOT)) {
                case "true", "t", "yes", "y", "on", "1":
                    return Boolean.TRUE;
                case "false", "f", "no", "n", "off", "0":
                    return Boolean.FALSE;
                default:
                    throw mismatch(value, target);
            }
        }
        if (value instanceof Number n && isIntegralClass(n)) {
            return n.longValue() != 0;
        }
        throw mismatch(value, target);
    }

    private static long toIntegral(Object value, DataType target, BigDecimal min, BigDecimal max) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            long v = ((Number) value).longValue();
            if (v < min.longValue() || v > max.longValue()) {
                throw ErrorCode.VALUE_OUT_OF_RANGE.exception(value, target);
            }
            return v;
        }
        BigDecimal exact = toBigDecimal(value, target).setScale(0, RoundingMode.HALF_UP);
        if (exact.compareTo(min) < 0 || exact.compareTo(max) > 0) {
            throw ErrorCode.VALUE_OUT_OF_RANGE.exception(value, target);
        }
        return exact.longValueExact();
    }

    private static double toDouble(Object value, DataType target) {
        if (value instanceof Number n && !(value instanceof BigDecimal)) {
            return n.doubleValue();
        }
        if (value instanceof String s) {
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                throw mismatch(value, target);
            }
        }
        return toBigDecimal(value, target).doubleValue();
    }

    private static BigDecimal toDecimal(Object value, DataType target) {
        BigDecimal d = toBigDecimal(value, target);
        return target.precision() > 0 ? d.setScale(target.scale(), RoundingMode.HALF_UP) : d;
    }

    private static void checkPrecision(BigDecimal d, DataType target) {
        if (d.precision() - d.scale() > target.precision() - target.scale()) {
            throw ErrorCode.VALUE_OUT_OF_RANGE.exception(d.toPlainString(), target);
        }
    }

    /** Any numeric value, or numeric text, as a BigDecimal. */
    public static BigDecimal toBigDecimal(Object value, DataType target) {
        if (value instanceof BigDecimal d) {
            return d;
        }
        if (value instanceof Number n) {
            if (isIntegralClass(n)) {
                return BigDecimal.valueOf(n.longValue());
            }
            if (n instanceof BigInteger bi) {
                return new BigDecimal(bi);
            }
            double d = n.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw ErrorCode.VALUE_OUT_OF_RANGE.exception(value, target);
            }
            return n instanceof Float ? new BigDecimal(n.toString()) : BigDecimal.valueOf(d);
        }
        if (value instanceof String s) {
            try {
                return new BigDecimal(s.trim());
            } catch (NumberFormatException e) {
                throw mismatch(value, target);
            }
        }
        throw mismatch(value, target);
    }

    private static String toText(Object value, DataType target) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof Number || value instanceof Character) {
            return value.toString();
        }
        if (value instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        if (value instanceof LocalDate || value instanceof java.sql.Date) {
            return asLocalDate(value).toString();
        }
        if (value instanceof LocalDateTime || value instanceof java.util.Date) {
            return DateTimes.format(asLocalDateTime(value));
        }
        throw mismatch(value, target);
    }

    private static Integer toDate(Object value, DataType target) {
        if (value instanceof String s) {
            return DateTimes.toEpochDay(DateTimes.parseDate(s));
        }
        if (value instanceof LocalDate || value instanceof java.sql.Date) {
            return DateTimes.toEpochDay(asLocalDate(value));
        }
        if (value instanceof LocalDateTime || (value instanceof java.util.Date && !(value instanceof java.sql.Time))) {
            return DateTimes.toEpochDay(asLocalDateTime(value).toLocalDate());
        }
        throw mismatch(value, target);
    }

    private static Long toTimestamp(Object value, DataType target) {
        if (value instanceof String s) {
            return DateTimes.toEpochMillis(DateTimes.parseTimestamp(s));
        }
        if (value instanceof LocalDate || value instanceof java.sql.Date) {
            return DateTimes.toEpochMillis(asLocalDate(value).atStartOfDay());
        }
        if (value instanceof LocalDateTime || (value instanceof java.util.Date && !(value instanceof java.sql.Time))) {
            return DateTimes.toEpochMillis(asLocalDateTime(value));
        }
        throw mismatch(value, target);
    }

    private static LocalDate asLocalDate(Object value) {
        return value instanceof java.sql.Date d ? d.toLocalDate() : (LocalDate) value;
    }

    /** java.util.Date and java.sql.Timestamp are read in the JVM's time zone, as JDBC does. */
    private static LocalDateTime asLocalDateTime(Object value) {
        if (value instanceof LocalDateTime t) {
            return t;
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toLocalDateTime();
        }
        if (value instanceof java.sql.Date d) {
            return d.toLocalDate().atStartOfDay();
        }
        return new java.sql.Timestamp(((java.util.Date) value).getTime()).toLocalDateTime();
    }

    private static boolean isIntegralClass(Number n) {
        return n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte;
    }

    private static VersoException mismatch(Object value, DataType target) {
        String shown = value instanceof String ? "'" + value + "'" : value + " (" + value.getClass().getSimpleName() + ")";
        return ErrorCode.INVALID_CAST.exception(shown, target);
    }
}
