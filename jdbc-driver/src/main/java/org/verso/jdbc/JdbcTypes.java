package org.verso.jdbc;

import java.sql.Types;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/** How an engine type looks in JDBC: its {@link Types} code, name, sizes and the class getObject returns. */
final class JdbcTypes {
    /** Digits of a TIMESTAMP's fraction: the engine keeps milliseconds. */
    static final int TIMESTAMP_FRACTION_DIGITS = 3;

    private JdbcTypes() {
    }

    static int sqlType(ValueType kind) {
        switch (kind) {
            case BOOLEAN: return Types.BOOLEAN;
            case SMALLINT: return Types.SMALLINT;
            case INTEGER: return Types.INTEGER;
            case BIGINT: return Types.BIGINT;
            case REAL: return Types.REAL;
            case DOUBLE: return Types.DOUBLE;
            case DECIMAL: return Types.DECIMAL;
            case CHAR: return Types.CHAR;
            case VARCHAR: return Types.VARCHAR;
            case DATE: return Types.DATE;
            case TIMESTAMP: return Types.TIMESTAMP;
            default: throw new IllegalArgumentException(kind.name());
        }
    }

    /** The SQL name of the type without length or precision, e.g. VARCHAR or DECIMAL. */
    static String typeName(ValueType kind) {
        return kind.name();
    }

    /**
     * Precision as JDBC defines it: maximum digits for numbers, length in characters for strings and for the
     * character form of dates and timestamps.
     */
    static int precision(DataType type) {
        switch (type.kind()) {
            case BOOLEAN: return 1;
            case SMALLINT: return 5;
            case INTEGER: return 10;
            case BIGINT: return 19;
            case REAL: return 7;
            case DOUBLE: return 15;
            case DECIMAL: return type.precision() > 0 ? type.precision() : DataType.MAX_DECIMAL_PRECISION;
            case CHAR:
            case VARCHAR: return type.precision() > 0 ? type.precision() : DataType.MAX_STRING_LENGTH;
            case DATE: return 10;
            case TIMESTAMP: return 19 + 1 + TIMESTAMP_FRACTION_DIGITS;
            default: throw new IllegalArgumentException(type.toString());
        }
    }

    static int scale(DataType type) {
        switch (type.kind()) {
            case DECIMAL: return type.scale();
            case TIMESTAMP: return TIMESTAMP_FRACTION_DIGITS;
            default: return 0;
        }
    }

    /** Characters needed to print any value of the type. */
    static int displaySize(DataType type) {
        switch (type.kind()) {
            case BOOLEAN: return 5;
            case SMALLINT: return 6;
            case INTEGER: return 11;
            case BIGINT: return 20;
            case REAL: return 15;
            case DOUBLE: return 24;
            case DECIMAL: return precision(type) + 2;
            default: return precision(type);
        }
    }

    /** The class {@code getObject} returns for the type (JDBC maps SMALLINT to Integer). */
    static Class<?> javaClass(ValueType kind) {
        switch (kind) {
            case SMALLINT: return Integer.class;
            case DATE: return java.sql.Date.class;
            case TIMESTAMP: return java.sql.Timestamp.class;
            default: return kind.javaClass();
        }
    }

    static boolean isSigned(ValueType kind) {
        return kind.isNumeric();
    }

    static boolean isCaseSensitive(ValueType kind) {
        return kind.isString();
    }
}
