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
