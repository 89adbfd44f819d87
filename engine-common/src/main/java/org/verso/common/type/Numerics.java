package org.verso.common.type;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/** Numeric helpers of {@link Values} and {@link ValueOrder}: exact decimal forms and integer ranges. */
final class Numerics {
    static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private Numerics() {
    }

    /** Integer, Long, Short or Byte: a whole number held exactly in a long. */
    static boolean isIntegralClass(Object n) {
        return n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte;
    }

    static boolean isFinite(Number n) {
        return !(n instanceof Double || n instanceof Float) || Double.isFinite(n.doubleValue());
    }

    /**
     * The number as a BigDecimal without losing anything: a double through its shortest decimal form (so 0.1 stays
     * 0.1), a float through its own; null for NaN and the infinities, which no decimal holds.
     */
    static BigDecimal exact(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (isIntegralClass(n)) {
            return BigDecimal.valueOf(n.longValue());
        }
        if (n instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (!isFinite(n)) {
            return null;
        }
        return n instanceof Float ? new BigDecimal(n.toString()) : BigDecimal.valueOf(n.doubleValue());
    }

    /** The bounds of an integral kind. */
    static long min(ValueType kind) {
        return switch (kind) {
            case SMALLINT -> Short.MIN_VALUE;
            case INTEGER -> Integer.MIN_VALUE;
            default -> Long.MIN_VALUE;
        };
    }

    static long max(ValueType kind) {
        return switch (kind) {
            case SMALLINT -> Short.MAX_VALUE;
            case INTEGER -> Integer.MAX_VALUE;
            default -> Long.MAX_VALUE;
        };
    }

    /** A whole number in [min, max] as the canonical class of an integral kind. */
    static Object boxIntegral(long v, ValueType kind) {
        return switch (kind) {
            case SMALLINT -> (short) v;
            case INTEGER -> (int) v;
            default -> v;
        };
    }

    /** {@code d} rounded half up to a whole number, or null when that is outside [min, max]. */
    static Long roundToLong(BigDecimal d, long min, long max) {
        BigDecimal rounded = d.setScale(0, RoundingMode.HALF_UP);
        if (rounded.compareTo(BigDecimal.valueOf(min)) < 0 || rounded.compareTo(BigDecimal.valueOf(max)) > 0) {
            return null;
        }
        return rounded.longValueExact();
    }

    /** Whether {@code d} has more integer digits than DECIMAL(precision, scale) allows. */
    static boolean exceedsPrecision(BigDecimal d, DataType type) {
        return type.precision() > 0 && d.precision() - d.scale() > type.precision() - type.scale();
    }
}
