package org.verso.core.catalog;

import java.util.Arrays;
import java.util.Objects;

/**
 * An index of a table as the catalog knows it. {@code id} is assigned by the catalog (from the same counter as table
 * ids) and names the index's storage; {@code columns} are column positions in key order, and {@code descending}
 * says, per key column, whether it sorts descending. A PRIMARY KEY and every UNIQUE constraint are backed by a unique
 * index ({@link IndexOrigin}).
 */
public record IndexDefinition(long id, String name, int[] columns, boolean[] descending, boolean unique,
                              IndexKind kind, IndexOrigin origin) {
    public IndexDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(origin, "origin");
        columns = columns.clone();
        descending = descending == null ? new boolean[columns.length] : descending.clone();
        if (descending.length != columns.length) {
            throw new IllegalArgumentException("one sort direction per key column");
        }
    }

    /** An ascending index on {@code columns}. */
    public static IndexDefinition of(String name, int[] columns, boolean unique, IndexKind kind, IndexOrigin origin) {
        return new IndexDefinition(0, name, columns, null, unique, kind, origin);
    }

    public boolean isPrimaryKey() {
        return origin == IndexOrigin.PRIMARY_KEY;
    }

    @Override
    public int[] columns() {
        return columns.clone();
    }

    @Override
    public boolean[] descending() {
        return descending.clone();
    }

    public int columnCount() {
        return columns.length;
    }

    /** Position of the {@code i}-th key column in the table. */
    public int column(int i) {
        return columns[i];
    }

    public boolean isDescending(int i) {
        return descending[i];
    }

    /** The same definition with the catalog-assigned id. */
    public IndexDefinition withId(long newId) {
        return new IndexDefinition(newId, name, columns, descending, unique, kind, origin);
    }

    /** The same index over the same columns at new positions (after an earlier column of the table was dropped). */
    public IndexDefinition withColumns(int[] positions) {
        return new IndexDefinition(id, name, positions, descending, unique, kind, origin);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IndexDefinition i && i.id == id && i.name.equals(name) && Arrays.equals(i.columns, columns)
            && Arrays.equals(i.descending, descending) && i.unique == unique && i.kind == kind && i.origin == origin;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, Arrays.hashCode(columns), Arrays.hashCode(descending), unique, kind, origin);
    }

    @Override
    public String toString() {
        return "IndexDefinition[" + name + " " + kind + (unique ? " unique" : "") + " on " + Arrays.toString(columns)
            + "]";
    }
}
