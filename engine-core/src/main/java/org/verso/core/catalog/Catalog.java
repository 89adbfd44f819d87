package org.verso.core.catalog;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Read access to the objects of a database: schemas, tables, views and sequences. Tables, views and sequences share
 * one name space per schema and are looked up by their catalog key ({@link CatalogNames}). The catalog is
 * versioned: every successful DDL statement increments {@link #version()}, which the SQL layer's plan cache uses to
 * detect stale plans.
 *
 * <p>Thread safety: all methods may be called from any thread; a reader sees a consistent set of objects.
 */
public interface Catalog {
    /** The table with exactly this (case-normalised) catalog key. */
    Optional<TableDefinition> table(String name);

    /** All tables, in creation order. */
    Collection<TableDefinition> tables();

    /** Incremented by every change to the set of objects or their definitions. */
    long version();

    /** The schemas that CREATE SCHEMA made, in creation order ({@value CatalogNames#DEFAULT_SCHEMA} is implied). */
    default Collection<String> schemas() {
        return List.of();
    }

    /** Whether the schema exists: the default schema, a system schema or one made by CREATE SCHEMA. */
    default boolean hasSchema(String schema) {
        return schema.equals(CatalogNames.DEFAULT_SCHEMA) || CatalogNames.isSystemSchema(schema)
            || schemas().contains(schema);
    }

    /** The view with this catalog key. */
    default Optional<ViewDefinition> view(String name) {
        return Optional.empty();
    }

    /** All views, in creation order. */
    default Collection<ViewDefinition> views() {
        return List.of();
    }

    /** The sequence with this catalog key. */
    default Optional<SequenceDefinition> sequence(String name) {
        return Optional.empty();
    }

    /** All sequences, in creation order. */
    default Collection<SequenceDefinition> sequences() {
        return List.of();
    }

    /** The foreign keys of every table that reference table {@code name}, each with the referencing table. */
    default List<Reference> referencesTo(String name) {
        return tables().stream()
            .flatMap(t -> t.foreignKeys().stream().filter(k -> k.referencedTable().equals(name))
                .map(k -> new Reference(t.name(), k)))
            .toList();
    }

    /** A foreign key together with the table that has it. */
    record Reference(String table, ForeignKey key) {
    }
}
