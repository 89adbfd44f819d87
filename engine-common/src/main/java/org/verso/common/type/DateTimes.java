package org.verso.common.type;

import java.time.DateTimeException;
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
