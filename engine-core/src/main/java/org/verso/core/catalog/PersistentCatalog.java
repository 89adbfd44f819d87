package org.verso.core.catalog;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.verso.common.ErrorCode;
import org.verso.storage.StorageEngine;

/**
 * The catalog of one database, saved in the storage engine's {@code catalog.bin} metadata file after every change
 * (the file is replaced atomically). Readers see an immutable map that each change replaces.
 *
 * <p>Thread safety: changes are serialised by the catalog's monitor; reads take no lock.
 */
public final class PersistentCatalog implements Catalog {
    static final String FILE = "catalog.bin";

    private final StorageEngine storage;
    private volatile Map<String, TableDefinition> tables;
    private volatile long version;
    private long nextObjectId;

    private PersistentCatalog(StorageEngine storage, CatalogCodec.Contents contents) {
        this.storage = storage;
        this.nextObjectId = contents.nextObjectId();
        this.version = contents.version();
        Map<String, TableDefinition> map = new LinkedHashMap<>();
        contents.tables().forEach(t -> map.put(t.name(), t));
        this.tables = Map.copyOf(map);
        this.ordered = List.copyOf(contents.tables());
    }

    private volatile List<TableDefinition> ordered;

    /** Loads the catalog of {@code storage}, or starts an empty one. */
    public static PersistentCatalog load(StorageEngine storage) {
        byte[] data = storage.readMetadata(FILE);
        CatalogCodec.Contents contents = data == null
            ? new CatalogCodec.Contents(1, 0, List.of())
            : CatalogCodec.decode(data, FILE);
        return new PersistentCatalog(storage, contents);
    }

    @Override
    public Optional<TableDefinition> table(String name) {
        return Optional.ofNullable(tables.get(name));
    }

    @Override
    public Collection<TableDefinition> tables() {
        return ordered;
    }

    @Override
    public long version() {
        return version;
    }

    /** Adds a table, assigning its id; fails with 42P07 if the name is taken. */
    public synchronized TableDefinition add(TableDefinition definition) {
        definition.validate();
        if (tables.containsKey(definition.name())) {
            throw ErrorCode.TABLE_EXISTS.exception(definition.name());
        }
        long[] nextId = {nextObjectId};
        TableDefinition created = definition.withIds(nextId[0]++, () -> nextId[0]++);
        for (IndexDefinition index : created.indexes()) {
            checkIndexNameFree(index.name());
        }
        List<TableDefinition> next = new java.util.ArrayList<>(ordered);
        next.add(created);
        save(nextId[0], next);
        return created;
    }

    /**
     * Checks that {@code index} can be added to table {@code tableName} and gives it an id, without changing the
     * catalog yet: the index is built first and added with {@link #addIndex} once it is complete. Fails with 42P01
     * if there is no such table and 42P07 if an index of that name exists in the database.
     */
    public synchronized IndexDefinition prepareIndex(String tableName, IndexDefinition index) {
        TableDefinition table = tables.get(tableName);
        if (table == null) {
            throw ErrorCode.TABLE_NOT_FOUND.exception(tableName);
        }
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
        TableDefinition table = tables.get(tableName);
        if (table == null) {
            throw ErrorCode.TABLE_NOT_FOUND.exception(tableName);
        }
        table.validate(index);
        checkIndexNameFree(index.name());
        TableDefinition changed = table.withIndex(index.id() > 0 ? index : index.withId(nextObjectId++));
        save(nextObjectId, replace(table, changed));
        return changed;
    }

    /** Removes the named index; fails with 42704 if there is none. Returns the table's new definition. */
    public synchronized TableDefinition removeIndex(String indexName) {
        TableDefinition table = tableOfIndex(indexName)
            .orElseThrow(() -> ErrorCode.INDEX_NOT_FOUND.exception(indexName));
        TableDefinition changed = table.withoutIndex(indexName);
        save(nextObjectId, replace(table, changed));
        return changed;
    }

    /** The table that has the named index. */
    public Optional<TableDefinition> tableOfIndex(String indexName) {
        return ordered.stream().filter(t -> t.index(indexName).isPresent()).findFirst();
    }

    private void checkIndexNameFree(String indexName) {
        if (tableOfIndex(indexName).isPresent() || tables.containsKey(indexName)) {
            throw ErrorCode.INDEX_EXISTS.exception(indexName);
        }
    }

    private List<TableDefinition> replace(TableDefinition old, TableDefinition changed) {
        List<TableDefinition> next = new java.util.ArrayList<>(ordered);
        next.set(next.indexOf(old), changed);
        return next;
    }

    /** Removes a table; fails with 42P01 if there is none of that name. */
    public synchronized TableDefinition remove(String name) {
        TableDefinition existing = tables.get(name);
        if (existing == null) {
            throw ErrorCode.TABLE_NOT_FOUND.exception(name);
        }
        List<TableDefinition> next = new java.util.ArrayList<>(ordered);
        next.remove(existing);
        save(nextObjectId, next);
        return existing;
    }

    private void save(long newNextId, List<TableDefinition> next) {
        long newVersion = version + 1;
        storage.writeMetadata(FILE, CatalogCodec.encode(new CatalogCodec.Contents(newNextId, newVersion, next)));
        Map<String, TableDefinition> map = new LinkedHashMap<>();
        next.forEach(t -> map.put(t.name(), t));
        nextObjectId = newNextId;
        tables = Map.copyOf(map);
        ordered = List.copyOf(next);
        version = newVersion;
    }
}
