package org.verso.jdbc;

import java.sql.Types;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/** How an engine type looks in JDBC: its {@link Types} code, name, sizes and the class getObject returns. */
final class JdbcTypes {
    private JdbcTypes() {
    }

    static int sqlType(ValueType kind) {
        return switch (kind) {
            case BOOLEAN -> Types.BOOLEAN;
            case SMALLINT -> Types.SMALLINT;
            case INTEGER -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case REAL -> Types.REAL;
            case DOUBLE -> Types.DOUBLE;
            case DECIMAL -> Types.DECIMAL;
            case CHAR -> Types.CHAR;
            case VARCHAR -> Types.VARCHAR;
            case BINARY -> Types.BINARY;
            case VARBINARY -> Types.VARBINARY;
            case DATE -> Types.DATE;
            case TIME -> Types.TIME;
            case TIMESTAMP -> Types.TIMESTAMP;
            case TIMESTAMP_TZ -> Types.TIMESTAMP_WITH_TIMEZONE;
            case UUID -> Types.OTHER; // as PostgreSQL's driver reports uuid
        };
    }

    /** The SQL name of the type without length or precision, e.g. VARCHAR or DECIMAL. */
    static String typeName(ValueType kind) {
        return kind == ValueType.TIMESTAMP_TZ ? "TIMESTAMP WITH TIME ZONE" : kind.name();
    }

    /**
     * Precision as JDBC defines it: maximum digits for numbers, length in characters for strings, in bytes for
     * binary strings, and the length of the character form of dates and times.
     */
    static int precision(DataType type) {
        return type.columnSize();
    }

    static int scale(DataType type) {
        return type.fractionDigits();
    }

    /** Characters needed to print any value of the type (binary values print as two hexadecimal digits a byte). */
    static int displaySize(DataType type) {
        return switch (type.kind()) {
            case BOOLEAN -> 5;
            case SMALLINT -> 6;
            case INTEGER -> 11;
            case BIGINT -> 20;
            case REAL -> 15;
            case DOUBLE -> 24;
            case DECIMAL -> precision(type) + 2;
            case BINARY, VARBINARY -> 2 * precision(type);
            default -> precision(type);
        };
    }

    /** The class {@code getObject} returns for the type (JDBC maps SMALLINT to Integer). */
    static Class<?> javaClass(ValueType kind) {
        return switch (kind) {
            case SMALLINT -> Integer.class;
            case DATE -> java.sql.Date.class;
            case TIME -> java.sql.Time.class;
            case TIMESTAMP -> java.sql.Timestamp.class;
            case TIMESTAMP_TZ -> java.time.OffsetDateTime.class;
            default -> kind.javaClass();
        };
    }

    static boolean isSigned(ValueType kind) {
        return kind.isNumeric();
    }

    static boolean isCaseSensitive(ValueType kind) {
        return kind.isString();
    }
}
