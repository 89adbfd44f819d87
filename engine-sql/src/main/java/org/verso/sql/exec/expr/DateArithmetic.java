package org.verso.sql.exec.expr;

import java.util.function.Function;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.verso.common.ErrorCode;
import org.verso.common.type.DateTimes;
import org.verso.common.type.ValueType;
import org.verso.sql.type.TypeMapping;

/**
 * A DATE, TIME or TIMESTAMP plus or minus an interval ({@code d + INTERVAL '1' MONTH},
 * {@code ts - INTERVAL '90' MINUTE}, {@code INTERVAL '2' DAY + d}, {@code TIMESTAMPADD(DAY, n, ts)}; see
 * {@link Intervals}). Months and years move the calendar date, keeping
 * the day of the month where the month has it and taking its last day otherwise (January 31 plus one month is
 * February 28 or 29), as PostgreSQL does; days, hours, minutes and seconds move the instant. The result has the
 * datetime's type, as the validator typed it: a DATE moves by whole days, a TIME wraps around midnight.
 */
final class DateArithmetic {
    private static final long MICROS_PER_MILLI = 1_000L;
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long MICROS_PER_DAY = MILLIS_PER_DAY * MICROS_PER_MILLI;

    private DateArithmetic() {
    }

    /** Whether {@code call} is a datetime plus or minus an interval. */
    static boolean applies(RexCall call) {
        return (call.getKind() == SqlKind.PLUS || call.getKind() == SqlKind.MINUS) && call.getOperands().size() == 2
            && SqlTypeUtil.isDatetime(call.getType())
            && call.getOperands().stream().anyMatch(Intervals::isInterval);
    }

    /** @param compiler compiles the datetime operand */
    static Expr compile(RexCall call, Function<RexNode, Expr> compiler) {
        RexNode first = call.getOperands().get(0);
        RexNode interval = Intervals.isInterval(first) ? first : call.getOperands().get(1);
        Expr datetime = compiler.apply(interval == first ? call.getOperands().get(1) : first);
        if (call.getKind() == SqlKind.MINUS && interval == first) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("an interval minus a datetime");
        }
        Expr amount = Intervals.compile(interval, compiler); // months, or milliseconds
        boolean minus = call.getKind() == SqlKind.MINUS;
        boolean months = Intervals.isMonths(interval);
        ValueType type = TypeMapping.toDataType(call.getType()).kind();
        return (row, ctx) -> {
            Object v = datetime.eval(row, ctx);
            Object a = v == null ? null : amount.eval(row, ctx);
            if (a == null) {
                return null;
            }
            long signed = minus ? Math.negateExact((Long) a) : (Long) a;
            return months ? plusMonths(type, v, signed) : plusMillis(type, v, signed);
        };
    }

    private static Object plusMonths(ValueType type, Object value, long months) {
        return switch (type) {
            case DATE -> DateTimes.toEpochDay(DateTimes.toLocalDate((Integer) value).plusMonths(months));
            case TIMESTAMP, TIMESTAMP_TZ -> DateTimes.ofWallClock(DateTimes.wallClock(value, type).plusMonths(months),
                type);
            default -> value; // a time of day has no months
        };
    }

    private static Object plusMillis(ValueType type, Object value, long millis) {
        return switch (type) {
            case DATE -> Math.addExact((Integer) value, Math.toIntExact(Math.floorDiv(millis, MILLIS_PER_DAY)));
            case TIMESTAMP, TIMESTAMP_TZ -> Math.addExact((Long) value, Math.multiplyExact(millis, MICROS_PER_MILLI));
            case TIME -> Math.floorMod((Long) value + millis % MILLIS_PER_DAY * MICROS_PER_MILLI, MICROS_PER_DAY);
            default -> throw new IllegalStateException(type.toString());
        };
    }
}
