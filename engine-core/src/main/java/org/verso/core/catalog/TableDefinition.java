package org.verso.core.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.verso.common.ErrorCode;

/**
 * A table as the catalog knows it. {@code id} is assigned by the catalog when the table is created and names the
 * table's files; {@code name} is its catalog key ({@link CatalogNames}). {@code indexes} holds every index of the
 * table: the one backing the PRIMARY KEY (if any) comes first, then those backing UNIQUE constraints, then those made
 * by CREATE INDEX, in creation order. {@code checks} and {@code foreignKeys} are the table's other constraints.
 */
public record TableDefinition(long id, String name, List<ColumnDefinition> columns, TableLayout layout,
                              List<IndexDefinition> indexes, List<CheckConstraint> checks,
                              List<ForeignKey> foreignKeys) {
    public TableDefinition {
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
        Objects.requireNonNull(layout, "layout");
        indexes = List.copyOf(indexes);
        checks = List.copyOf(checks);
        foreignKeys = List.copyOf(foreignKeys);
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
        return new TableDefinition(tableId, name, columns, layout, numbered, checks, foreignKeys);
    }

    /** The same table with one more index (placed after the existing ones). */
    public TableDefinition withIndex(IndexDefinition index) {
        List<IndexDefinition> next = new ArrayList<>(indexes);
        next.add(index);
        return new TableDefinition(id, name, columns, layout, next, checks, foreignKeys);
    }

    /** The same table without the named index. */
    public TableDefinition withoutIndex(String indexName) {
        return new TableDefinition(id, name, columns, layout,
            indexes.stream().filter(i -> !i.name().equals(indexName)).toList(), checks, foreignKeys);
    }

    /** The same table with one more column at the end (ALTER TABLE ADD COLUMN). */
    public TableDefinition withColumn(ColumnDefinition column) {
        List<ColumnDefinition> next = new ArrayList<>(columns);
        next.add(column);
        return new TableDefinition(id, name, next, layout, indexes, checks, foreignKeys);
    }

    /** The same table with one more CHECK constraint. */
    public TableDefinition withCheck(CheckConstraint check) {
        List<CheckConstraint> next = new ArrayList<>(checks);
        next.add(check);
        return new TableDefinition(id, name, columns, layout, indexes, next, foreignKeys);
    }

    /** The same table with one more foreign key. */
    public TableDefinition withForeignKey(ForeignKey key) {
        List<ForeignKey> next = new ArrayList<>(foreignKeys);
        next.add(key);
        return new TableDefinition(id, name, columns, layout, indexes, checks, next);
    }

    /** The same table without the named CHECK or FOREIGN KEY constraint (unique ones are indexes). */
    public TableDefinition withoutConstraint(String constraint) {
        return new TableDefinition(id, name, columns, layout, indexes,
            checks.stream().filter(c -> !c.name().equals(constraint)).toList(),
            foreignKeys.stream().filter(f -> !f.name().equals(constraint)).toList());
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
