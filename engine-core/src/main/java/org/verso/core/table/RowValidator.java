package org.verso.core.table;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.common.type.DataType;

/**
 * Checks a row against its table's definition and converts every value to the column's canonical class: NOT NULL
 * (23502), string length (22001), numeric range and DECIMAL precision (22003), and type (22000). Numeric values are
 * converted between kinds when the value fits; DECIMAL values are rounded half-up to the column's scale, as SQL
 * assignment does; trailing spaces of CHAR values are not stored.
 */
final class RowValidator {
    private final TableDefinition table;

    RowValidator(TableDefinition table) {
        this.table = table;
    }

    /** A new array holding the canonical values of {@code row}. */
    Object[] canonical(Object[] row) {
        if (row.length != table.columnCount()) {
            throw ErrorCode.INTERNAL_ERROR.exception("row of " + row.length + " values for table " + table.name()
                + " of " + table.columnCount() + " columns");
        }
        Object[] out = new Object[row.length];
        for (int i = 0; i < row.length; i++) {
            out[i] = value(table.column(i), row[i]);
        }
        return out;
    }

    /**
     * The canonical values of (a prefix of) an index key given in key-column order, for the key columns
     * {@code columns}; null components stay null.
     */
    Object[] canonicalKey(int[] columns, Object[] key) {
        if (key.length > columns.length) {
            throw ErrorCode.INTERNAL_ERROR.exception("key of " + key.length + " values for an index of "
                + columns.length + " columns of " + table.name());
        }
        Object[] out = new Object[key.length];
        for (int i = 0; i < key.length; i++) {
            out[i] = key[i] == null ? null : value(table.column(columns[i]), key[i]);
        }
        return out;
    }

    private Object value(ColumnDefinition column, Object v) {
        if (v == null) {
            if (!column.nullable()) {
                throw ErrorCode.NOT_NULL_VIOLATION.exception(column.name(), table.name());
            }
            return null;
        }
        DataType type = column.type();
        switch (type.kind()) {
            case BOOLEAN:
                if (v instanceof Boolean) {
                    return v;
                }
                break;
            case SMALLINT:
                if (v instanceof Number n) {
                    return (short) integral(column, n, Short.MIN_VALUE, Short.MAX_VALUE);
                }
                break;
            case INTEGER:
                if (v instanceof Number n) {
                    return (int) integral(column, n, Integer.MIN_VALUE, Integer.MAX_VALUE);
                }
                break;
            case BIGINT:
                if (v instanceof Number n) {
                    return integral(column, n, Long.MIN_VALUE, Long.MAX_VALUE);
                }
                break;
            case REAL:
                if (v instanceof Number n) {
                    return n.floatValue();
                }
                break;
            case DOUBLE:
                if (v instanceof Number n) {
                    return n.doubleValue();
                }
                break;
            case DECIMAL:
                if (v instanceof Number n) {
                    return decimal(column, n);
                }
                break;
            case CHAR:
            case VARCHAR:
                if (v instanceof String s) {
                    String stored = type.kind() == org.verso.common.type.ValueType.CHAR ? stripTrailing(s) : s;
                    int length = stored.codePointCount(0, stored.length());
                    if (length > type.precision()) {
                        throw ErrorCode.STRING_TOO_LONG.exception(column.name(), type, length);
                    }
                    return stored;
                }
                break;
            case DATE:
                if (v instanceof Integer) {
                    return v;
                }
                break;
            case TIMESTAMP:
                if (v instanceof Long) {
                    return v;
                }
                break;
            default:
                break;
        }
        throw ErrorCode.DATA_TYPE_MISMATCH.exception(v, v.getClass().getSimpleName(), column.name(), type);
    }

    private static String stripTrailing(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }

    private long integral(ColumnDefinition column, Number n, long min, long max) {
        long value;
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
            value = n.longValue();
        } else {
            BigDecimal d = n instanceof BigDecimal b ? b : BigDecimal.valueOf(n.doubleValue());
            BigDecimal rounded = d.setScale(0, RoundingMode.HALF_UP);
            if (rounded.compareTo(BigDecimal.valueOf(min)) < 0 || rounded.compareTo(BigDecimal.valueOf(max)) > 0) {
                throw ErrorCode.NUMERIC_OUT_OF_RANGE.exception(n, column.name(), column.type());
            }
            value = rounded.longValueExact();
        }
        if (value < min || value > max) {
            throw ErrorCode.NUMERIC_OUT_OF_RANGE.exception(n, column.name(), column.type());
        }
        return value;
    }

    private BigDecimal decimal(ColumnDefinition column, Number n) {
        BigDecimal d;
        if (n instanceof BigDecimal b) {
            d = b;
        } else if (n instanceof Double || n instanceof Float) {
            double x = n.doubleValue();
            if (Double.isNaN(x) || Double.isInfinite(x)) {
                throw ErrorCode.NUMERIC_OUT_OF_RANGE.exception(n, column.name(), column.type());
            }
            d = BigDecimal.valueOf(x);
        } else {
            d = BigDecimal.valueOf(n.longValue());
        }
        DataType type = column.type();
        BigDecimal scaled = d.setScale(type.scale(), RoundingMode.HALF_UP);
        if (type.precision() > 0 && scaled.precision() - scaled.scale() > type.precision() - type.scale()) {
            throw ErrorCode.NUMERIC_OUT_OF_RANGE.exception(n, column.name(), type);
        }
        return scaled;
    }
}
