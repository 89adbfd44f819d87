package org.verso.core.catalog;

import java.util.Collection;
import java.util.Optional;

/**
 * Read access to the tables of a database. The catalog is versioned: every successful DDL statement increments
 * {@link #version()}, which the SQL layer's plan cache uses to detect stale plans.
 *
 * <p>Thread safety: all methods may be called from any thread; a reader sees a consistent set of tables.
 */
public interface Catalog {
    /** The table with exactly this (case-normalised) name. */
    Optional<TableDefinition> table(String name);

    /** All tables, in creation order. */
    Collection<TableDefinition> tables();

    /** Incremented by every change to the set of tables or their definitions. */
    long version();
}
