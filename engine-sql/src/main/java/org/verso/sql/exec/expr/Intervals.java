package org.verso.sql.exec.expr;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.function.Function;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.verso.common.ErrorCode;
import org.verso.common.type.DateTimes;
import org.verso.common.type.ValueType;
import org.verso.common.type.Values;
import org.verso.sql.type.TypeMapping;

/**
 * Interval expressions, which Verso computes but never stores: an interval is a Long number of months (YEAR and
 * MONTH intervals) or of milliseconds (DAY to SECOND intervals), as Calcite counts them. They come from interval
 * literals, from a literal times a number ({@code TIMESTAMPADD(DAY, n, ts)} is {@code ts + INTERVAL '1' DAY * n}),
 * and from the difference of two datetimes ({@code TIMESTAMPDIFF(unit, a, b)} is {@code CAST((b - a) unit AS
 * INTEGER)}, which the converter writes as the interval's number divided by the unit's: whole units, truncated
 * toward zero). A difference in months counts whole months: one is not complete before its day and time of day
 * come round.
 */
final class Intervals {
    private static final long MICROS_PER_MILLI = 1_000L;

    private Intervals() {
    }

    static boolean isInterval(RexNode node) {
        SqlTypeFamily family = node.getType().getSqlTypeName().getFamily();
        return family == SqlTypeFamily.INTERVAL_YEAR_MONTH || family == SqlTypeFamily.INTERVAL_DAY_TIME;
    }

    static boolean isMonths(RexNode node) {
        return node.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
    }

    /** The interval-typed {@code node} as an expression giving its months or milliseconds, or null for NULL. */
    static Expr compile(RexNode node, Function<RexNode, Expr> compiler) {
        if (node instanceof RexLiteral literal) {
            BigDecimal amount = literal.getValueAs(BigDecimal.class);
            Long value = amount == null ? null : amount.longValueExact();
            return (row, ctx) -> value;
        }
        if (node instanceof RexCall call) {
            switch (call.getKind()) {
                case TIMES:
                    return scaled(call, compiler, false);
                case DIVIDE:
                    return scaled(call, compiler, true);
                case MINUS_PREFIX: {
                    Expr operand = compile(call.getOperands().get(0), compiler);
                    return (row, ctx) -> {
                        Object v = operand.eval(row, ctx);
                        return v == null ? null : Math.negateExact((Long) v);
                    };
                }
                case MINUS:
                    if (call.getOperands().stream().allMatch(o -> SqlTypeUtil.isDatetime(o.getType()))) {
                        return difference(call, compiler);
                    }
                    break;
                default:
                    break;
            }
        }
        throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the interval expression " + node);
    }

    /** An interval times or divided by a number, in either order for a product. */
    private static Expr scaled(RexCall call, Function<RexNode, Expr> compiler, boolean divide) {
        RexNode first = call.getOperands().get(0);
        RexNode interval = isInterval(first) ? first : call.getOperands().get(1);
        RexNode factor = interval == first ? call.getOperands().get(1) : first;
        if (divide && interval != first) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("a number divided by an interval");
        }
        Expr amount = compile(interval, compiler);
        Expr number = compiler.apply(factor);
        ValueType type = TypeMapping.toDataType(factor.getType()).kind();
        return (row, ctx) -> {
            Object a = amount.eval(row, ctx);
            Object n = a == null ? null : number.eval(row, ctx);
            if (n == null) {
                return null;
            }
            BigDecimal x = BigDecimal.valueOf((Long) a);
            BigDecimal f = Values.toBigDecimal(n, type);
            if (divide && f.signum() == 0) {
                throw ErrorCode.DIVISION_BY_ZERO.exception();
            }
            BigDecimal result = divide ? x.divide(f, 0, RoundingMode.DOWN) : x.multiply(f);
            try {
                return result.setScale(0, RoundingMode.DOWN).longValueExact();
            } catch (ArithmeticException e) {
                throw ErrorCode.VALUE_OUT_OF_RANGE.exception(result, "INTERVAL");
            }
        };
    }

    /** {@code a - b} of two datetimes as an interval: whole months, or milliseconds. */
    private static Expr difference(RexCall call, Function<RexNode, Expr> compiler) {
        Expr left = compiler.apply(call.getOperands().get(0));
        Expr right = compiler.apply(call.getOperands().get(1));
        ValueType leftType = TypeMapping.toDataType(call.getOperands().get(0).getType()).kind();
        ValueType rightType = TypeMapping.toDataType(call.getOperands().get(1).getType()).kind();
        boolean months = isMonths(call);
        return (row, ctx) -> {
            Object a = left.eval(row, ctx);
            Object b = a == null ? null : right.eval(row, ctx);
            if (b == null) {
                return null;
            }
            LocalDateTime from = toDateTime(b, rightType);
            LocalDateTime to = toDateTime(a, leftType);
            return months ? ChronoUnit.MONTHS.between(from, to) : ChronoUnit.MICROS.between(from, to) / MICROS_PER_MILLI;
        };
    }

    private static LocalDateTime toDateTime(Object value, ValueType type) {
        return DateTimes.wallClock(value, type);
    }
}
