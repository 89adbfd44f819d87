package org.verso.sql.exec.expr;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.function.DoubleUnaryOperator;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.common.type.Values;

/**
 * Evaluators of the numeric functions; a NULL argument gives NULL, and each result is converted to the function's
 * SQL result type. ROUND rounds half away from zero and TRUNCATE toward zero, to {@code n} digits after the point
 * (before it when n is negative), exactly for integers and decimals. A negative number to a non-integer power (a
 * square root) is 2201F, a logarithm of zero or less 2201E, as in PostgreSQL.
 */
final class NumericFunctions {
    private NumericFunctions() {
    }

    /** ROUND(x [, n]) and TRUNCATE(x [, n]), TRUNC(x [, n]). */
    static Expr scale(Expr value, Expr digits, ValueType argument, DataType result, RoundingMode mode) {
        return (row, ctx) -> {
            Object v = value.eval(row, ctx);
            Object n = digits == null ? 0 : digits.eval(row, ctx);
            if (v == null || n == null) {
                return null;
            }
            int places = ((Number) n).intValue();
            if (argument == ValueType.REAL || argument == ValueType.DOUBLE) {
                double d = ((Number) v).doubleValue();
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    return Values.canonical(d, result);
                }
                return Values.canonical(BigDecimal.valueOf(d).setScale(places, mode).doubleValue(), result);
            }
            BigDecimal exact = Values.toBigDecimal(v, argument).setScale(places, mode);
            return Values.canonical(exact.setScale(Math.max(0, Math.min(places, result.scale())), mode), result);
        };
    }

    /** CEIL and FLOOR: the integral value at or above (below) x, in x's type. */
    static Expr integral(Expr value, ValueType argument, DataType result, boolean ceiling) {
        RoundingMode mode = ceiling ? RoundingMode.CEILING : RoundingMode.FLOOR;
        return (row, ctx) -> {
            Object v = value.eval(row, ctx);
            if (v == null) {
                return null;
            }
            if (argument == ValueType.REAL || argument == ValueType.DOUBLE) {
                double d = ((Number) v).doubleValue();
                return Values.canonical(ceiling ? Math.ceil(d) : Math.floor(d), result);
            }
            return Values.canonical(Values.toBigDecimal(v, argument).setScale(0, mode), result);
        };
    }

    /** SIGN: -1, 0 or 1 in x's type. */
    static Expr sign(Expr value, ValueType argument, DataType result) {
        return (row, ctx) -> {
            Object v = value.eval(row, ctx);
            return v == null ? null : Values.canonical(Values.toBigDecimal(v, argument).signum(), result);
        };
    }

    /**
     * A function of one DOUBLE (EXP, LN, LOG10); an argument below {@code domainMin} (or equal to it, unless
     * {@code minIncluded}) fails with {@code outOfDomain}.
     */
    static Expr ofDouble(Expr value, ValueType argument, DataType result, DoubleUnaryOperator f, double domainMin,
                         boolean minIncluded, ErrorCode outOfDomain) {
        return (row, ctx) -> {
            Object v = value.eval(row, ctx);
            if (v == null) {
                return null;
            }
            double d = Values.toDouble(v, argument);
            if (d < domainMin || (!minIncluded && d == domainMin)) {
                throw outOfDomain.exception(v);
            }
            return Values.canonical(f.applyAsDouble(d), result);
        };
    }

    /** POWER(x, y) as DOUBLE (and SQRT, which the converter turns into POWER(x, 0.5)). */
    static Expr power(Expr base, Expr exponent, ValueType baseType, ValueType exponentType, DataType result) {
        return (row, ctx) -> {
            Object b = base.eval(row, ctx);
            Object e = exponent.eval(row, ctx);
            if (b == null || e == null) {
                return null;
            }
            double x = Values.toDouble(b, baseType);
            double y = Values.toDouble(e, exponentType);
            if (x < 0 && y != Math.rint(y)) {
                // SQRT(x) arrives as POWER(x, 0.5)
                throw ErrorCode.INVALID_POWER_ARGUMENT.exception(b + " to the power " + e);
            }
            return Values.canonical(Math.pow(x, y), result);
        };
    }
}
