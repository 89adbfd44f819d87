package org.verso.common.type;

import java.util.Objects;

/**
 * A column's declared type: the value kind plus its length (CHAR, VARCHAR, BINARY, VARBINARY) or precision and
 * scale (DECIMAL). For other kinds precision and scale are 0.
 */
public record DataType(ValueType kind, int precision, int scale) {
    public static final int MAX_DECIMAL_PRECISION = 38;
    public static final int MAX_STRING_LENGTH = 65_535;
    public static final int MAX_BINARY_LENGTH = 65_535;

    public DataType {
        Objects.requireNonNull(kind, "kind");
    }

    public static DataType of(ValueType kind) {
        return new DataType(kind, 0, 0);
    }

    public static DataType varchar(int length) {
        return new DataType(ValueType.VARCHAR, length, 0);
    }

    public static DataType ch(int length) {
        return new DataType(ValueType.CHAR, length, 0);
    }

    public static DataType binary(int length) {
        return new DataType(ValueType.BINARY, length, 0);
    }

    public static DataType varbinary(int length) {
        return new DataType(ValueType.VARBINARY, length, 0);
    }

    public static DataType decimal(int precision, int scale) {
        return new DataType(ValueType.DECIMAL, precision, scale);
    }

    /** The declared length of a CHAR, VARCHAR, BINARY or VARBINARY type, or its maximum when none was given. */
    public int length() {
        if (precision > 0) {
            return precision;
        }
        return kind.isBinary() ? MAX_BINARY_LENGTH : MAX_STRING_LENGTH;
    }

    /**
     * The size of the type as JDBC's COLUMN_SIZE and the SQL standard's precision define it: decimal digits for
     * numbers, characters for strings, bytes for binary strings, and the length of the text form for the temporal
     * kinds ({@code yyyy-MM-dd}, {@code HH:mm:ss.ffffff}, {@code yyyy-MM-dd HH:mm:ss.ffffff}).
     */
    public int columnSize() {
        return switch (kind) {
            case BOOLEAN -> 1;
            case SMALLINT -> 5;
            case INTEGER -> 10;
            case BIGINT -> 19;
            case REAL -> 7;
            case DOUBLE -> 15;
            case DECIMAL -> precision > 0 ? precision : MAX_DECIMAL_PRECISION;
            case CHAR, VARCHAR, BINARY, VARBINARY -> length();
            case DATE -> 10;
            case TIME -> 9 + DateTimes.FRACTION_DIGITS;
            case TIMESTAMP -> 20 + DateTimes.FRACTION_DIGITS;
            case TIMESTAMP_TZ -> 26 + DateTimes.FRACTION_DIGITS; // and an offset +hh:mm
            case UUID -> 36;
        };
    }

    /** Digits after the decimal point: a DECIMAL's scale, the fraction of a second of TIME and TIMESTAMP, else 0. */
    public int fractionDigits() {
        return switch (kind) {
            case DECIMAL -> scale;
            case TIME, TIMESTAMP, TIMESTAMP_TZ -> DateTimes.FRACTION_DIGITS;
            default -> 0;
        };
    }

    @Override
    public String toString() {
        switch (kind) {
            case CHAR:
            case VARCHAR:
            case BINARY:
            case VARBINARY:
                return kind + "(" + precision + ")";
            case DECIMAL:
                return "DECIMAL(" + precision + "," + scale + ")";
            case TIMESTAMP_TZ:
                return "TIMESTAMP WITH TIME ZONE";
            default:
                return kind.name();
        }
    }
}
