package org.verso.core.catalog;

import java.util.Arrays;
import java.util.Objects;

/**
 * A FOREIGN KEY of a table (the child): its columns must match, in order, the {@code referencedColumns} of a row
 * of {@code referencedTable} (the parent), unless one of them is NULL (MATCH SIMPLE). The referenced columns are the
 * parent's primary key or one of its unique constraints. Only deletes of the parent have an action; a change of a
 * referenced key is refused while rows reference it (ON UPDATE NO ACTION).
 *
 * @param columns           column positions in the child table
 * @param referencedTable   catalog key of the parent table
 * @param referencedColumns column positions in the parent table, one per column
 */
public record ForeignKey(String name, int[] columns, String referencedTable, int[] referencedColumns,
                         ForeignKeyAction onDelete) {
    public ForeignKey {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(referencedTable, "referencedTable");
        Objects.requireNonNull(onDelete, "onDelete");
        columns = columns.clone();
        referencedColumns = referencedColumns.clone();
        if (columns.length == 0 || columns.length != referencedColumns.length) {
            throw new IllegalArgumentException("a foreign key needs one referenced column per column");
        }
    }

    /** The same key over the same columns at new positions (after an earlier column was dropped). */
    public ForeignKey withColumns(int[] positions, int[] referencedPositions) {
        return new ForeignKey(name, positions, referencedTable, referencedPositions, onDelete);
    }

    @Override
    public int[] columns() {
        return columns.clone();
    }

    @Override
    public int[] referencedColumns() {
        return referencedColumns.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ForeignKey f && f.name.equals(name) && Arrays.equals(f.columns, columns)
            && f.referencedTable.equals(referencedTable) && Arrays.equals(f.referencedColumns, referencedColumns)
            && f.onDelete == onDelete;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(columns), referencedTable, Arrays.hashCode(referencedColumns),
            onDelete);
    }

    @Override
    public String toString() {
        return "ForeignKey[" + name + " " + Arrays.toString(columns) + " -> " + referencedTable
            + Arrays.toString(referencedColumns) + " ON DELETE " + onDelete + "]";
    }
}
