package org.verso.core.catalog;

import java.util.Objects;

/**
 * A sequence: BIGINT values {@code start}, {@code start + increment}, ... handed out in order and never twice, across
 * sessions and restarts (see {@link SequenceValues}). A sequence made for an identity column is owned by its table
 * ({@code ownerTable}) and dropped with it.
 *
 * @param id         assigned by the catalog; names the sequence's high-water mark
 * @param ownerTable catalog key of the owning table, or null for a sequence made by CREATE SEQUENCE
 */
public record SequenceDefinition(long id, String name, long start, long increment, String ownerTable) {
    public SequenceDefinition {
        Objects.requireNonNull(name, "name");
        if (increment == 0) {
            throw new IllegalArgumentException("a sequence's increment must not be 0");
        }
    }

    /** The same sequence owned by the table under its new name. */
    public SequenceDefinition withOwnerTable(String table) {
        return new SequenceDefinition(id, name, start, increment, table);
    }

    public SequenceDefinition withId(long newId) {
        return new SequenceDefinition(newId, name, start, increment, ownerTable);
    }
}
