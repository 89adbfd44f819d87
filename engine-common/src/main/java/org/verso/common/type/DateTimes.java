package org.verso.common.type;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;
import org.verso.common.ErrorCode;

/**
 * The canonical temporal values (see {@link ValueType}) and their conversions to and from {@code java.time} and SQL
 * literal text. DATE is a day count since 1970-01-01, TIME microseconds since midnight and TIMESTAMP microseconds
 * since 1970-01-01T00:00 of wall-clock time, computed as if in UTC so that no time zone ever shifts a value.
 *
 * <p>Finer fractions (nanoseconds of a {@code java.sql.Timestamp} or {@code LocalTime}) are truncated to
 * microseconds, never rounded, so a value never moves to the next second or day.
 */
public final class DateTimes {
    /** Digits of the fraction of a second that TIME and TIMESTAMP keep. */
    public static final int FRACTION_DIGITS = 6;

    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final long MICROS_PER_DAY = 86_400L * MICROS_PER_SECOND;

    /** {@code HH:mm:ss} with the fraction only when it is not zero, without trailing zeros. */
    private static final DateTimeFormatter TIME_TEXT = new DateTimeFormatterBuilder()
        .appendPattern("HH:mm:ss")
        .optionalStart().appendFraction(ChronoField.MICRO_OF_SECOND, 0, FRACTION_DIGITS, true).optionalEnd()
        .toFormatter(Locale.ROOT);

    private static final DateTimeFormatter TIMESTAMP_TEXT = new DateTimeFormatterBuilder()
        .append(DateTimeFormatter.ISO_LOCAL_DATE)
        .appendLiteral(' ')
        .append(TIME_TEXT)
        .toFormatter(Locale.ROOT);

    private DateTimes() {
    }

    public static int toEpochDay(LocalDate date) {
        return Math.toIntExact(date.toEpochDay());
    }

    public static LocalDate toLocalDate(int epochDay) {
        return LocalDate.ofEpochDay(epochDay);
    }

    /** Microseconds since midnight; nanoseconds below a microsecond are dropped. */
    public static long toMicroOfDay(LocalTime time) {
        return time.toNanoOfDay() / 1_000L;
    }

    public static LocalTime toLocalTime(long microOfDay) {
        if (microOfDay < 0 || microOfDay >= MICROS_PER_DAY) {
            throw ErrorCode.VALUE_OUT_OF_RANGE.exception(microOfDay, ValueType.TIME);
        }
        return LocalTime.ofNanoOfDay(microOfDay * 1_000L);
    }

    /** Wall-clock time as microseconds since 1970-01-01T00:00; nanoseconds below a microsecond are dropped. */
    public static long toEpochMicros(LocalDateTime dateTime) {
        try {
            long seconds = dateTime.toEpochSecond(ZoneOffset.UTC);
            return Math.addExact(Math.multiplyExact(seconds, MICROS_PER_SECOND), dateTime.getNano() / 1_000L);
        } catch (ArithmeticException e) {
            throw ErrorCode.VALUE_OUT_OF_RANGE.exception(e, dateTime, ValueType.TIMESTAMP);
        }
    }

    public static LocalDateTime toLocalDateTime(long epochMicros) {
        long seconds = Math.floorDiv(epochMicros, MICROS_PER_SECOND);
        int nanos = (int) Math.floorMod(epochMicros, MICROS_PER_SECOND) * 1_000;
        try {
            return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
        } catch (DateTimeException e) {
            throw ErrorCode.VALUE_OUT_OF_RANGE.exception(e, epochMicros, ValueType.TIMESTAMP);
        }
    }

    /** The day of a TIMESTAMP value. */
    public static int epochDayOf(long epochMicros) {
        return Math.toIntExact(Math.floorDiv(epochMicros, MICROS_PER_DAY));
    }

    /** The time of day of a TIMESTAMP value. */
    public static long microOfDayOf(long epochMicros) {
        return Math.floorMod(epochMicros, MICROS_PER_DAY);
    }

    /** The TIMESTAMP at the start of a DATE. */
    public static long startOfDay(int epochDay) {
        return epochDay * MICROS_PER_DAY;
    }

    /** Parses {@code yyyy-MM-dd}, optionally followed by a time, which is dropped; 22007 for other text. */
    public static LocalDate parseDate(String text) {
        String s = text.trim();
        try {
            return s.length() <= 10 ? LocalDate.parse(s) : parseTimestamp(s).toLocalDate();
        } catch (DateTimeParseException e) {
            throw invalid(text, e);
        }
    }

    /** Parses {@code HH:mm[:ss[.fffffffff]]}; 22007 for other text. */
    public static LocalTime parseTime(String text) {
        try {
            return LocalTime.parse(text.trim());
        } catch (DateTimeParseException e) {
            throw invalid(text, e);
        }
    }

    /** Parses {@code yyyy-MM-dd[( |T)HH:mm[:ss[.fffffffff]]]}; a date alone means midnight; 22007 otherwise. */
    public static LocalDateTime parseTimestamp(String text) {
        String s = text.trim();
        try {
            if (s.length() <= 10) {
                return LocalDate.parse(s).atStartOfDay();
            }
            return LocalDateTime.parse(s.replace(' ', 'T'));
        } catch (DateTimeParseException e) {
            throw invalid(text, e);
        }
    }

    /**
     * The session's time zone, the JVM's default: CURRENT_TIMESTAMP is its wall-clock time, a TIMESTAMP WITH TIME
     * ZONE is shown in it, and a TIMESTAMP or a text without an offset becomes an instant in it.
     */
    public static ZoneId sessionZone() {
        return ZoneId.systemDefault();
    }

    /** An instant as microseconds since 1970-01-01T00:00Z; nanoseconds below a microsecond are dropped. */
    public static long toEpochMicros(Instant instant) {
        try {
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), MICROS_PER_SECOND),
                instant.getNano() / 1_000L);
        } catch (ArithmeticException e) {
            throw ErrorCode.VALUE_OUT_OF_RANGE.exception(e, instant, ValueType.TIMESTAMP_TZ);
        }
    }

    /** A TIMESTAMP WITH TIME ZONE value at the session zone's offset of that instant. */
    public static OffsetDateTime toOffsetDateTime(long epochMicros) {
        Instant instant = Instant.ofEpochSecond(Math.floorDiv(epochMicros, MICROS_PER_SECOND),
            Math.floorMod(epochMicros, MICROS_PER_SECOND) * 1_000L);
        return instant.atZone(sessionZone()).toOffsetDateTime();
    }

    /** The instant a wall-clock time of the session zone stands for (the later one in a gap, as PostgreSQL). */
    public static long instantOf(LocalDateTime local) {
        return toEpochMicros(local.atZone(sessionZone()).toInstant());
    }

    /**
     * Parses a TIMESTAMP WITH TIME ZONE: a timestamp as {@link #parseTimestamp} reads it, followed by an offset
     * ({@code Z}, {@code +hh}, {@code +hh:mm}, {@code +hhmm}, or the same with {@code -}); without one, the
     * session's zone. 22007 for other text.
     */
    public static long parseTimestampTz(String text) {
        String s = text.trim();
        int offsetAt = -1;
        if (s.length() > 10) {
            char last = s.charAt(s.length() - 1);
            if (last == 'Z' || last == 'z') {
                offsetAt = s.length() - 1;
            } else {
                offsetAt = Math.max(s.lastIndexOf('+'), s.lastIndexOf('-'));
                offsetAt = offsetAt > 10 ? offsetAt : -1;
            }
        }
        if (offsetAt < 0) {
            return instantOf(parseTimestamp(s));
        }
        LocalDateTime local = parseTimestamp(s.substring(0, offsetAt));
        try {
            ZoneOffset offset = ZoneOffset.of(s.substring(offsetAt).trim().toUpperCase(Locale.ROOT));
            return toEpochMicros(local.toInstant(offset));
        } catch (DateTimeException e) {
            throw ErrorCode.INVALID_DATETIME.exception(e, "'" + text + "'");
        }
    }

    /**
     * SQL text of a TIMESTAMP WITH TIME ZONE, as PostgreSQL shows it: the session zone's wall-clock time and its
     * offset, {@code +hh} when whole hours, else {@code +hh:mm}.
     */
    public static String formatTimestampTz(long epochMicros) {
        OffsetDateTime at = toOffsetDateTime(epochMicros);
        int seconds = at.getOffset().getTotalSeconds();
        int minutes = Math.abs(seconds) / 60;
        String offset = (seconds < 0 ? "-" : "+") + String.format(Locale.ROOT, "%02d", minutes / 60)
            + (minutes % 60 == 0 ? "" : String.format(Locale.ROOT, ":%02d", minutes % 60));
        return TIMESTAMP_TEXT.format(at.toLocalDateTime()) + offset;
    }

    /**
     * The wall-clock date and time a value of a datetime type shows: a DATE at the start of its day, a TIME on
     * 1970-01-01, a TIMESTAMP as it is, a TIMESTAMP WITH TIME ZONE in the session's zone. EXTRACT, rounding to a
     * unit and calendar arithmetic work on it.
     */
    public static LocalDateTime wallClock(Object value, ValueType type) {
        return switch (type) {
            case DATE -> toLocalDate(((Number) value).intValue()).atStartOfDay();
            case TIME -> toLocalTime(((Number) value).longValue()).atDate(LocalDate.EPOCH);
            case TIMESTAMP -> toLocalDateTime(((Number) value).longValue());
            case TIMESTAMP_TZ -> toOffsetDateTime(((Number) value).longValue()).toLocalDateTime();
            default -> throw new IllegalArgumentException("not a datetime type: " + type);
        };
    }

    /** The value of a datetime type that shows {@code t} (see {@link #wallClock}); a DATE keeps the day only. */
    public static Object ofWallClock(LocalDateTime t, ValueType type) {
        return switch (type) {
            case DATE -> toEpochDay(t.toLocalDate());
            case TIME -> toMicroOfDay(t.toLocalTime());
            case TIMESTAMP -> toEpochMicros(t);
            case TIMESTAMP_TZ -> instantOf(t);
            default -> throw new IllegalArgumentException("not a datetime type: " + type);
        };
    }

    public static String formatDate(int epochDay) {
        return toLocalDate(epochDay).toString();
    }

    /** SQL literal text: {@code HH:mm:ss} with as many fraction digits as the value needs (up to six). */
    public static String formatTime(long microOfDay) {
        return TIME_TEXT.format(toLocalTime(microOfDay));
    }

    /** SQL literal text: {@code yyyy-MM-dd HH:mm:ss} with as many fraction digits as the value needs. */
    public static String formatTimestamp(long epochMicros) {
        return TIMESTAMP_TEXT.format(toLocalDateTime(epochMicros));
    }

    private static RuntimeException invalid(String text, DateTimeParseException e) {
        return ErrorCode.INVALID_DATETIME.exception(e, "'" + text + "'");
    }
}
