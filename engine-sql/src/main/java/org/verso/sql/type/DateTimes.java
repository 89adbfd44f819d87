package org.verso.sql.type;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import org.verso.common.ErrorCode;

/**
 * The engine's DATE (days since 1970-01-01) and TIMESTAMP (milliseconds of local wall-clock time since
 * 1970-01-01T00:00) representations, and their conversions to and from java.time and SQL literal text.
 */
public final class DateTimes {
    private static final DateTimeFormatter TIMESTAMP_TEXT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private DateTimes() {
    }

    public static int toEpochDay(LocalDate date) {
        return Math.toIntExact(date.toEpochDay());
    }

    public static LocalDate toLocalDate(int epochDay) {
        return LocalDate.ofEpochDay(epochDay);
    }

    /** Wall-clock time as milliseconds, computed as if it were UTC so no time zone shifts it. */
    public static long toEpochMillis(LocalDateTime dateTime) {
        return dateTime.toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    public static LocalDateTime toLocalDateTime(long epochMillis) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(epochMillis, 1000L),
            (int) Math.floorMod(epochMillis, 1000L) * 1_000_000, ZoneOffset.UTC);
    }

    /** Parses {@code yyyy-MM-dd}, optionally followed by a time; the time part is dropped. */
    public static LocalDate parseDate(String text) {
        String s = text.trim();
        try {
            return s.length() <= 10 ? LocalDate.parse(s) : parseTimestamp(s).toLocalDate();
        } catch (DateTimeParseException e) {
            throw ErrorCode.INVALID_DATETIME.exception(e, "'" + text + "'");
        }
    }

    /** Parses {@code yyyy-MM-dd[( |T)HH:mm[:ss[.fffffffff]]]}; a date alone means midnight. */
    public static LocalDateTime parseTimestamp(String text) {
        String s = text.trim();
        try {
            if (s.length() <= 10) {
                return LocalDate.parse(s).atStartOfDay();
            }
            return LocalDateTime.parse(s.replace(' ', 'T'));
        } catch (DateTimeParseException e) {
            throw ErrorCode.INVALID_DATETIME.exception(e, "'" + text + "'");
        }
    }

    /** SQL literal text: {@code yyyy-MM-dd HH:mm:ss} with milliseconds only when there are some. */
    public static String format(LocalDateTime dateTime) {
        String base = TIMESTAMP_TEXT.format(dateTime);
        int millis = dateTime.getNano() / 1_000_000;
        return millis == 0 ? base : base + String.format(".%03d", millis);
    }
}
