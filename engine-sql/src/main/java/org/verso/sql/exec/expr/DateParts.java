package org.verso.sql.exec.expr;

import java.time.LocalDateTime;
import java.time.temporal.ChronoField;
import java.time.temporal.IsoFields;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.verso.common.ErrorCode;
import org.verso.common.type.DateTimes;
import org.verso.common.type.ValueType;

/**
 * EXTRACT(part FROM value) of a DATE (epoch day), TIME (microsecond of the day) or TIMESTAMP (epoch microseconds):
 * YEAR, QUARTER, MONTH, WEEK (ISO), DAY, DOW (0 = Sunday, as PostgreSQL), DOY, HOUR, MINUTE, SECOND, MILLISECOND,
 * MICROSECOND (of the minute, as PostgreSQL counts them) and EPOCH, each a whole number.
 *
 * <p>And PostgreSQL's {@code date_part('field', value)}, a DOUBLE: the fields above named in text (in any case,
 * singular or plural), with the seconds' fraction where PostgreSQL keeps it (SECOND, MILLISECONDS, MICROSECONDS,
 * EPOCH and JULIAN), and ISODOW (1 = Monday), ISOYEAR, DECADE, CENTURY and MILLENNIUM; an unknown field is 22023.
 */
final class DateParts {
    private DateParts() {
    }

    static Expr extract(TimeUnitRange unit, Expr value, ValueType type) {
        return (row, ctx) -> {
            Object v = value.eval(row, ctx);
            return v == null ? null : part(unit, toDateTime(v, type));
        };
    }

    /** DATE_PART(field, value); {@code fixedField} when the field is a literal. */
    static Expr datePart(Expr fieldText, String fixedField, Expr value, ValueType type) {
        return TextArgument.of(value, fieldText, fixedField, DateParts::field,
            (field, v) -> datePart(field, v, type));
    }

    /** The canonical name of a DATE_PART field: lower case, singular. */
    private static String field(String text) {
        String name = text.trim().toLowerCase(java.util.Locale.ROOT);
        String singular = name.endsWith("s") && !name.equals("dows") ? name.substring(0, name.length() - 1) : name;
        return switch (singular) {
            case "year", "quarter", "month", "week", "day", "dow", "doy", "hour", "minute", "second", "millisecond",
                 "microsecond", "epoch", "isodow", "isoyear", "decade", "century", "millennium", "julian" -> singular;
            case "centurie" -> "century";
            case "millennia" -> "millennium";
            default -> throw ErrorCode.INVALID_ARGUMENT.exception("unit \"" + text + "\" not recognized");
        };
    }

    private static double datePart(String field, Object value, ValueType type) {
        LocalDateTime t = toDateTime(value, type);
        double seconds = t.getSecond() + t.getNano() / 1e9;
        int year = t.getYear();
        return switch (field) {
            case "year" -> year;
            case "quarter" -> (t.getMonthValue() + 2) / 3;
            case "month" -> t.getMonthValue();
            case "week" -> t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
            case "day" -> t.getDayOfMonth();
            case "dow" -> t.getDayOfWeek().getValue() % 7;
            case "isodow" -> t.getDayOfWeek().getValue();
            case "doy" -> t.getDayOfYear();
            case "isoyear" -> t.get(IsoFields.WEEK_BASED_YEAR);
            case "hour" -> t.getHour();
            case "minute" -> t.getMinute();
            case "second" -> seconds;
            case "millisecond" -> seconds * 1_000;
            case "microsecond" -> t.getSecond() * 1_000_000L + t.getNano() / 1_000;
            case "epoch" -> type == ValueType.TIMESTAMP_TZ ? ((Number) value).longValue() / 1e6
                : t.toEpochSecond(java.time.ZoneOffset.UTC) + t.getNano() / 1e9;
            case "decade" -> Math.floorDiv(year, 10);
            case "century" -> year > 0 ? (year + 99) / 100 : -((99 - year) / 100);
            case "millennium" -> year > 0 ? (year + 999) / 1000 : -((999 - year) / 1000);
            case "julian" -> t.toLocalDate().toEpochDay() + 2_440_588 + t.toLocalTime().toNanoOfDay() / 86_400e9;
            default -> throw new IllegalStateException(field);
        };
    }

    private static LocalDateTime toDateTime(Object value, ValueType type) {
        if (!type.isTemporal()) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("EXTRACT from " + type);
        }
        return DateTimes.wallClock(value, type);
    }

    private static long part(TimeUnitRange unit, LocalDateTime t) {
        return switch (unit) {
            case YEAR -> t.getYear();
            case QUARTER -> (t.getMonthValue() + 2) / 3;
            case MONTH -> t.getMonthValue();
            case WEEK -> t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
            case DAY -> t.getDayOfMonth();
            case DOW -> t.getDayOfWeek().getValue() % 7;
            case DOY -> t.getDayOfYear();
            case HOUR -> t.getHour();
            case MINUTE -> t.getMinute();
            case SECOND -> t.getSecond();
            case MILLISECOND -> t.getSecond() * 1_000L + t.get(ChronoField.MILLI_OF_SECOND);
            case MICROSECOND -> t.getSecond() * 1_000_000L + t.get(ChronoField.MICRO_OF_SECOND);
            case EPOCH -> t.toEpochSecond(java.time.ZoneOffset.UTC);
            default -> throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("EXTRACT of " + unit);
        };
    }
}
