package org.verso.common.type;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Locale;
import java.util.Optional;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;

/**
 * Every rule that turns a value into another: the one place where Verso decides what a value of one type means as
 * another type. Both directions go through here:
 *
 * <p><b>Into the engine</b>, to the canonical value of a {@link DataType} (see {@link ValueType}):
 * <ul>
 *   <li>{@link #toType}: any supported Java value as the canonical class of a type. Numbers convert between kinds
 *       when they fit (22003 otherwise), a fraction rounds half up to an integer kind or to a DECIMAL's scale,
 *       text parses (22018 or 22007 when it cannot), dates and times convert between their Java forms;</li>
 *   <li>{@link #assign}: storing into a column (SQL assignment). As {@link #toType}, then the column's rules: the
 *       length of CHAR, VARCHAR, BINARY and VARBINARY (22001; trailing blanks of a CHAR value are not stored, a
 *       BINARY value is padded with zero bytes), the range of an integer kind and the precision of a DECIMAL (22003),
 *       each message naming the column;</li>
 *   <li>{@link #parameter}: a statement parameter. Its type was only inferred from its neighbours, so a value is
 *       never rounded to fit it: a fraction for an integer, a time of day for a DATE and a date for a TIME fail
 *       with 22018 (the exact-parameter rule); a DECIMAL keeps its own scale;</li>
 *   <li>{@link #cast}: SQL CAST between engine values, which needs the source type to read a day count or a
 *       microsecond count;</li>
 *   <li>{@link #exactKey}: a lookup key, converted exactly to a key column's type, or nothing when no stored value
 *       can equal it (1.5 for an INTEGER key, a six-character string for a VARCHAR(5) key).</li>
 * </ul>
 *
 * <p><b>Out of the engine</b>, from a canonical value of a known {@link ValueType} to what a reader asks for (the
 * JDBC getters, later the network server's text format): {@link #toText}, {@link #toLong}, {@link #toDouble},
 * {@link #toBigDecimal}, {@link #toBoolean}, {@link #toLocalDate}, {@link #toLocalTime}, {@link #toLocalDateTime},
 * {@link #toBytes}. A fraction read as an integer is truncated toward zero, as a cast of a double to a long is;
 * conversions no reader expects, such as a date to a number, are 22018.
 *
 * <p>Java's date and time classes of {@code java.sql} and {@code java.util.Date} are read in the JVM's time zone,
 * as JDBC does; {@code java.time} values carry no zone and are taken as they are.
 */
public final class Values {
    private Values() {
    }

    // ---- into the engine

    /** The value as the canonical class of {@code target}; a value already of that class is returned as is. */
    public static Object canonical(Object value, DataType target) {
        if (value == null || value.getClass() == target.kind().javaClass()) {
            return value;
        }
        return toType(value, target);
    }

    /** Whether {@link #toType} knows the value's class at all (for some target type). */
    public static boolean isSupported(Object value) {
        return value == null || value instanceof Number || value instanceof String || value instanceof Boolean
            || value instanceof Character || value instanceof byte[] || value instanceof java.util.Date
            || value instanceof LocalDate || value instanceof LocalTime || value instanceof LocalDateTime
            || value instanceof java.util.UUID || value instanceof OffsetDateTime || value instanceof ZonedDateTime
            || value instanceof Instant;
    }

    /** A Java value (see the class comment) as the canonical engine value of {@code target}; no length rules. */
    public static Object toType(Object value, DataType target) {
        if (value == null) {
            return null;
        }
        ValueType kind = target.kind();
        return switch (kind) {
            case BOOLEAN -> booleanOf(value, target);
            case SMALLINT, INTEGER, BIGINT -> Numerics.boxIntegral(integralOf(value, target), kind);
            case REAL -> (float) doubleOf(value, target);
            case DOUBLE -> doubleOf(value, target);
            case DECIMAL -> {
                BigDecimal d = decimalOf(value, target);
                yield target.precision() > 0 ? d.setScale(target.scale(), RoundingMode.HALF_UP) : d;
            }
            case CHAR, VARCHAR -> textOf(value, target);
            case BINARY, VARBINARY -> bytesOf(value, target);
            case DATE -> DateTimes.toEpochDay(localDateOf(value, target));
            case TIME -> DateTimes.toMicroOfDay(localTimeOf(value, target));
            case TIMESTAMP -> DateTimes.toEpochMicros(localDateTimeOf(value, target));
            case TIMESTAMP_TZ -> instantOf(value, target);
            case UUID -> uuidOf(value, target);
        };
    }

    /**
     * The value to store in column {@code column} of type {@code type} (SQL assignment; see the class comment).
     * A value of no class the column can take is 22000; NOT NULL is the table's to check.
     */
    public static Object assign(Object value, DataType type, String column) {
        if (value == null) {
            return null;
        }
        ValueType kind = type.kind();
        if (kind.isIntegral() && value instanceof Number n) {
            return Numerics.boxIntegral(assignIntegral(n, type, column), kind);
        }
        if (kind == ValueType.DECIMAL && value instanceof Number n) {
            BigDecimal d = Numerics.exact(n);
            if (d == null) {
                throw ErrorCode.NUMERIC_OUT_OF_RANGE.exception(value, column, type);
            }
            BigDecimal scaled = d.setScale(type.scale(), RoundingMode.HALF_UP);
            if (Numerics.exceedsPrecision(scaled, type)) {
                throw ErrorCode.NUMERIC_OUT_OF_RANGE.exception(value, column, type);
            }
            return scaled;
        }
        Object converted;
        try {
            converted = canonical(value, type);
        } catch (VersoException e) {
            if (e.code() != ErrorCode.INVALID_CAST) {
                throw e;
            }
            throw ErrorCode.DATA_TYPE_MISMATCH.exception(e, shown(value), value.getClass().getSimpleName(), column,
                type);
        }
        if (kind.isString()) {
            String s = kind == ValueType.CHAR ? stripTrailingBlanks((String) converted) : (String) converted;
            int length = s.codePointCount(0, s.length());
            if (length > type.length()) {
                throw ErrorCode.STRING_TOO_LONG.exception(column, type, length);
            }
            return s;
        }
        if (kind.isBinary()) {
            byte[] bytes = (byte[]) converted;
            if (bytes.length > type.length()) {
                throw ErrorCode.BINARY_TOO_LONG.exception(column, type, bytes.length);
            }
            return kind == ValueType.BINARY ? Bytes.padded(bytes, type.length()) : bytes;
        }
        return converted;
    }

    /** A statement parameter as the canonical value of its inferred type, never losing information. */
    public static Object parameter(Object value, DataType target) {
        if (value == null) {
            return null;
        }
        switch (target.kind()) {
            case SMALLINT, INTEGER, BIGINT -> {
                if (!Numerics.isIntegralClass(value)) {
                    BigDecimal d = decimalOf(value, target);
                    if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
                        throw ErrorCode.INEXACT_PARAMETER.exception(shown(value), target);
                    }
                }
                return toType(value, target);
            }
            case DECIMAL -> {
                BigDecimal d = decimalOf(value, target);
                if (Numerics.exceedsPrecision(d, target)) {
                    throw ErrorCode.VALUE_OUT_OF_RANGE.exception(d.toPlainString(), target);
                }
                return d;
            }
            case DATE -> {
                if (hasTimeOfDay(value) && !localDateTimeOf(value, target).toLocalTime().equals(LocalTime.MIDNIGHT)) {
                    throw ErrorCode.INEXACT_PARAMETER.exception(shown(value), target);
                }
                return toType(value, target);
            }
            case TIME -> {
                if (value instanceof LocalDateTime || value instanceof LocalDate || value instanceof java.sql.Date
                    || (value instanceof java.util.Date && !(value instanceof java.sql.Time))) {
                    throw ErrorCode.INEXACT_PARAMETER.exception(shown(value), target);
                }
                return toType(value, target);
            }
            default -> {
                return toType(value, target);
            }
        }
    }

    /** CAST of the engine value {@code value} of type {@code source} to {@code target}. */
    public static Object cast(Object value, DataType source, DataType target) {
        if (value == null) {
            return null;
        }
        Object result = toType(asJava(value, source.kind()), target);
        if (target.kind() == ValueType.DECIMAL && Numerics.exceedsPrecision((BigDecimal) result, target)) {
            throw ErrorCode.VALUE_OUT_OF_RANGE.exception(((BigDecimal) result).toPlainString(), target);
        }
        return result;
    }

    /**
     * A lookup key component converted exactly to the key column's type {@code type}, or empty when no value the
     * column holds can equal it: a fraction for an integer column, a number out of the column's range, more
     * decimal places than a DECIMAL's scale, a string or byte string longer than the column's length, or a value
     * of a class the column cannot take. A CHAR key loses its trailing blanks and a BINARY key is padded, as the
     * stored values are. Null matches nothing.
     */
    public static Optional<Object> exactKey(Object value, DataType type) {
        if (value == null) {
            return Optional.empty();
        }
        ValueType kind = type.kind();
        if (kind.isIntegral() && Numerics.isIntegralClass(value)) { // the common case, without a BigDecimal
            long v = ((Number) value).longValue();
            if (v < Numerics.min(kind) || v > Numerics.max(kind)) {
                return Optional.empty();
            }
            return Optional.of(value.getClass() == kind.javaClass() ? value : Numerics.boxIntegral(v, kind));
        }
        if (kind.isIntegral() || kind == ValueType.DECIMAL) {
            if (!(value instanceof Number n)) {
                return Optional.empty();
            }
            BigDecimal exact = Numerics.exact(n);
            if (exact == null) {
                return Optional.empty();
            }
            if (kind == ValueType.DECIMAL) {
                BigDecimal stripped = exact.stripTrailingZeros();
                if (stripped.scale() > type.scale() && exact.signum() != 0) {
                    return Optional.empty();
                }
                BigDecimal scaled = exact.setScale(type.scale(), RoundingMode.UNNECESSARY);
                return Numerics.exceedsPrecision(scaled, type) ? Optional.empty() : Optional.of(scaled);
            }
            if (exact.signum() != 0 && exact.stripTrailingZeros().scale() > 0) {
                return Optional.empty();
            }
            if (exact.compareTo(BigDecimal.valueOf(Numerics.min(kind))) < 0
                || exact.compareTo(BigDecimal.valueOf(Numerics.max(kind))) > 0) {
                return Optional.empty();
            }
            return Optional.of(Numerics.boxIntegral(exact.longValueExact(), kind));
        }
        if (kind.isString() && value instanceof String s) {
            String key = kind == ValueType.CHAR ? stripTrailingBlanks(s) : s;
            return key.codePointCount(0, key.length()) > type.length() ? Optional.empty() : Optional.of(key);
        }
        if (kind.isBinary() && value instanceof byte[] bytes) {
            if (bytes.length > type.length()) {
                return Optional.empty();
            }
            return Optional.of(kind == ValueType.BINARY ? Bytes.padded(bytes, type.length()) : bytes);
        }
        if (value.getClass() != kind.javaClass()) {
            return Optional.empty();
        }
        return Optional.of(value);
    }

    // ---- out of the engine

    /** The text form of a value of type {@code type}: what CAST to VARCHAR and JDBC's getString give. */
    public static String toText(Object value, ValueType type) {
        return textOf(asJava(value, type), null);
    }

    /** The value as a BigDecimal; every number converts exactly (a double through its shortest decimal form). */
    public static BigDecimal toBigDecimal(Object value, ValueType type) {
        if (type.isTemporal() || type.isBinary()) {
            throw cannotConvert(value, "DECIMAL");
        }
        if (value instanceof Boolean b) {
            return b ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        return decimalOf(value, DataType.of(ValueType.DECIMAL));
    }

    /**
     * The value as a whole number in [min, max] for a reader of type {@code target} (named in the message); a
     * fraction is truncated toward zero. 22003 when out of range.
     */
    public static long toLong(Object value, ValueType type, long min, long max, String target) {
        long result;
        if (type.isTemporal() || type.isBinary()) {
            throw cannotConvert(value, target);
        }
        if (Numerics.isIntegralClass(value)) {
            result = ((Number) value).longValue();
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || d < min || d >= max + 1.0) {
                throw outOfRange(value, target);
            }
            result = (long) d;
        } else if (value instanceof Boolean b) {
            result = b ? 1 : 0;
        } else {
            BigInteger i = decimalOf(value, DataType.of(ValueType.DECIMAL)).toBigInteger();
            if (i.bitLength() > 63) {
                throw outOfRange(value, target);
            }
            result = i.longValue();
        }
        if (result < min || result > max) {
            throw outOfRange(value, target);
        }
        return result;
    }

    public static double toDouble(Object value, ValueType type) {
        if (type.isTemporal() || type.isBinary()) {
            throw cannotConvert(value, "DOUBLE");
        }
        if (value instanceof Boolean b) {
            return b ? 1 : 0;
        }
        return doubleOf(value, DataType.of(ValueType.DOUBLE));
    }

    /** As {@link #toDouble}; 22003 when the value is beyond the range of a float. */
    public static float toFloat(Object value, ValueType type) {
        double d = toDouble(value, type);
        if (!Double.isInfinite(d) && Math.abs(d) > Float.MAX_VALUE) {
            throw outOfRange(value, "REAL");
        }
        return (float) d;
    }

    /** Numbers are true when not zero; text is true/false, t/f, yes/no, y/n, on/off or 1/0. */
    public static boolean toBoolean(Object value, ValueType type) {
        if (type.isTemporal() || type.isBinary()) {
            throw cannotConvert(value, "BOOLEAN");
        }
        if (value instanceof Number n && !Numerics.isIntegralClass(n)) {
            BigDecimal d = Numerics.exact(n);
            if (d == null) {
                throw cannotConvert(value, "BOOLEAN");
            }
            return d.signum() != 0;
        }
        return booleanOf(value, DataType.of(ValueType.BOOLEAN));
    }

    /** A DATE, the day of a TIMESTAMP, or date text. */
    public static LocalDate toLocalDate(Object value, ValueType type) {
        if (type == ValueType.TIME || type.isBinary() || (value instanceof Number && !type.isTemporal())) {
            throw cannotConvert(value, "DATE");
        }
        return localDateOf(asJava(value, type), DataType.of(ValueType.DATE));
    }

    /** A TIME, the time of day of a TIMESTAMP, or time text. */
    public static LocalTime toLocalTime(Object value, ValueType type) {
        if (type == ValueType.DATE || type.isBinary() || (value instanceof Number && !type.isTemporal())) {
            throw cannotConvert(value, "TIME");
        }
        Object java = asJava(value, type);
        if (java instanceof String s) {
            try {
                return DateTimes.parseTime(s);
            } catch (VersoException e) {
                return DateTimes.parseTimestamp(s).toLocalTime();
            }
        }
        return localTimeOf(java, DataType.of(ValueType.TIME));
    }

    /** A TIMESTAMP, the start of a DATE's day, or timestamp text. */
    public static LocalDateTime toLocalDateTime(Object value, ValueType type) {
        if (type == ValueType.TIME || type.isBinary() || (value instanceof Number && !type.isTemporal())) {
            throw cannotConvert(value, "TIMESTAMP");
        }
        return localDateTimeOf(asJava(value, type), DataType.of(ValueType.TIMESTAMP));
    }

    /** A copy of a binary value's bytes; other types are 22018. */
    public static byte[] toBytes(Object value, ValueType type) {
        if (!(value instanceof byte[] bytes)) {
            throw cannotConvert(value, "VARBINARY");
        }
        return bytes.clone();
    }

    // ---- conversions of one Java value to one canonical class

    /** An engine value of type {@code type} as the Java object it stands for (temporal counts as java.time). */
    private static Object asJava(Object value, ValueType type) {
        return switch (type) {
            case DATE -> value instanceof Integer days ? DateTimes.toLocalDate(days) : value;
            case TIME -> value instanceof Long micros ? DateTimes.toLocalTime(micros) : value;
            case TIMESTAMP -> value instanceof Long micros ? DateTimes.toLocalDateTime(micros) : value;
            case TIMESTAMP_TZ -> value instanceof Long micros ? DateTimes.toOffsetDateTime(micros) : value;
            default -> value;
        };
    }

    private static Boolean booleanOf(Object value, DataType target) {
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
        if (Numerics.isIntegralClass(value)) {
            return ((Number) value).longValue() != 0;
        }
        throw mismatch(value, target);
    }

    /** A whole number within the target kind's range; a fraction rounds half up. */
    private static long integralOf(Object value, DataType target) {
        long min = Numerics.min(target.kind());
        long max = Numerics.max(target.kind());
        if (Numerics.isIntegralClass(value)) {
            long v = ((Number) value).longValue();
            if (v < min || v > max) {
                throw ErrorCode.VALUE_OUT_OF_RANGE.exception(value, target);
            }
            return v;
        }
        Long rounded = Numerics.roundToLong(decimalOf(value, target), min, max);
        if (rounded == null) {
            throw ErrorCode.VALUE_OUT_OF_RANGE.exception(shown(value), target);
        }
        return rounded;
    }

    private static long assignIntegral(Number n, DataType type, String column) {
        long min = Numerics.min(type.kind());
        long max = Numerics.max(type.kind());
        if (Numerics.isIntegralClass(n)) {
            long v = n.longValue();
            if (v < min || v > max) {
                throw ErrorCode.NUMERIC_OUT_OF_RANGE.exception(n, column, type);
            }
            return v;
        }
        BigDecimal exact = Numerics.exact(n);
        Long rounded = exact == null ? null : Numerics.roundToLong(exact, min, max);
        if (rounded == null) {
            throw ErrorCode.NUMERIC_OUT_OF_RANGE.exception(n, column, type);
        }
        return rounded;
    }

    private static double doubleOf(Object value, DataType target) {
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
        return decimalOf(value, target).doubleValue();
    }

    /** Any number, or numeric text, as a BigDecimal; NaN and the infinities are out of range. */
    private static BigDecimal decimalOf(Object value, DataType target) {
        if (value instanceof Number n) {
            BigDecimal d = Numerics.exact(n);
            if (d == null) {
                throw ErrorCode.VALUE_OUT_OF_RANGE.exception(value, target);
            }
            return d;
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

    /** The text of a value; {@code target} only names the type in an error (null when reading). */
    private static String textOf(Object value, DataType target) {
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
        if (value instanceof byte[] bytes) {
            return Bytes.toHex(bytes);
        }
        if (value instanceof java.util.UUID uuid) {
            return uuid.toString();
        }
        if (value instanceof OffsetDateTime || value instanceof ZonedDateTime || value instanceof Instant) {
            return DateTimes.formatTimestampTz(instantOf(value, target));
        }
        if (value instanceof LocalDate || value instanceof java.sql.Date) {
            return DateTimes.formatDate(DateTimes.toEpochDay(localDateOf(value, target)));
        }
        if (value instanceof LocalTime || value instanceof java.sql.Time) {
            return DateTimes.formatTime(DateTimes.toMicroOfDay(localTimeOf(value, target)));
        }
        if (value instanceof LocalDateTime || value instanceof java.util.Date) {
            return DateTimes.formatTimestamp(DateTimes.toEpochMicros(localDateTimeOf(value, target)));
        }
        throw mismatch(value, target == null ? DataType.varchar(DataType.MAX_STRING_LENGTH) : target);
    }

    /** A UUID, its text (see {@link Uuids#parse}) or its 16 bytes. */
    private static java.util.UUID uuidOf(Object value, DataType target) {
        if (value instanceof java.util.UUID uuid) {
            return uuid;
        }
        if (value instanceof String s) {
            java.util.UUID uuid = Uuids.parse(s);
            if (uuid == null) {
                throw ErrorCode.INVALID_CAST.exception("'" + s + "' (not a UUID)", target);
            }
            return uuid;
        }
        if (value instanceof byte[] bytes && bytes.length == Uuids.BYTES) {
            return Uuids.fromBytes(bytes);
        }
        throw mismatch(value, target);
    }

    private static byte[] bytesOf(Object value, DataType target) {
        if (value instanceof byte[] bytes) {
            return bytes;
        }
        if (value instanceof java.util.UUID uuid) {
            return Uuids.toBytes(uuid);
        }
        if (value instanceof String s) {
            byte[] bytes = Bytes.parseHex(s);
            if (bytes == null) {
                throw ErrorCode.INVALID_CAST.exception("'" + s + "' (not hexadecimal digits)", target);
            }
            return bytes;
        }
        throw mismatch(value, target);
    }

    private static LocalDate localDateOf(Object value, DataType target) {
        if (value instanceof LocalDate d) {
            return d;
        }
        if (value instanceof java.sql.Date d) {
            return d.toLocalDate();
        }
        if (value instanceof String s) {
            return DateTimes.parseDate(s);
        }
        if (value instanceof LocalDateTime || (value instanceof java.util.Date && !(value instanceof java.sql.Time))
            || isInstant(value)) {
            return localDateTimeOf(value, target).toLocalDate();
        }
        throw mismatch(value, target);
    }

    private static LocalTime localTimeOf(Object value, DataType target) {
        if (value instanceof LocalTime t) {
            return t;
        }
        if (value instanceof java.sql.Time t) {
            // Time.toLocalTime() drops the milliseconds a Time can carry; read them from the instant instead.
            return LocalDateTime.ofInstant(Instant.ofEpochMilli(t.getTime()), ZoneId.systemDefault()).toLocalTime();
        }
        if (value instanceof String s) {
            return DateTimes.parseTime(s);
        }
        if (value instanceof LocalDateTime || value instanceof java.sql.Timestamp || isInstant(value)) {
            return localDateTimeOf(value, target).toLocalTime();
        }
        throw mismatch(value, target);
    }

    private static LocalDateTime localDateTimeOf(Object value, DataType target) {
        if (value instanceof LocalDateTime t) {
            return t;
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toLocalDateTime();
        }
        if (value instanceof LocalDate || value instanceof java.sql.Date) {
            return localDateOf(value, target).atStartOfDay();
        }
        if (value instanceof String s) {
            return DateTimes.parseTimestamp(s);
        }
        if (value instanceof java.util.Date d && !(value instanceof java.sql.Time)) {
            return LocalDateTime.ofInstant(Instant.ofEpochMilli(d.getTime()), ZoneId.systemDefault());
        }
        if (isInstant(value)) {
            return DateTimes.toOffsetDateTime(instantOf(value, target)).toLocalDateTime();
        }
        throw mismatch(value, target);
    }

    /** Java's classes of an instant: a point on the time line, whatever zone or offset it is written in. */
    private static boolean isInstant(Object value) {
        return value instanceof OffsetDateTime || value instanceof ZonedDateTime || value instanceof Instant;
    }

    /**
     * A TIMESTAMP WITH TIME ZONE: an instant as such, a {@code java.util.Date} (a {@code Timestamp} too) as the
     * instant it holds, text with or without an offset, and a wall-clock time or date in the session's zone.
     */
    private static long instantOf(Object value, DataType target) {
        if (value instanceof OffsetDateTime t) {
            return DateTimes.toEpochMicros(t.toInstant());
        }
        if (value instanceof ZonedDateTime t) {
            return DateTimes.toEpochMicros(t.toInstant());
        }
        if (value instanceof Instant t) {
            return DateTimes.toEpochMicros(t);
        }
        if (value instanceof java.sql.Timestamp t) {
            return DateTimes.toEpochMicros(t.toInstant());
        }
        if (value instanceof String s) {
            return DateTimes.parseTimestampTz(s);
        }
        if (value instanceof java.util.Date && !(value instanceof java.sql.Time) && !(value instanceof java.sql.Date)) {
            return DateTimes.toEpochMicros(Instant.ofEpochMilli(((java.util.Date) value).getTime()));
        }
        return DateTimes.instantOf(localDateTimeOf(value, target));
    }

    /** Values that carry a time of day besides a date, which a DATE parameter must not silently drop. */
    private static boolean hasTimeOfDay(Object value) {
        return value instanceof LocalDateTime || (value instanceof java.util.Date
            && !(value instanceof java.sql.Date) && !(value instanceof java.sql.Time));
    }

    private static String stripTrailingBlanks(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return end == s.length() ? s : s.substring(0, end);
    }

    private static String shown(Object value) {
        if (value instanceof String) {
            return "'" + value + "'";
        }
        if (value instanceof byte[] bytes) {
            return "X'" + Bytes.toHex(bytes) + "'";
        }
        return String.valueOf(value);
    }

    private static VersoException mismatch(Object value, DataType target) {
        return cannotConvert(value, String.valueOf(target));
    }

    private static VersoException cannotConvert(Object value, String target) {
        String described = value instanceof String || value instanceof byte[]
            ? shown(value) : value + " (" + value.getClass().getSimpleName() + ")";
        return ErrorCode.INVALID_CAST.exception(described, target);
    }

    private static VersoException outOfRange(Object value, String target) {
        return ErrorCode.VALUE_OUT_OF_RANGE.exception(value, target);
    }
}
