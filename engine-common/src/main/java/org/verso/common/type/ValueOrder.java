package org.verso.common.type;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Comparator;
import org.verso.common.ErrorCode;

/**
 * How non-null engine values compare and hash, as SQL compares them:
 * <ul>
 *   <li>numbers of different classes compare by value (an INTEGER column against a BIGINT parameter, a DECIMAL
 *       against a DOUBLE), exactly when both are exact;</li>
 *   <li>strings by UTF-16 code units, optionally ignoring trailing blanks as CHAR(n) comparison does;</li>
 *   <li>binary strings byte by byte, unsigned, a shorter prefix first;</li>
 *   <li>everything else within one class by its natural order.</li>
 * </ul>
 * {@link #hashKey} gives the form of a value that hash tables and DISTINCT use, consistent with {@link #compare}.
 */
public final class ValueOrder {
    /** Orders index keys (arrays of canonical values of the key columns, no nulls) column by column. */
    public static final Comparator<Object[]> KEYS = ValueOrder::compareKeys;

    private ValueOrder() {
    }

    public static int compare(Object a, Object b) {
        return compare(a, b, false);
    }

    /** Compares two non-null values. {@code padSpace}: ignore trailing blanks, as CHAR(n) comparison does. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int compare(Object a, Object b, boolean padSpace) {
        if (a instanceof String s && b instanceof String t) {
            return padSpace ? stripTrailingBlanks(s).compareTo(stripTrailingBlanks(t)) : s.compareTo(t);
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.compareUnsigned(x, y);
        }
        if (a instanceof java.util.UUID x && b instanceof java.util.UUID y) {
            return Uuids.compare(x, y);
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

    private static int compareKeys(Object[] a, Object[] b) {
        for (int i = 0; i < a.length; i++) {
            int c = compare(a[i], b[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.length, b.length);
    }

    private static int compareNumbers(Number x, Number y) {
        if (Numerics.isIntegralClass(x) && Numerics.isIntegralClass(y)) {
            return Long.compare(x.longValue(), y.longValue());
        }
        if ((x instanceof BigDecimal || y instanceof BigDecimal) && Numerics.isFinite(x) && Numerics.isFinite(y)) {
            return Numerics.exact(x).compareTo(Numerics.exact(y));
        }
        return Double.compare(x.doubleValue(), y.doubleValue());
    }

    /**
     * The value as a hash-table key: two values that {@link #compare} calls equal (without pad-space) get equal
     * keys. Whole numbers of any class become a Long, other exact numbers a BigDecimal without trailing zeros (1.0
     * and 1.00 are one group, as SQL equality says), and a byte array a buffer that compares by content.
     */
    public static Object hashKey(Object value) {
        if (value instanceof Number n && !(value instanceof Long)) {
            BigDecimal exact = Numerics.isIntegralClass(n) ? null : Numerics.exact(n);
            if (exact == null) {
                return Numerics.isIntegralClass(n) ? (Object) n.longValue() : value;
            }
            BigDecimal stripped = exact.signum() == 0 ? BigDecimal.ZERO : exact.stripTrailingZeros();
            if (stripped.scale() <= 0 && stripped.compareTo(Numerics.LONG_MIN) >= 0
                && stripped.compareTo(Numerics.LONG_MAX) <= 0) {
                return stripped.longValueExact();
            }
            return stripped;
        }
        if (value instanceof byte[] bytes) {
            return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
        }
        return value;
    }

    private static String stripTrailingBlanks(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }
}
