package org.verso.core.catalog;

import java.util.Objects;

/**
 * A sequence: BIGINT values {@code start}, {@code start + increment}, ... handed out in order and never twice, across
 * sessions and restarts (see {@link SequenceValues}), within {@code [minValue, maxValue]}. Past a bound the sequence
 * is exhausted (2200H), or with {@code cycle} starts again at the other bound, as in PostgreSQL. A sequence made for
 * an identity column is owned by its table ({@code ownerTable}) and dropped with it.
 *
 * @param id         assigned by the catalog; names the sequence's high-water mark
 * @param ownerTable catalog key of the owning table, or null for a sequence made by CREATE SEQUENCE
 */
public record SequenceDefinition(long id, String name, long start, long increment, long minValue, long maxValue,
                                 boolean cycle, String ownerTable) {
    public SequenceDefinition {
        Objects.requireNonNull(name, "name");
        if (increment == 0) {
            throw new IllegalArgumentException("a sequence's increment must not be 0");
        }
        if (minValue > maxValue) {
            throw new IllegalArgumentException("MINVALUE (" + minValue + ") must be less than MAXVALUE (" + maxValue
                + ")");
        }
        if (start < minValue || start > maxValue) {
            throw new IllegalArgumentException("START value (" + start + ") must lie between MINVALUE (" + minValue
                + ") and MAXVALUE (" + maxValue + ")");
        }
    }

    /** A sequence over the whole BIGINT range that does not cycle. */
    public SequenceDefinition(long id, String name, long start, long increment, String ownerTable) {
        this(id, name, start, increment, Long.MIN_VALUE, Long.MAX_VALUE, false, ownerTable);
    }

    /** The same sequence owned by the table under its new name. */
    public SequenceDefinition withOwnerTable(String table) {
        return new SequenceDefinition(id, name, start, increment, minValue, maxValue, cycle, table);
    }

    public SequenceDefinition withId(long newId) {
        return new SequenceDefinition(newId, name, start, increment, minValue, maxValue, cycle, ownerTable);
    }

    /** Whether {@code value} lies within the sequence's bounds. */
    public boolean contains(long value) {
        return value >= minValue && value <= maxValue;
    }

    /** Where the sequence starts again after passing its last value, when it cycles. */
    public long cycleStart() {
        return increment > 0 ? minValue : maxValue;
    }
}
