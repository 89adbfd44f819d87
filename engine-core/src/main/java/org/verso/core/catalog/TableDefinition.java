package org.verso.core.catalog;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.verso.common.ErrorCode;

/**
 * A table as the catalog knows it. {@code id} is assigned by the catalog when the table is created and names the
 * table's files; {@code primaryKey} lists column positions in key order (empty when the table has no key).
 */
public record TableDefinition(long id, String name, List<ColumnDefinition> columns, int[] primaryKey,
                              TableLayout layout) {
    public TableDefinition {
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
        primaryKey = primaryKey.clone();
        Objects.requireNonNull(layout, "layout");
    }

    /** Position of the named column, or -1. Names are compared exactly: callers normalise case. */
    public int columnIndex(String column) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(column)) {
                return i;
            }
        }
        return -1;
    }

    public ColumnDefinition column(int index) {
        return columns.get(index);
    }

    public int columnCount() {
        return columns.size();
    }

    public boolean hasPrimaryKey() {
        return primaryKey.length > 0;
    }

    @Override
    public int[] primaryKey() {
        return primaryKey.clone();
    }

    /** The same definition with the catalog-assigned id. */
    public TableDefinition withId(long newId) {
        return new TableDefinition(newId, name, columns, primaryKey, layout);
    }

    /** Checks the definition is well formed; throws a 42xxx error naming the table otherwise. */
    public void validate() {
        if (columns.isEmpty()) {
            throw ErrorCode.INVALID_DEFINITION.exception(name, "a table needs at least one column");
        }
        for (int i = 0; i < columns.size(); i++) {
            for (int j = i + 1; j < columns.size(); j++) {
                if (columns.get(i).name().equals(columns.get(j).name())) {
                    throw ErrorCode.DUPLICATE_COLUMN.exception(columns.get(i).name(), name);
                }
            }
        }
        for (int k : primaryKey) {
            if (k < 0 || k >= columns.size()) {
                throw ErrorCode.INVALID_DEFINITION.exception(name, "primary key column " + k + " out of range");
            }
            if (columns.get(k).nullable()) {
                throw ErrorCode.INVALID_DEFINITION.exception(name,
                    "primary key column " + columns.get(k).name() + " must be NOT NULL");
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TableDefinition t && t.id == id && t.name.equals(name) && t.columns.equals(columns)
            && Arrays.equals(t.primaryKey, primaryKey) && t.layout == layout;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, columns, Arrays.hashCode(primaryKey), layout);
    }
}
