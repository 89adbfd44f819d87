package org.verso.sql.type;

import java.math.BigDecimal;
import org.verso.common.ErrorCode;

/**
 * Orders non-null engine values the way SQL compares them. Numbers of different classes compare by value (an
 * INTEGER column against a BIGINT parameter, a DECIMAL against a DOUBLE); everything else must be of one class.
 */
public final class ValueComparator {
    private ValueComparator() {
    }

    /** Compares two non-null values. {@code padSpace}: ignore trailing blanks, as CHAR(n) comparison does. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int compare(Object a, Object b, boolean padSpace) {
        if (a instanceof String s && b instanceof String t) {
            return padSpace ? stripTrailingBlanks(s).compareTo(stripTrailingBlanks(t)) : s.compareTo(t);
        }
        if (a.getClass() == b.getClass() && a instanceof Comparable) {
            return ((Comparable) a).compareTo(b);
        }
        if (a instanceof Number x && b instanceof Number y) {
            return compareNumbers(x, y);
        }
        throw ErrorCode.TYPE_MISMATCH.exception("cannot compare " + a.getClass().getSimpleName() + " with "
            + b.getClass().getSimpleName());
    }

    public static int compare(Object a, Object b) {
        return compare(a, b, false);
    }

    private static int compareNumbers(Number x, Number y) {
        if (isIntegral(x) && isIntegral(y)) {
            return Long.compare(x.longValue(), y.longValue());
        }
        if ((x instanceof BigDecimal || y instanceof BigDecimal) && isFinite(x) && isFinite(y)) {
            return ValueConverter.toBigDecimal(x, null).compareTo(ValueConverter.toBigDecimal(y, null));
        }
        return Double.compare(x.doubleValue(), y.doubleValue());
    }

    private static boolean isFinite(Number n) {
        return !(n instanceof Double || n instanceof Float) || Double.isFinite(n.doubleValue());
    }

    private static boolean isIntegral(Number n) {
        return n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte;
    }

    private static String stripTrailingBlanks(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }
}
