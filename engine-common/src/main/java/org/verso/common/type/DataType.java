package org.verso.common.type;

import java.util.Objects;

/**
 * A column's declared type: the value kind plus its length (CHAR, VARCHAR) or precision and scale (DECIMAL).
 * For other kinds precision and scale are 0.
 */
public record DataType(ValueType kind, int precision, int scale) {
    public static final int MAX_DECIMAL_PRECISION = 38;
    public static final int MAX_STRING_LENGTH = 65_535;

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

    public static DataType decimal(int precision, int scale) {
        return new DataType(ValueType.DECIMAL, precision, scale);
    }

    @Override
    public String toString() {
        switch (kind) {
            case CHAR:
            case VARCHAR:
                return kind + "(" + precision + ")";
            case DECIMAL:
                return "DECIMAL(" + precision + "," + scale + ")";
            default:
                return kind.name();
        }
    }
}
