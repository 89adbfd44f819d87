package org.verso.core.catalog;

import java.util.Objects;

/**
 * A CHECK constraint: its name and its condition as SQL text over the table's columns. The SQL layer compiles the
 * text into each INSERT and UPDATE plan of the table; a row for which the condition is FALSE is refused (23514).
 */
public record CheckConstraint(String name, String condition) {
    public CheckConstraint {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(condition, "condition");
    }
}
