package org.verso.sql.exec.expr;

import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.verso.common.ErrorCode;
import org.verso.common.type.DateTimes;
import org.verso.common.type.ValueType;

/**
 * FLOOR(datetime TO unit), CEIL(datetime TO unit) and PostgreSQL's DATE_TRUNC('unit', datetime) of a DATE or a
 * TIMESTAMP. The units are PostgreSQL's: MICROSECOND, MILLISECOND, SECOND, MINUTE, HOUR, DAY, WEEK (which starts on
 * Monday, as ISO weeks do), MONTH, QUARTER, YEAR, DECADE, CENTURY and MILLENNIUM (which start with years ending in
 * 01 and 001: the 21st century starts in 2001). CEIL is the start of the next unit unless the value is already at a
 * unit's start. DATE_TRUNC's unit may be spelled in any case and in the plural ('Months'); an unknown unit is 22023.
 */
final class DateTruncation {
    private static final Map<String, TimeUnitRange> UNITS = Map.ofEntries(
        Map.entry("microsecond", TimeUnitRange.MICROSECOND), Map.entry("millisecond", TimeUnitRange.MILLISECOND),
        Map.entry("second", TimeUnitRange.SECOND), Map.entry("minute", TimeUnitRange.MINUTE),
        Map.entry("hour", TimeUnitRange.HOUR), Map.entry("day", TimeUnitRange.DAY),
        Map.entry("week", TimeUnitRange.WEEK), Map.entry("month", TimeUnitRange.MONTH),
        Map.entry("quarter", TimeUnitRange.QUARTER), Map.entry("year", TimeUnitRange.YEAR),
        Map.entry("decade", TimeUnitRange.DECADE), Map.entry("century", TimeUnitRange.CENTURY),
        Map.entry("millennium", TimeUnitRange.MILLENNIUM), Map.entry("centuries", TimeUnitRange.CENTURY),
        Map.entry("millennia", TimeUnitRange.MILLENNIUM));

    private DateTruncation() {
    }

    /** FLOOR or CEIL of a DATE or TIMESTAMP {@code value} of {@code type} to a unit; the result has the same type. */
    static Expr compile(TimeUnitRange unit, Expr value, ValueType type, boolean ceiling) {
        checkUnit(unit);
        return (row, ctx) -> {
            Object v = value.eval(row, ctx);
            return v == null ? null : fromDateTime(round(toDateTime(v, type), unit, ceiling), type);
        };
    }

    /**
     * DATE_TRUNC(unit, value) of a DATE or TIMESTAMP, giving a TIMESTAMP, or of a TIMESTAMP WITH TIME ZONE, giving
     * one truncated in the session's zone, as PostgreSQL does; {@code fixedUnit} when a literal.
     */
    static Expr dateTrunc(Expr unitText, String fixedUnit, Expr value, ValueType type) {
        ValueType result = type == ValueType.TIMESTAMP_TZ ? type : ValueType.TIMESTAMP;
        return TextArgument.of(value, unitText, fixedUnit, DateTruncation::unitOf,
            (unit, v) -> DateTimes.ofWallClock(round(toDateTime(v, type), unit, false), result));
    }

    /** The unit DATE_TRUNC's text names. */
    static TimeUnitRange unitOf(String text) {
        String name = text.trim().toLowerCase(Locale.ROOT);
        TimeUnitRange unit = UNITS.get(name);
        if (unit == null && name.endsWith("s")) {
            unit = UNITS.get(name.substring(0, name.length() - 1));
        }
        if (unit == null) {
            throw ErrorCode.INVALID_ARGUMENT.exception("unit \"" + text + "\" not recognized");
        }
        return unit;
    }

    private static void checkUnit(TimeUnitRange unit) {
        if (!UNITS.containsValue(unit)) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("rounding a date or time to " + unit);
        }
    }

    private static LocalDateTime toDateTime(Object value, ValueType type) {
        return DateTimes.wallClock(value, type);
    }

    private static Object fromDateTime(LocalDateTime t, ValueType type) {
        return DateTimes.ofWallClock(t, type);
    }

    private static LocalDateTime round(LocalDateTime t, TimeUnitRange unit, boolean ceiling) {
        LocalDateTime floor = floor(t, unit);
        return ceiling && !floor.equals(t) ? next(floor, unit) : floor;
    }

    private static LocalDateTime floor(LocalDateTime t, TimeUnitRange unit) {
        LocalDateTime day = t.truncatedTo(ChronoUnit.DAYS);
        return switch (unit) {
            case MICROSECOND -> t.truncatedTo(ChronoUnit.MICROS);
            case MILLISECOND -> t.truncatedTo(ChronoUnit.MILLIS);
            case SECOND -> t.truncatedTo(ChronoUnit.SECONDS);
            case MINUTE -> t.truncatedTo(ChronoUnit.MINUTES);
            case HOUR -> t.truncatedTo(ChronoUnit.HOURS);
            case DAY -> day;
            case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case MONTH -> day.withDayOfMonth(1);
            case QUARTER -> day.withDayOfMonth(1).withMonth((t.getMonthValue() - 1) / 3 * 3 + 1);
            case YEAR -> day.withDayOfYear(1);
            case DECADE -> day.withDayOfYear(1).withYear(Math.floorDiv(t.getYear(), 10) * 10);
            case CENTURY -> day.withDayOfYear(1).withYear(Math.floorDiv(t.getYear() - 1, 100) * 100 + 1);
            case MILLENNIUM -> day.withDayOfYear(1).withYear(Math.floorDiv(t.getYear() - 1, 1000) * 1000 + 1);
            default -> throw new IllegalStateException(unit.toString());
        };
    }

    private static LocalDateTime next(LocalDateTime start, TimeUnitRange unit) {
        return switch (unit) {
            case MICROSECOND -> start.plus(1, ChronoUnit.MICROS);
            case MILLISECOND -> start.plus(1, ChronoUnit.MILLIS);
            case SECOND -> start.plusSeconds(1);
            case MINUTE -> start.plusMinutes(1);
            case HOUR -> start.plusHours(1);
            case DAY -> start.plusDays(1);
            case WEEK -> start.plusWeeks(1);
            case MONTH -> start.plusMonths(1);
            case QUARTER -> start.plusMonths(3);
            case YEAR -> start.plusYears(1);
            case DECADE -> start.plusYears(10);
            case CENTURY -> start.plusYears(100);
            case MILLENNIUM -> start.plusYears(1000);
            default -> throw new IllegalStateException(unit.toString());
        };
    }
}
