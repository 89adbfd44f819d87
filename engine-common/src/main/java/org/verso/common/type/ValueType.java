package org.verso.common.type;

/**
 * The kinds of value a column can hold, each with the one Java class that represents it inside the engine.
 *
 * <p>Engine values are canonical: every layer above storage hands values of exactly {@link #javaClass()} and
 * gets them back. The temporal kinds carry no time zone and are counts, so the executor compares and computes on
 * them without conversion ({@link DateTimes} converts them to and from {@code java.time}):
 * <ul>
 *   <li>DATE: days since 1970-01-01 (Integer);</li>
 *   <li>TIME: microseconds since midnight, 0 to 86 399 999 999 (Long);</li>
 *   <li>TIMESTAMP: microseconds since 1970-01-01T00:00 of local wall-clock time (Long).</li>
 * </ul>
 * BINARY and VARBINARY values are {@code byte[]}, which has identity equality: compare and hash them with
 * {@link ValueOrder}, never with {@code equals}.
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
    BINARY(byte[].class, -1),
    VARBINARY(byte[].class, -1),
    DATE(Integer.class, 4),
    TIME(Long.class, 8),
    TIMESTAMP(Long.class, 8),
    /**
     * TIMESTAMP WITH TIME ZONE: an instant, microseconds since 1970-01-01T00:00Z, shown and read in the session's
     * time zone as PostgreSQL's timestamptz is (see {@link DateTimes#sessionZone}).
     */
    TIMESTAMP_TZ(Long.class, 8),
    /** A universally unique identifier (RFC 4122), ordered as its 16 bytes unsigned, as PostgreSQL orders it. */
    UUID(java.util.UUID.class, 16);

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

    public boolean isBinary() {
        return this == BINARY || this == VARBINARY;
    }

    /** True for the kinds whose declared type carries a length (CHAR, VARCHAR, BINARY, VARBINARY). */
    public boolean hasLength() {
        return isString() || isBinary();
    }

    public boolean isNumeric() {
        return this == SMALLINT || this == INTEGER || this == BIGINT || this == REAL || this == DOUBLE
            || this == DECIMAL;
    }

    /** REAL and DOUBLE: the floating-point kinds, whose arithmetic rounds. */
    public boolean isApproximate() {
        return this == REAL || this == DOUBLE;
    }

    /** SMALLINT, INTEGER and BIGINT. */
    public boolean isIntegral() {
        return this == SMALLINT || this == INTEGER || this == BIGINT;
    }

    public boolean isTemporal() {
        return this == DATE || this == TIME || this == TIMESTAMP || this == TIMESTAMP_TZ;
    }
}
