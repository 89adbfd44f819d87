package org.verso.core.catalog;

import java.util.Objects;
import org.verso.common.type.DataType;

/** One column of a table: its name (as stored in the catalog, already case-normalised), type and nullability. */
public record ColumnDefinition(String name, DataType type, boolean nullable) {
    public ColumnDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }
}
