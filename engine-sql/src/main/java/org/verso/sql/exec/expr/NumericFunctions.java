package org.verso.sql.exec.expr;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.function.ToDoubleFunction;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.common.type.Values;

/**
 * Evaluators of the numeric functions; a NULL argument gives NULL, and each result is converted to the function's
 * SQL result type. ROUND rounds half away from zero and TRUNCATE toward zero, to {@code n} digits after the point
 * (before it when n is negative), exactly for integers and decimals. A negative number to a non-integer power (a
 * square root) is 2201F, a logarithm of zero or less 2201E, as in PostgreSQL; so are the trigonometric functions'
 * results and errors: ASIN and ACOS of a number beyond [-1, 1], and the sine, cosine or tangent of an infinity, are
 * 22003, and COT(0) is Infinity.
 */
final class NumericFunctions {
    /** The functions of DOUBLE arguments giving a DOUBLE, by name; the array holds the arguments' values. */
    private static final Map<String, ToDoubleFunction<double[]>> DOUBLE_FUNCTIONS = Map.ofEntries(
        Map.entry("SIN", a -> Math.sin(finite("SIN", a[0]))),
        Map.entry("COS", a -> Math.cos(finite("COS", a[0]))),
        Map.entry("TAN", a -> Math.tan(finite("TAN", a[0]))),
        Map.entry("COT", a -> 1 / Math.tan(finite("COT", a[0]))),
        Map.entry("ASIN", a -> Math.asin(unit("ASIN", a[0]))),
        Map.entry("ACOS", a -> Math.acos(unit("ACOS", a[0]))),
        Map.entry("ATAN", a -> Math.atan(a[0])),
        Map.entry("ATAN2", a -> Math.atan2(a[0], a[1])),
        Map.entry("DEGREES", a -> Math.toDegrees(a[0])),
        Map.entry("RADIANS", a -> Math.toRadians(a[0])),
        Map.entry("CBRT", a -> Math.cbrt(a[0])),
        Map.entry("LOG", a -> a.length == 1 ? Math.log10(positive(a[0])) : log(a[0], a[1])));

    private NumericFunctions() {
    }

    /** Whether {@link #ofDoubles} knows the function of this (upper-case) name. */
    static boolean isDoubleFunction(String name) {
        return DOUBLE_FUNCTIONS.containsKey(name);
    }

    /**
     * The DOUBLE function of this (upper-case) name over the compiled arguments of these types: SIN, COS, TAN, COT, ASIN, ACOS, ATAN, ATAN2, DEGREES, RADIANS, CBRT, and LOG, PostgreSQL's: the logarithm
     * to base 10 of its one argument, or to the base its first argument gives of its second.
     */
    static Expr ofDoubles(String name, Expr[] arguments, ValueType[] types, DataType result) {
        ToDoubleFunction<double[]> f = DOUBLE_FUNCTIONS.get(name);
        return (row, ctx) -> {
            double[] values = new double[arguments.length];
            for (int i = 0; i < values.length; i++) {
                Object v = arguments[i].eval(row, ctx);
                if (v == null) {
                    return null;
                }
                values[i] = Values.toDouble(v, types[i]);
            }
            return Values.canonical(f.applyAsDouble(values), result);
        };
    }

    /** RAND() and RANDOM(): a new number in [0, 1) for every row. */
    static Expr random() {
        return (row, ctx) -> ThreadLocalRandom.current().nextDouble();
    }

    /** RAND_INTEGER(n): a new integer in [0, n) for every row. */
    static Expr randomInteger(Expr bound) {
        return (row, ctx) -> {
            Object n = bound.eval(row, ctx);
            if (n == null) {
                return null;
            }
            int limit = ((Number) n).intValue();
            if (limit <= 0) {
                throw ErrorCode.INVALID_ARGUMENT.exception("RAND_INTEGER's bound must be positive, not " + limit);
            }
            return ThreadLocalRandom.current().nextInt(limit);
        };
    }

    private static double finite(String function, double x) {
        if (Double.isInfinite(x)) {
            throw ErrorCode.ARGUMENT_OUT_OF_RANGE.exception(x, function);
        }
        return x;
    }

    private static double unit(String function, double x) {
        if (x < -1 || x > 1) {
            throw ErrorCode.ARGUMENT_OUT_OF_RANGE.exception(x, function);
        }
        return x;
    }

    private static double positive(double x) {
        if (x <= 0) {
            throw ErrorCode.INVALID_LOGARITHM_ARGUMENT.exception(x);
        }
        return x;
    }

    /** LOG(b, x), the logarithm of x to base b; base 1 divides by its logarithm, zero, as in PostgreSQL. */
    private static double log(double base, double x) {
        double denominator = Math.log(positive(base));
        if (denominator == 0) {
            throw ErrorCode.DIVISION_BY_ZERO.exception();
        }
        return Math.log(positive(x)) / denominator;
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
            if (argument.isApproximate()) {
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
            if (argument.isApproximate()) {
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
