package org.verso.core.catalog;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.verso.common.ErrorCode;
import org.verso.storage.StorageEngine;

/**
 * The catalog of one database, saved in the storage engine's {@code catalog.bin} metadata file after every change
 * (the file is replaced atomically). Readers see an immutable {@link State} that each change replaces.
 *
 * <p>Operations by purpose: tables ({@link #add}, {@link #replace}, {@link #removeTable}), indexes
 * ({@link #addIndex}, {@link #removeIndex}), views ({@link #addView}, {@link #removeView}), sequences
 * ({@link #addSequence}, {@link #removeSequence}), schemas ({@link #addSchema}, {@link #removeSchema}). Each checks
 * names and dependencies against the current state and fails without changing anything: 42P07 for a name in use,
 * 42P01/42704/3F000 for a missing object, 2BP01 for a drop that other objects depend on (unless it cascades).
 *
 * <p>Thread safety: changes are serialised by the catalog's monitor; reads take no lock.
 */
public final class PersistentCatalog implements Catalog {
    static final String FILE = "catalog.bin";

    /** One consistent version of the catalog's contents, with lookup maps. */
    private record State(List<String> schemas, List<TableDefinition> tables, List<ViewDefinition> views,
                         List<SequenceDefinition> sequences, Map<String, TableDefinition> tablesByName,
                         Map<String, ViewDefinition> viewsByName, Map<String, SequenceDefinition> sequencesByName) {
        static State of(List<String> schemas, List<TableDefinition> tables, List<ViewDefinition> views,
                        List<SequenceDefinition> sequences) {
            Map<String, TableDefinition> t = new LinkedHashMap<>();
            tables.forEach(x -> t.put(x.name(), x));
            Map<String, ViewDefinition> v = new LinkedHashMap<>();
            views.forEach(x -> v.put(x.name(), x));
            Map<String, SequenceDefinition> s = new LinkedHashMap<>();
            sequences.forEach(x -> s.put(x.name(), x));
            return new State(List.copyOf(schemas), List.copyOf(tables), List.copyOf(views), List.copyOf(sequences),
                Map.copyOf(t), Map.copyOf(v), Map.copyOf(s));
        }

        State withTables(List<TableDefinition> next) {
            return of(schemas, next, views, sequences);
        }

        State withViews(List<ViewDefinition> next) {
            return of(schemas, tables, next, sequences);
        }

        State withSequences(List<SequenceDefinition> next) {
            return of(schemas, tables, views, next);
        }

        State withSchemas(List<String> next) {
            return of(next, tables, views, sequences);
        }
    }

    private final StorageEngine storage;
    private volatile State state;
    private volatile long version;
    private long nextObjectId;

    private PersistentCatalog(StorageEngine storage, CatalogCodec.Contents contents) {
        this.storage = storage;
        this.nextObjectId = contents.nextObjectId();
        this.version = contents.version();
        this.state = State.of(contents.schemas(), contents.tables(), contents.views(), contents.sequences());
    }

    /** Loads the catalog of {@code storage}, or starts an empty one. */
    public static PersistentCatalog load(StorageEngine storage) {
        byte[] data = storage.readMetadata(FILE);
        CatalogCodec.Contents contents = data == null ? CatalogCodec.Contents.empty() : CatalogCodec.decode(data, FILE);
        return new PersistentCatalog(storage, contents);
    }

    @Override
    public Optional<TableDefinition> table(String name) {
        return Optional.ofNullable(state.tablesByName().get(name));
    }

    @Override
    public Collection<TableDefinition> tables() {
        return state.tables();
    }

    @Override
    public long version() {
        return version;
    }

    @Override
    public Collection<String> schemas() {
        return state.schemas();
    }

    @Override
    public Optional<ViewDefinition> view(String name) {
        return Optional.ofNullable(state.viewsByName().get(name));
    }

    @Override
    public Collection<ViewDefinition> views() {
        return state.views();
    }

    @Override
    public Optional<SequenceDefinition> sequence(String name) {
        return Optional.ofNullable(state.sequencesByName().get(name));
    }

    @Override
    public Collection<SequenceDefinition> sequences() {
        return state.sequences();
    }

    // ---- tables

    /** Adds a table, assigning its id; fails with 42P07 if the name is taken. */
    public synchronized TableDefinition add(TableDefinition definition) {
        return add(definition, List.of());
    }

    /**
     * Adds a table and the sequences of its identity columns (owned by it), assigning their ids; fails with 42P07
     * if a name is taken and 42P01 if a foreign key references a table that does not exist.
     */
    public synchronized TableDefinition add(TableDefinition definition, List<SequenceDefinition> ownedSequences) {
        definition.validate();
        checkRelationNameFree(definition.name(), "table");
        for (SequenceDefinition sequence : ownedSequences) {
            checkRelationNameFree(sequence.name(), "sequence");
        }
        long[] nextId = {nextObjectId};
        TableDefinition created = definition.withIds(nextId[0]++, () -> nextId[0]++);
        for (IndexDefinition index : created.indexes()) {
            checkIndexNameFree(index.name());
        }
        for (ForeignKey key : created.foreignKeys()) {
            if (!key.referencedTable().equals(created.name()) && !state.tablesByName().containsKey(key.referencedTable())) {
                throw ErrorCode.TABLE_NOT_FOUND.exception(key.referencedTable());
            }
        }
        List<TableDefinition> tables = new ArrayList<>(state.tables());
        tables.add(created);
        List<SequenceDefinition> sequences = new ArrayList<>(state.sequences());
        for (SequenceDefinition sequence : ownedSequences) {
            sequences.add(sequence.withId(nextId[0]++));
        }
        save(nextId[0], state.withTables(tables).withSequences(sequences));
        return created;
    }

    /**
     * Replaces a table's definition by a changed one of the same id (ALTER TABLE), assigning ids to new indexes; the
     * caller has checked that the change fits the table's data.
     */
    public synchronized TableDefinition replace(TableDefinition changed) {
        TableDefinition old = requireTable(changed.name());
        if (old.id() != changed.id()) {
            throw ErrorCode.INTERNAL_ERROR.exception("table " + changed.name() + " changed its id");
        }
        changed.validate();
        long[] nextId = {nextObjectId};
        TableDefinition numbered = changed.withIds(changed.id(), () -> nextId[0]++);
        for (IndexDefinition index : numbered.indexes()) {
            if (old.index(index.name()).isEmpty()) {
                checkIndexNameFree(index.name());
            }
        }
        save(nextId[0], state.withTables(replaced(old, numbered)));
        return numbered;
    }


    /**
     * Checks that {@code index} can be added to table {@code tableName} and gives it an id, without changing the
     * catalog yet: the index is built first and added with {@link #addIndex} once it is complete. Fails with 42P01
     * if there is no such table and 42P07 if an index of that name exists in the database.
     */
    public synchronized IndexDefinition prepareIndex(String tableName, IndexDefinition index) {
        TableDefinition table = requireTable(tableName);
        table.validate(index);
        checkIndexNameFree(index.name());
        // Not saved until the next change; an id drawn for an index that was never added is simply not used again
        // unless a crash intervenes, and then nothing durable refers to it.
        return index.withId(nextObjectId++);
    }

    /**
     * Adds a prepared index (see {@link #prepareIndex}) to table {@code tableName}; fails with 42P01 if there is no
     * such table and 42P07 if the name was taken meanwhile. Returns the table's new definition.
     */
    public synchronized TableDefinition addIndex(String tableName, IndexDefinition index) {
        TableDefinition table = requireTable(tableName);
        table.validate(index);
        checkIndexNameFree(index.name());
        TableDefinition changed = table.withIndex(index.id() > 0 ? index : index.withId(nextObjectId++));
        save(nextObjectId, state.withTables(replaced(table, changed)));
        return changed;
    }

    /** Removes the named index; fails with 42704 if there is none. Returns the table's new definition. */
    public synchronized TableDefinition removeIndex(String indexName) {
        return removeIndex(indexName, false);
    }

    /**
     * Removes the named index (fails with 42704 if there is none). A foreign key that references the index's columns
     * and has no other unique key of the table to rely on depends on it: without {@code cascade} it fails the
     * removal with 2BP01, with it the key is removed from its table too. Returns the index's table's new definition.
     */
    public synchronized TableDefinition removeIndex(String indexName, boolean cascade) {
        TableDefinition table = tableOfIndex(indexName)
            .orElseThrow(() -> ErrorCode.INDEX_NOT_FOUND.exception(indexName));
        TableDefinition changed = table.withoutIndex(indexName);
        List<Reference> relying = referencesTo(table.name()).stream()
            .filter(r -> table.uniqueKeyOn(r.key().referencedColumns()).isPresent()
                && changed.uniqueKeyOn(r.key().referencedColumns()).isEmpty())
            .toList();
        if (!cascade) {
            refuseDependentKeys("index " + indexName + " of table " + table.name(), relying);
        }
        save(nextObjectId, state.withTables(tablesWithout(table, changed, relying)));
        return state.tablesByName().get(table.name());
    }

    /** The table that has the named index. */
    public Optional<TableDefinition> tableOfIndex(String indexName) {
        return state.tables().stream().filter(t -> t.index(indexName).isPresent()).findFirst();
    }

    /** Removes a table and the sequences it owns; fails with 42P01 if there is none of that name. */
    public synchronized TableDefinition remove(String name) {
        return removeTable(name, false);
    }

    /**
     * Removes a table and the sequences it owns. Views that read it and foreign keys of other tables that reference
     * it depend on it: without {@code cascade} their existence fails the drop with 2BP01; with it the views are
     * dropped and the foreign keys removed from their tables (the referencing rows stay).
     */
    public synchronized TableDefinition removeTable(String name, boolean cascade) {
        TableDefinition existing = requireTable(name);
        List<Reference> references = referencesTo(name).stream().filter(r -> !r.table().equals(name)).toList();
        Set<String> views = dependentViews(name);
        if (!cascade && !views.isEmpty()) {
            throw ErrorCode.DEPENDENT_OBJECTS.exception("table " + name, "view " + views.iterator().next());
        }
        if (!cascade && !references.isEmpty()) {
            Reference r = references.get(0);
            throw ErrorCode.DEPENDENT_OBJECTS.exception("table " + name,
                "foreign key " + r.key().name() + " of table " + r.table());
        }
        List<TableDefinition> tables = new ArrayList<>();
        for (TableDefinition t : state.tables()) {
            if (t == existing) {
                continue;
            }
            TableDefinition kept = t;
            for (ForeignKey key : t.foreignKeys()) {
                if (key.referencedTable().equals(name)) {
                    kept = kept.withoutConstraint(key.name());
                }
            }
            tables.add(kept);
        }
        List<ViewDefinition> keptViews = state.views().stream().filter(v -> !views.contains(v.name())).toList();
        List<SequenceDefinition> keptSequences = state.sequences().stream()
            .filter(s -> !name.equals(s.ownerTable())).toList();
        save(nextObjectId, State.of(state.schemas(), tables, keptViews, keptSequences));
        return existing;
    }

    /**
     * Removes column {@code column} of a table (ALTER TABLE DROP COLUMN). {@code changed} is the table without it, as
     * {@link TableDefinition#withoutColumn} made it and without the CHECK constraints that read the column;
     * {@code viewsReadingIt} are the views whose queries read it (the SQL layer knows which). Those views (and the
     * views that read them) and other tables' foreign keys that reference the column depend on it: without
     * {@code cascade} they fail the drop with 2BP01, with it the views are dropped and the keys removed. A column of
     * the primary key is refused (0A000), as dropping the primary key is. An identity column's sequence goes with it.
     * Returns the table's new definition; other tables' definitions may have changed too (their foreign keys).
     */
    public synchronized TableDefinition dropColumn(TableDefinition changed, int column, Set<String> viewsReadingIt,
                                                   boolean cascade) {
        TableDefinition old = requireTable(changed.name());
        String name = old.name();
        if (old.id() != changed.id() || changed.columnCount() != old.columnCount() - 1) {
            throw ErrorCode.INTERNAL_ERROR.exception("table " + name + " changed under ALTER TABLE DROP COLUMN");
        }
        ColumnDefinition dropped = old.column(column);
        String what = "column " + dropped.name() + " of table " + name;
        for (int key : old.primaryKey()) {
            if (key == column) {
                throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("dropping " + what + ", which is in its primary key");
            }
        }
        changed.validate();
        List<Reference> references = referencesTo(name).stream()
            .filter(r -> Arrays.stream(r.key().referencedColumns()).anyMatch(c -> c == column)).toList();
        Set<String> views = new LinkedHashSet<>();
        for (String view : viewsReadingIt) {
            views.add(view);
            views.addAll(dependentViews(view));
        }
        if (!cascade) {
            refuseDependentKeys(what, references);
        }
        if (!cascade && !views.isEmpty()) {
            throw ErrorCode.DEPENDENT_OBJECTS.exception(what, "view " + views.iterator().next());
        }
        List<TableDefinition> tables = tablesWithout(old, changed, references).stream()
            .map(t -> t.withReferencesWithout(name, column)).toList();
        String sequence = dropped.identity() == null ? null : dropped.identity().sequence();
        List<ViewDefinition> keptViews = state.views().stream().filter(v -> !views.contains(v.name())).toList();
        List<SequenceDefinition> keptSequences = state.sequences().stream()
            .filter(s -> !s.name().equals(sequence)).toList();
        save(nextObjectId, State.of(state.schemas(), tables, keptViews, keptSequences));
        return state.tablesByName().get(name);
    }

    /**
     * Renames a table (ALTER TABLE RENAME TO): 42P07 if the new name is taken in its schema, 3F000 if that schema
     * does not exist, 2BP01 if a view reads the table (its query names it). Other tables' foreign keys and the
     * table's identity sequences follow the new name. Returns the table's new definition.
     */
    public synchronized TableDefinition renameTable(String name, String newName) {
        TableDefinition old = requireTable(name);
        checkRelationNameFree(newName, "table");
        Set<String> views = dependentViews(name);
        if (!views.isEmpty()) {
            throw ErrorCode.DEPENDENT_OBJECTS.exception("the name of table " + name, "view " + views.iterator().next());
        }
        TableDefinition renamed = old.withName(newName);
        List<TableDefinition> tables = new ArrayList<>();
        for (TableDefinition t : state.tables()) {
            tables.add((t == old ? renamed : t).withReferencesRenamed(name, newName));
        }
        List<SequenceDefinition> sequences = state.sequences().stream()
            .map(s -> name.equals(s.ownerTable()) ? s.withOwnerTable(newName) : s).toList();
        save(nextObjectId, State.of(state.schemas(), tables, state.views(), sequences));
        return state.tablesByName().get(newName);
    }

    /** Fails with 2BP01, naming the first of {@code keys}, if a foreign key depends on {@code what}. */
    private static void refuseDependentKeys(String what, List<Reference> keys) {
        if (!keys.isEmpty()) {
            Reference r = keys.get(0);
            throw ErrorCode.DEPENDENT_OBJECTS.exception(what, "foreign key " + r.key().name() + " of table " + r.table());
        }
    }

    /** The catalog's tables with {@code old} replaced by {@code changed} and the foreign keys {@code removed} gone. */
    private List<TableDefinition> tablesWithout(TableDefinition old, TableDefinition changed, List<Reference> removed) {
        List<TableDefinition> tables = new ArrayList<>();
        for (TableDefinition t : state.tables()) {
            TableDefinition next = t == old ? changed : t;
            for (Reference r : removed) {
                if (r.table().equals(t.name())) {
                    next = next.withoutConstraint(r.key().name());
                }
            }
            tables.add(next);
        }
        return tables;
    }

    // ---- views

    /**
     * Adds a view, or with {@code replace} replaces the view of that name; fails with 42P07 if the name is taken by
     * another kind of object (or by a view, without {@code replace}).
     */
    public synchronized ViewDefinition addView(ViewDefinition view, boolean replace) {
        ViewDefinition existing = state.viewsByName().get(view.name());
        if (existing == null || !replace) {
            checkRelationNameFree(view.name(), "view");
        }
        checkSchemaOf(view.name());
        if (view.dependsOn().contains(view.name())) {
            throw ErrorCode.INVALID_DEFINITION.exception(view.name(), "a view cannot read itself");
        }
        List<ViewDefinition> views = new ArrayList<>(state.views());
        if (existing != null) {
            views.set(views.indexOf(existing), view);
        } else {
            views.add(view);
        }
        save(nextObjectId, state.withViews(views));
        return view;
    }

    /** Removes a view; views that read it fail the drop with 2BP01, or with {@code cascade} are dropped too. */
    public synchronized void removeView(String name, boolean cascade) {
        if (!state.viewsByName().containsKey(name)) {
            throw ErrorCode.OBJECT_NOT_FOUND.exception("view", name);
        }
        Set<String> dependents = dependentViews(name);
        if (!cascade && !dependents.isEmpty()) {
            throw ErrorCode.DEPENDENT_OBJECTS.exception("view " + name, "view " + dependents.iterator().next());
        }
        dependents.add(name);
        save(nextObjectId, state.withViews(state.views().stream().filter(v -> !dependents.contains(v.name())).toList()));
    }

    /** Every view that reads {@code name}, directly or through other views. */
    private Set<String> dependentViews(String name) {
        Set<String> found = new LinkedHashSet<>();
        List<String> frontier = new ArrayList<>(List.of(name));
        while (!frontier.isEmpty()) {
            String next = frontier.remove(frontier.size() - 1);
            for (ViewDefinition v : state.views()) {
                if (v.dependsOn().contains(next) && found.add(v.name())) {
                    frontier.add(v.name());
                }
            }
        }
        return found;
    }

    // ---- sequences

    /** Adds a sequence, assigning its id; fails with 42P07 if the name is taken. */
    public synchronized SequenceDefinition addSequence(SequenceDefinition sequence) {
        checkRelationNameFree(sequence.name(), "sequence");
        checkSchemaOf(sequence.name());
        SequenceDefinition created = sequence.withId(nextObjectId);
        List<SequenceDefinition> sequences = new ArrayList<>(state.sequences());
        sequences.add(created);
        save(nextObjectId + 1, state.withSequences(sequences));
        return created;
    }

    /** Removes a sequence; one owned by an identity column goes only with its table (2BP01). */
    public synchronized SequenceDefinition removeSequence(String name) {
        SequenceDefinition existing = state.sequencesByName().get(name);
        if (existing == null) {
            throw ErrorCode.OBJECT_NOT_FOUND.exception("sequence", name);
        }
        if (existing.ownerTable() != null) {
            throw ErrorCode.DEPENDENT_OBJECTS.exception("sequence " + name,
                "the identity column of table " + existing.ownerTable());
        }
        save(nextObjectId, state.withSequences(state.sequences().stream().filter(s -> s != existing).toList()));
        return existing;
    }

    // ---- schemas

    /** Adds a schema; fails with 42P06 if it exists and 42939 for a system schema's name. */
    public synchronized void addSchema(String schema) {
        CatalogNames.checkName(schema);
        if (CatalogNames.isSystemSchema(schema)) {
            throw ErrorCode.RESERVED_NAME.exception(schema, "a system schema");
        }
        if (hasSchema(schema)) {
            throw ErrorCode.SCHEMA_EXISTS.exception(schema);
        }
        List<String> schemas = new ArrayList<>(state.schemas());
        schemas.add(schema);
        save(nextObjectId, state.withSchemas(schemas));
    }

    /** Removes an empty schema; fails with 3F000 if there is none and 2BP01 while it holds objects. */
    public synchronized void removeSchema(String schema) {
        if (!state.schemas().contains(schema)) {
            if (hasSchema(schema)) {
                throw ErrorCode.RESERVED_NAME.exception(schema, "a schema Verso owns");
            }
            throw ErrorCode.SCHEMA_NOT_FOUND.exception(schema);
        }
        Optional<String> member = objectsIn(schema).stream().findFirst();
        if (member.isPresent()) {
            throw ErrorCode.DEPENDENT_OBJECTS.exception("schema " + schema, member.get());
        }
        List<String> schemas = new ArrayList<>(state.schemas());
        schemas.remove(schema);
        save(nextObjectId, state.withSchemas(schemas));
    }

    /** The objects in a schema, named with their kind ("table S.T"): views first, so they can be dropped in order. */
    public List<String> objectsIn(String schema) {
        List<String> result = new ArrayList<>();
        state.views().stream().filter(v -> CatalogNames.schemaOf(v.name()).equals(schema))
            .forEach(v -> result.add("view " + v.name()));
        state.tables().stream().filter(t -> CatalogNames.schemaOf(t.name()).equals(schema))
            .forEach(t -> result.add("table " + t.name()));
        state.sequences().stream().filter(s -> CatalogNames.schemaOf(s.name()).equals(schema))
            .forEach(s -> result.add("sequence " + s.name()));
        return result;
    }

    // ---- checks

    private TableDefinition requireTable(String name) {
        TableDefinition table = state.tablesByName().get(name);
        if (table == null) {
            throw ErrorCode.TABLE_NOT_FOUND.exception(name);
        }
        return table;
    }

    /** Tables, views and sequences share one name space per schema, and the schema must exist. */
    private void checkRelationNameFree(String name, String kind) {
        checkSchemaOf(name);
        if (state.tablesByName().containsKey(name)) {
            throw kind.equals("table") ? ErrorCode.TABLE_EXISTS.exception(name)
                : ErrorCode.OBJECT_EXISTS.exception("table", name);
        }
        if (state.viewsByName().containsKey(name)) {
            throw ErrorCode.OBJECT_EXISTS.exception("view", name);
        }
        if (state.sequencesByName().containsKey(name)) {
            throw ErrorCode.OBJECT_EXISTS.exception("sequence", name);
        }
    }

    private void checkSchemaOf(String name) {
        String schema = CatalogNames.schemaOf(name);
        if (CatalogNames.isSystemSchema(schema)) {
            throw ErrorCode.RESERVED_NAME.exception(schema, "a system schema, where nothing can be created");
        }
        if (!hasSchema(schema)) {
            throw ErrorCode.SCHEMA_NOT_FOUND.exception(schema);
        }
    }

    private void checkIndexNameFree(String indexName) {
        if (tableOfIndex(indexName).isPresent() || state.tablesByName().containsKey(indexName)) {
            throw ErrorCode.INDEX_EXISTS.exception(indexName);
        }
    }

    private List<TableDefinition> replaced(TableDefinition old, TableDefinition changed) {
        List<TableDefinition> next = new ArrayList<>(state.tables());
        next.set(next.indexOf(old), changed);
        return next;
    }

    private void save(long newNextId, State next) {
        long newVersion = version + 1;
        storage.writeMetadata(FILE, CatalogCodec.encode(new CatalogCodec.Contents(newNextId, newVersion,
            next.schemas(), next.tables(), next.views(), next.sequences())));
        nextObjectId = newNextId;
        state = next;
        version = newVersion;
    }

}
