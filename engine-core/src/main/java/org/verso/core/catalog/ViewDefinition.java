package org.verso.core.catalog;

import java.util.List;
import java.util.Objects;

/**
 * A view: its query as SQL text, with every name qualified and {@code *} expanded when the view was created, the
 * columns that query produces, and the tables and views it reads (a DROP of one of them without CASCADE fails with
 * 2BP01). The SQL layer expands the text in place of the view wherever a statement names it.
 */
public record ViewDefinition(String name, String query, List<ColumnDefinition> columns, List<String> dependsOn) {
    public ViewDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(query, "query");
        columns = List.copyOf(columns);
        dependsOn = List.copyOf(dependsOn);
    }
}
