package org.verso.sql.exec.expr;

import org.verso.common.type.Values;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.apache.calcite.sql.SqlKind;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;

/**
 * + - * / % on non-null numbers, computed in the class of the expression's result type (Calcite types
 * {@code INTEGER + BIGINT} as BIGINT without casting the operands). Integer overflow is 22003, division by zero
 * 22012; integer division truncates toward zero as the SQL standard says.
 */
final class Arithmetic {
    private Arithmetic() {
    }

    static Object apply(SqlKind op, DataType result, Object a, Object b) {
        return switch (result.kind()) {
            case SMALLINT, INTEGER, BIGINT -> Values.canonical(integral(op, result, a, b), result);
            case REAL -> (float) approximate(op, ((Number) a).doubleValue(), ((Number) b).doubleValue());
            case DOUBLE -> approximate(op, ((Number) a).doubleValue(), ((Number) b).doubleValue());
            case DECIMAL -> decimal(op, result, Values.toBigDecimal(a, result.kind()),
                Values.toBigDecimal(b, result.kind()));
            default -> throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("arithmetic on " + result);
        };
    }

    static Object negate(DataType result, Object a) {
        return switch (result.kind()) {
            case SMALLINT, INTEGER, BIGINT -> Values.canonical(overflowChecked(result,
                () -> Math.negateExact(((Number) a).longValue())), result);
            case REAL -> -((Number) a).floatValue();
            case DOUBLE -> -((Number) a).doubleValue();
            case DECIMAL -> Values.toBigDecimal(a, result.kind()).negate();
            default -> throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("negation of " + result);
        };
    }

    private static long integral(SqlKind op, DataType result, Object a, Object b) {
        long x = ((Number) a).longValue();
        long y = ((Number) b).longValue();
        return overflowChecked(result, () -> switch (op) {
            case PLUS -> Math.addExact(x, y);
            case MINUS -> Math.subtractExact(x, y);
            case TIMES -> Math.multiplyExact(x, y);
            case DIVIDE -> {
                checkDivisor(y == 0);
                yield x == Long.MIN_VALUE && y == -1 ? Math.negateExact(x) : x / y;
            }
            case MOD -> {
                checkDivisor(y == 0);
                yield y == -1 ? 0 : x % y;
            }
            default -> throw new IllegalArgumentException(op.toString());
        });
    }

    private static double approximate(SqlKind op, double x, double y) {
        return switch (op) {
            case PLUS -> x + y;
            case MINUS -> x - y;
            case TIMES -> x * y;
            case DIVIDE -> {
                checkDivisor(y == 0d);
                yield x / y;
            }
            case MOD -> {
                checkDivisor(y == 0d);
                yield x % y;
            }
            default -> throw new IllegalArgumentException(op.toString());
        };
    }

    private static BigDecimal decimal(SqlKind op, DataType result, BigDecimal x, BigDecimal y) {
        BigDecimal value = switch (op) {
            case PLUS -> x.add(y);
            case MINUS -> x.subtract(y);
            case TIMES -> x.multiply(y);
            case DIVIDE -> {
                checkDivisor(y.signum() == 0);
                yield x.divide(y, MathContext.DECIMAL128);
            }
            case MOD -> {
                checkDivisor(y.signum() == 0);
                yield x.remainder(y);
            }
            default -> throw new IllegalArgumentException(op.toString());
        };
        BigDecimal scaled = value.setScale(result.scale(), RoundingMode.HALF_UP);
        if (result.precision() > 0 && scaled.precision() - scaled.scale() > result.precision() - result.scale()) {
            throw ErrorCode.VALUE_OUT_OF_RANGE.exception(scaled.toPlainString(), result);
        }
        return scaled;
    }

    private static void checkDivisor(boolean zero) {
        if (zero) {
            throw ErrorCode.DIVISION_BY_ZERO.exception();
        }
    }

    private interface LongOp {
        long compute();
    }

    private static long overflowChecked(DataType result, LongOp op) {
        try {
            return op.compute();
        } catch (ArithmeticException e) {
            throw ErrorCode.VALUE_OUT_OF_RANGE.exception(e, "of the expression", result);
        }
    }
}
