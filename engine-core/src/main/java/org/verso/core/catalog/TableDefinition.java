package org.verso.core.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;

/**
 * A table as the catalog knows it. {@code id} is assigned by the catalog when the table is created and names the
 * table's files; {@code name} is its catalog key ({@link CatalogNames}). {@code indexes} holds every index of the
 * table: the one backing the PRIMARY KEY (if any) comes first, then those backing UNIQUE constraints, then those made
 * by CREATE INDEX, in creation order. {@code checks} and {@code foreignKeys} are the table's other constraints.
 *
 * <p>{@code columns} are the table's current columns; every column position in the definition (of an index, a
 * foreign key, a row) counts those. {@code droppedColumns} are the columns ALTER TABLE DROP COLUMN removed, in place
 * order: rows keep a place for each, so the stored format ({@link #storedTypes}) interleaves them with the current
 * columns.
 */
public record TableDefinition(long id, String name, List<ColumnDefinition> columns, TableLayout layout,
                              List<IndexDefinition> indexes, List<CheckConstraint> checks,
                              List<ForeignKey> foreignKeys, List<DroppedColumn> droppedColumns) {
    public TableDefinition {
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
        Objects.requireNonNull(layout, "layout");
        indexes = List.copyOf(indexes);
        checks = List.copyOf(checks);
        foreignKeys = List.copyOf(foreignKeys);
        droppedColumns = List.copyOf(droppedColumns);
        for (int i = 0; i < droppedColumns.size(); i++) {
            int place = droppedColumns.get(i).place();
            if (place >= columns.size() + droppedColumns.size() || i > 0 && droppedColumns.get(i - 1).place() >= place) {
                throw new IllegalArgumentException("dropped column places out of order or range in table " + name);
            }
        }
    }

    /** A table none of whose columns was ever dropped. */
    public TableDefinition(long id, String name, List<ColumnDefinition> columns, TableLayout layout,
                           List<IndexDefinition> indexes, List<CheckConstraint> checks, List<ForeignKey> foreignKeys) {
        this(id, name, columns, layout, indexes, checks, foreignKeys, List.of());
    }

    /** A table with indexes and no CHECK or FOREIGN KEY constraints. */
    public TableDefinition(long id, String name, List<ColumnDefinition> columns, TableLayout layout,
                           List<IndexDefinition> indexes) {
        this(id, name, columns, layout, indexes, List.of(), List.of());
    }

    /**
     * A table whose primary key is the columns {@code primaryKey} (in key order; empty for none), backed by a
     * unique MV-IDX index named {@code <TABLE>_PKEY}.
     */
    public TableDefinition(long id, String name, List<ColumnDefinition> columns, int[] primaryKey,
                           TableLayout layout) {
        this(id, name, columns, layout, primaryKey.length == 0 ? List.of()
            : List.of(IndexDefinition.of(primaryKeyName(name), primaryKey, true, IndexKind.MVIDX,
                IndexOrigin.PRIMARY_KEY)));
    }

    /** The name given to the index of a table's primary key when the statement names none. */
    public static String primaryKeyName(String table) {
        return table + "_PKEY";
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

    /** The index backing the primary key, if the table has one. */
    public Optional<IndexDefinition> primaryKeyIndex() {
        for (IndexDefinition index : indexes) { // a loop, not a stream: every key lookup asks
            if (index.isPrimaryKey()) {
                return Optional.of(index);
            }
        }
        return Optional.empty();
    }

    public boolean hasPrimaryKey() {
        return primaryKeyIndex().isPresent();
    }

    /** The primary key's column positions in key order; empty when the table has no primary key. */
    public int[] primaryKey() {
        return primaryKeyIndex().map(IndexDefinition::columns).orElse(new int[0]);
    }

    /** The index of this name, if the table has one. */
    public Optional<IndexDefinition> index(String indexName) {
        return indexes.stream().filter(i -> i.name().equals(indexName)).findFirst();
    }

    /** The same definition with the catalog-assigned table id and fresh ids for indexes that have none yet. */
    public TableDefinition withIds(long tableId, LongSupplier nextId) {
        List<IndexDefinition> numbered = new ArrayList<>(indexes.size());
        for (IndexDefinition index : indexes) {
            numbered.add(index.id() > 0 ? index : index.withId(nextId.getAsLong()));
        }
        return new TableDefinition(tableId, name, columns, layout, numbered, checks, foreignKeys, droppedColumns);
    }

    /** The same table with one more index (placed after the existing ones). */
    public TableDefinition withIndex(IndexDefinition index) {
        List<IndexDefinition> next = new ArrayList<>(indexes);
        next.add(index);
        return new TableDefinition(id, name, columns, layout, next, checks, foreignKeys, droppedColumns);
    }

    /** The same table without the named index. */
    public TableDefinition withoutIndex(String indexName) {
        return new TableDefinition(id, name, columns, layout,
            indexes.stream().filter(i -> !i.name().equals(indexName)).toList(), checks, foreignKeys, droppedColumns);
    }

    /** The same table with one more column at the end (ALTER TABLE ADD COLUMN). */
    public TableDefinition withColumn(ColumnDefinition column) {
        List<ColumnDefinition> next = new ArrayList<>(columns);
        next.add(column);
        return new TableDefinition(id, name, next, layout, indexes, checks, foreignKeys, droppedColumns);
    }

    /** The same table with column {@code column} replaced (ALTER TABLE ALTER COLUMN, RENAME COLUMN). */
    public TableDefinition withColumn(int column, ColumnDefinition changed) {
        List<ColumnDefinition> next = new ArrayList<>(columns);
        next.set(column, changed);
        return new TableDefinition(id, name, next, layout, indexes, checks, foreignKeys, droppedColumns);
    }

    /** The same table with its CHECK constraints replaced (their conditions rewritten by RENAME COLUMN). */
    public TableDefinition withChecks(List<CheckConstraint> changed) {
        return new TableDefinition(id, name, columns, layout, indexes, changed, foreignKeys, droppedColumns);
    }

    /** The same table under another name (ALTER TABLE RENAME TO). */
    public TableDefinition withName(String newName) {
        return new TableDefinition(id, newName, columns, layout, indexes, checks, foreignKeys, droppedColumns);
    }

    /** The same table with its foreign keys to table {@code from} referencing it as {@code to} (it was renamed). */
    public TableDefinition withReferencesRenamed(String from, String to) {
        List<ForeignKey> keys = foreignKeys.stream().map(k -> k.referencedTable().equals(from)
            ? new ForeignKey(k.name(), k.columns(), to, k.referencedColumns(), k.onDelete()) : k).toList();
        return new TableDefinition(id, name, columns, layout, indexes, checks, keys, droppedColumns);
    }

    /** The same table with one more CHECK constraint. */
    public TableDefinition withCheck(CheckConstraint check) {
        List<CheckConstraint> next = new ArrayList<>(checks);
        next.add(check);
        return new TableDefinition(id, name, columns, layout, indexes, next, foreignKeys, droppedColumns);
    }

    /** The same table with one more foreign key. */
    public TableDefinition withForeignKey(ForeignKey key) {
        List<ForeignKey> next = new ArrayList<>(foreignKeys);
        next.add(key);
        return new TableDefinition(id, name, columns, layout, indexes, checks, next, droppedColumns);
    }

    /** The same table without the named CHECK or FOREIGN KEY constraint (unique ones are indexes). */
    public TableDefinition withoutConstraint(String constraint) {
        return new TableDefinition(id, name, columns, layout, indexes,
            checks.stream().filter(c -> !c.name().equals(constraint)).toList(),
            foreignKeys.stream().filter(f -> !f.name().equals(constraint)).toList(), droppedColumns);
    }

    /**
     * The same table without its column {@code column} (ALTER TABLE DROP COLUMN): the column's place is kept as a
     * {@link DroppedColumn}, the indexes and foreign keys that contain it are gone, and the later columns' positions
     * in the others move down by one. Foreign keys of this or other tables that reference the column are the
     * caller's (see {@link #withReferencesWithout}); CHECK constraints are SQL text, and the SQL layer decides which
     * read the column.
     */
    public TableDefinition withoutColumn(int column) {
        if (column < 0 || column >= columns.size()) {
            throw new IllegalArgumentException("no column " + column + " in table " + name);
        }
        List<ColumnDefinition> keptColumns = new ArrayList<>(columns);
        ColumnDefinition removed = keptColumns.remove(column);
        List<DroppedColumn> dropped = new ArrayList<>(droppedColumns);
        dropped.add(new DroppedColumn(placeOf(column), removed.type()));
        dropped.sort(java.util.Comparator.comparingInt(DroppedColumn::place));
        List<IndexDefinition> keptIndexes = new ArrayList<>();
        for (IndexDefinition index : indexes) {
            if (!contains(index.columns(), column)) {
                keptIndexes.add(index.withColumns(withoutPosition(index.columns(), column)));
            }
        }
        List<ForeignKey> keptKeys = new ArrayList<>();
        for (ForeignKey key : foreignKeys) {
            if (!contains(key.columns(), column)) {
                keptKeys.add(key.withColumns(withoutPosition(key.columns(), column), key.referencedColumns()));
            }
        }
        return new TableDefinition(id, name, keptColumns, layout, keptIndexes, checks, keptKeys, dropped);
    }

    /**
     * The same table after column {@code column} of table {@code referenced} was dropped: its foreign keys to that
     * table no longer count the column among the referenced ones. Each key that references the column itself must
     * have been removed first.
     */
    public TableDefinition withReferencesWithout(String referenced, int column) {
        List<ForeignKey> keys = new ArrayList<>();
        for (ForeignKey key : foreignKeys) {
            if (!key.referencedTable().equals(referenced)) {
                keys.add(key);
            } else if (contains(key.referencedColumns(), column)) {
                throw new IllegalStateException("foreign key " + key.name() + " references a dropped column");
            } else {
                keys.add(key.withColumns(key.columns(), withoutPosition(key.referencedColumns(), column)));
            }
        }
        return new TableDefinition(id, name, columns, layout, indexes, checks, keys, droppedColumns);
    }

    /** The place in the stored format of current column {@code column}. */
    private int placeOf(int column) {
        int place = column;
        for (DroppedColumn dropped : droppedColumns) { // in place order: each one before it shifts it right
            if (dropped.place() <= place) {
                place++;
            }
        }
        return place;
    }

    /** The types of every place of the stored format: the current columns' and the dropped ones', in place order. */
    public List<DataType> storedTypes() {
        List<DataType> types = new ArrayList<>(columns.size() + droppedColumns.size());
        boolean[] dropped = droppedPlaces();
        for (int place = 0, column = 0, gone = 0; place < dropped.length; place++) {
            types.add(dropped[place] ? droppedColumns.get(gone++).type() : columns.get(column++).type());
        }
        return types;
    }

    /** For each place of the stored format, whether it is a dropped column's. */
    public boolean[] droppedPlaces() {
        boolean[] dropped = new boolean[columns.size() + droppedColumns.size()];
        for (DroppedColumn column : droppedColumns) {
            dropped[column.place()] = true;
        }
        return dropped;
    }

    /** For each place of the stored format, the value rows stored before it existed read (null for dropped ones). */
    public Object[] storedAddedValues() {
        boolean[] dropped = droppedPlaces();
        Object[] values = new Object[dropped.length];
        for (int place = 0, column = 0; place < dropped.length; place++) {
            if (!dropped[place]) {
                values[place] = columns.get(column++).addedValue();
            }
        }
        return values;
    }

    private static boolean contains(int[] positions, int column) {
        for (int p : positions) {
            if (p == column) {
                return true;
            }
        }
        return false;
    }

    /** {@code positions} renumbered for a column removed at {@code column} (which they do not contain). */
    private static int[] withoutPosition(int[] positions, int column) {
        int[] shifted = positions.clone();
        for (int i = 0; i < shifted.length; i++) {
            if (shifted[i] > column) {
                shifted[i]--;
            }
        }
        return shifted;
    }

    /** Whether the table has a constraint (or constraint index) of this name. */
    public boolean hasConstraint(String constraint) {
        return checks.stream().anyMatch(c -> c.name().equals(constraint))
            || foreignKeys.stream().anyMatch(f -> f.name().equals(constraint))
            || indexes.stream().anyMatch(i -> i.origin() != IndexOrigin.CREATE_INDEX && i.name().equals(constraint));
    }

    /** The unique indexes (primary key and UNIQUE constraints) whose columns are exactly {@code columns}, any order. */
    public Optional<IndexDefinition> uniqueKeyOn(int[] keyColumns) {
        int[] wanted = keyColumns.clone();
        java.util.Arrays.sort(wanted);
        return indexes.stream().filter(IndexDefinition::unique).filter(i -> {
            int[] have = i.columns();
            java.util.Arrays.sort(have);
            return java.util.Arrays.equals(have, wanted);
        }).findFirst();
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
        long primaryKeys = indexes.stream().filter(IndexDefinition::isPrimaryKey).count();
        if (primaryKeys > 1) {
            throw ErrorCode.INVALID_DEFINITION.exception(name, "a table can have only one primary key");
        }
        for (IndexDefinition index : indexes) {
            validate(index);
        }
        for (ForeignKey key : foreignKeys) {
            for (int column : key.columns()) {
                if (column < 0 || column >= columns.size()) {
                    throw ErrorCode.INVALID_DEFINITION.exception(name, "foreign key column " + column + " out of range");
                }
            }
        }
    }

    /** Checks that {@code index} fits this table's columns; throws a 42xxx error otherwise. */
    public void validate(IndexDefinition index) {
        if (index.columnCount() == 0) {
            throw ErrorCode.INVALID_DEFINITION.exception(name, "index " + index.name() + " has no columns");
        }
        int[] keyColumns = index.columns();
        for (int i = 0; i < keyColumns.length; i++) {
            int k = keyColumns[i];
            if (k < 0 || k >= columns.size()) {
                throw ErrorCode.INVALID_DEFINITION.exception(name, "index column " + k + " out of range");
            }
            for (int j = 0; j < i; j++) {
                if (keyColumns[j] == k) {
                    throw ErrorCode.INVALID_DEFINITION.exception(name,
                        "column " + columns.get(k).name() + " appears twice in index " + index.name());
                }
            }
            if (index.isPrimaryKey() && columns.get(k).nullable()) {
                throw ErrorCode.INVALID_DEFINITION.exception(name,
                    "primary key column " + columns.get(k).name() + " must be NOT NULL");
            }
        }
    }
}
