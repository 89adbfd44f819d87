package org.verso.common.type;

/**
 * The kinds of value a column can hold, each with the one Java class that represents it inside the engine.
 *
 * <p>Engine values are canonical: every layer above storage hands values of exactly {@link #javaClass()} and
 * gets them back. DATE is a count of days since 1970-01-01 and TIMESTAMP a count of milliseconds since
 * 1970-01-01T00:00 (no time zone), as in Calcite's internal representation, so the executor can compare and
 * compute on them without conversion.
 */
public enum ValueType {
    BOOLEAN(Boolean.class, 1),
    SMALLINT(Short.class, 2),
    INTEGER(Integer.class, 4),
    BIGINT(Long.class, 8),
    REAL(Float.class, 4),
    DOUBLE(Double.class, 8),
    DECIMAL(java.math.BigDecimal.class, -1),
    CHAR(String.class, -1),
    VARCHAR(String.class, -1),
    DATE(Integer.class, 4),
    TIMESTAMP(Long.class, 8);

    private final Class<?> javaClass;
    private final int fixedWidth;

    ValueType(Class<?> javaClass, int fixedWidth) {
        this.javaClass = javaClass;
        this.fixedWidth = fixedWidth;
    }

    /** The class of every non-null engine value of this type. */
    public Class<?> javaClass() {
        return javaClass;
    }

    /** Encoded width in bytes, or -1 for variable-width types. */
    public int fixedWidth() {
        return fixedWidth;
    }

    public boolean isString() {
        return this == CHAR || this == VARCHAR;
    }

    public boolean isNumeric() {
        return this == SMALLINT || this == INTEGER || this == BIGINT || this == REAL || this == DOUBLE
            || this == DECIMAL;
    }
}
