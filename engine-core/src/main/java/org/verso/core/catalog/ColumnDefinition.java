package org.verso.core.catalog;

import java.util.Objects;
import org.verso.common.type.DataType;

/**
 * One column of a table: its name (as stored in the catalog, already case-normalised), type and nullability, and
 * what an INSERT that omits it stores.
 *
 * @param defaultExpression the DEFAULT as SQL text ({@code 0}, {@code 'new'}, {@code CURRENT_TIMESTAMP}), or null for
 *                          none (the column is then NULL unless it is an identity column)
 * @param identity          the identity generator, or null
 * @param addedValue        the value that rows stored before the column existed read (ALTER TABLE ADD COLUMN: the
 *                          default as it was evaluated then); null for NULL and for the table's original columns
 */
public record ColumnDefinition(String name, DataType type, boolean nullable, String defaultExpression,
                               Identity identity, Object addedValue) {
    public ColumnDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (identity != null && defaultExpression != null) {
            throw new IllegalArgumentException("column " + name + " has both a DEFAULT and an identity");
        }
    }

    /** A column without DEFAULT or identity. */
    public ColumnDefinition(String name, DataType type, boolean nullable) {
        this(name, type, nullable, null, null, null);
    }

    /** Whether an INSERT that omits the column stores something other than NULL. */
    public boolean hasDefault() {
        return defaultExpression != null || identity != null;
    }

    public ColumnDefinition withNullable(boolean newNullable) {
        return new ColumnDefinition(name, type, newNullable, defaultExpression, identity, addedValue);
    }

    /** The same column under another name (ALTER TABLE RENAME COLUMN). */
    public ColumnDefinition withName(String newName) {
        return new ColumnDefinition(newName, type, nullable, defaultExpression, identity, addedValue);
    }

    /** The same column with another type that stores its values the same way (a wider VARCHAR, say). */
    public ColumnDefinition withType(DataType newType) {
        return new ColumnDefinition(name, newType, nullable, defaultExpression, identity, addedValue);
    }

    /** The same column with another DEFAULT (SQL text, or null for none). */
    public ColumnDefinition withDefault(String expression) {
        return new ColumnDefinition(name, type, nullable, expression, identity, addedValue);
    }

    public ColumnDefinition withAddedValue(Object value) {
        return new ColumnDefinition(name, type, nullable, defaultExpression, identity, value);
    }
}
