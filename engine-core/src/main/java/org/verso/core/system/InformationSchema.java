package org.verso.core.system;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.ForeignKey;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.TableDefinition;

/**
 * The catalog as SQL views in schema {@code INFORMATION_SCHEMA}, following the SQL standard's names, so every
 * client (JDBC's DatabaseMetaData, a network server, a user at the shell) describes tables with the same queries:
 * <ul>
 *   <li>{@code TABLES}: one row per table, of type {@code BASE TABLE};</li>
 *   <li>{@code COLUMNS}: one row per column, with its type name ({@link ValueType}), length, precision, scale and
 *       nullability;</li>
 *   <li>{@code TABLE_CONSTRAINTS}: the PRIMARY KEY and UNIQUE constraints;</li>
 *   <li>{@code KEY_COLUMN_USAGE}: their columns, with the position in the key;</li>
 *   <li>{@code INDEXES} (not in the standard): one row per column of every index, with its kind ({@code MVIDX} or
 *       {@code BTREE}), uniqueness and sort direction.</li>
 * </ul>
 * Verso has no catalogs, so every {@code *_CATALOG} column is NULL, and user tables live in schema
 * {@value #USER_SCHEMA}. The views list user tables only; the system views are described in the user guide. Like
 * every system view they are read at the moment of the scan, from the catalog's current version.
 */
public final class InformationSchema {
    public static final String SCHEMA = "INFORMATION_SCHEMA";
    /** The schema of every user table. */
    public static final String USER_SCHEMA = "PUBLIC";

    private static final int NAME_LENGTH = 128;

    private InformationSchema() {
    }

    /** {@code systemViews} followed by the INFORMATION_SCHEMA views over {@code catalog}. */
    public static List<SystemView> addTo(List<SystemView> systemViews, Catalog catalog) {
        List<SystemView> all = new ArrayList<>(systemViews);
        all.addAll(views(catalog));
        return List.copyOf(all);
    }

    public static List<SystemView> views(Catalog catalog) {
        return List.of(tables(catalog), columns(catalog), tableConstraints(catalog), keyColumnUsage(catalog),
            indexes(catalog), foreignKeys(catalog));
    }

    private static SystemView.Builder view(String name) {
        return new SystemView.Builder(SCHEMA, name);
    }

    private static SystemView.Builder tableColumns(SystemView.Builder b) {
        return b.varchar("TABLE_CATALOG", NAME_LENGTH).varchar("TABLE_SCHEMA", NAME_LENGTH)
            .varchar("TABLE_NAME", NAME_LENGTH);
    }

    /** Rows of a view, each table contributing the rows {@code perTable} makes of it. */
    private static SystemView rows(SystemView.Builder builder, Catalog catalog,
                                   Function<TableDefinition, List<Object[]>> perTable) {
        return builder.rows(() -> {
            List<Object[]> rows = new ArrayList<>();
            for (TableDefinition table : catalog.tables()) {
                rows.addAll(perTable.apply(table));
            }
            return rows;
        });
    }

    private static SystemView tables(Catalog catalog) {
        return rows(tableColumns(view("TABLES")).varchar("TABLE_TYPE", 20), catalog,
            t -> List.<Object[]>of(new Object[] {null, USER_SCHEMA, t.name(), "BASE TABLE"}));
    }

    private static SystemView columns(Catalog catalog) {
        SystemView.Builder b = tableColumns(view("COLUMNS")).varchar("COLUMN_NAME", NAME_LENGTH)
            .integer("ORDINAL_POSITION").varchar("COLUMN_DEFAULT", 4000).varchar("IS_NULLABLE", 3)
            .varchar("DATA_TYPE", 20).nullableInteger("CHARACTER_MAXIMUM_LENGTH")
            .nullableInteger("CHARACTER_OCTET_LENGTH").nullableInteger("NUMERIC_PRECISION")
            .nullableInteger("NUMERIC_PRECISION_RADIX").nullableInteger("NUMERIC_SCALE")
            .nullableInteger("DATETIME_PRECISION");
        return rows(b, catalog, t -> {
            List<Object[]> rows = new ArrayList<>();
            for (int i = 0; i < t.columnCount(); i++) {
                rows.add(columnRow(t, t.column(i), i + 1));
            }
            return rows;
        });
    }

    private static Object[] columnRow(TableDefinition t, ColumnDefinition c, int position) {
        DataType type = c.type();
        ValueType kind = type.kind();
        // Strings are stored as UTF-8: up to four bytes a character.
        Integer octets = null;
        if (kind.isString()) {
            octets = type.length() * 4;
        } else if (kind.isBinary()) {
            octets = type.length();
        }
        boolean exact = kind.isIntegral() || kind == ValueType.DECIMAL;
        return new Object[] {null, USER_SCHEMA, t.name(), c.name(), position, c.defaultExpression(),
            c.nullable() ? "YES" : "NO",
            kind.name(), kind.hasLength() ? type.length() : null, octets,
            kind.isNumeric() ? type.columnSize() : null, kind.isNumeric() ? 10 : null,
            exact ? type.fractionDigits() : null, kind.isTemporal() ? type.fractionDigits() : null};
    }

    private static boolean isConstraint(IndexDefinition index) {
        return index.origin() != IndexOrigin.CREATE_INDEX;
    }

    private static SystemView tableConstraints(Catalog catalog) {
        SystemView.Builder b = view("TABLE_CONSTRAINTS").varchar("CONSTRAINT_CATALOG", NAME_LENGTH)
            .varchar("CONSTRAINT_SCHEMA", NAME_LENGTH).varchar("CONSTRAINT_NAME", NAME_LENGTH);
        tableColumns(b).varchar("CONSTRAINT_TYPE", 20).varchar("IS_DEFERRABLE", 3).varchar("INITIALLY_DEFERRED", 3);
        return rows(b, catalog, t -> {
            List<Object[]> rows = new ArrayList<>();
            for (IndexDefinition index : t.indexes()) {
                if (isConstraint(index)) {
                    rows.add(new Object[] {null, USER_SCHEMA, index.name(), null, USER_SCHEMA, t.name(),
                        index.isPrimaryKey() ? "PRIMARY KEY" : "UNIQUE", "NO", "NO"});
                }
            }
            for (ForeignKey key : t.foreignKeys()) {
                rows.add(new Object[] {null, USER_SCHEMA, key.name(), null, USER_SCHEMA, t.name(), "FOREIGN KEY", "NO",
                    "NO"});
            }
            return rows;
        });
    }

    private static SystemView keyColumnUsage(Catalog catalog) {
        SystemView.Builder b = view("KEY_COLUMN_USAGE").varchar("CONSTRAINT_CATALOG", NAME_LENGTH)
            .varchar("CONSTRAINT_SCHEMA", NAME_LENGTH).varchar("CONSTRAINT_NAME", NAME_LENGTH);
        tableColumns(b).varchar("COLUMN_NAME", NAME_LENGTH).integer("ORDINAL_POSITION");
        return rows(b, catalog, t -> {
            List<Object[]> rows = new ArrayList<>();
            for (IndexDefinition index : t.indexes()) {
                if (isConstraint(index)) {
                    for (int k = 0; k < index.columnCount(); k++) {
                        rows.add(new Object[] {null, USER_SCHEMA, index.name(), null, USER_SCHEMA, t.name(),
                            t.column(index.column(k)).name(), k + 1});
                    }
                }
            }
            return rows;
        });
    }

    /**
     * FOREIGN_KEYS (Verso's own view, in the shape JDBC's getImportedKeys asks for): one row per column of every
     * foreign key, with the referenced table and column, the position in the key, the ON DELETE action, and the
     * name of the referenced table's key (its primary key or UNIQUE constraint over the referenced columns).
     */
    private static SystemView foreignKeys(Catalog catalog) {
        SystemView.Builder b = view("FOREIGN_KEYS").varchar("FK_NAME", NAME_LENGTH)
            .varchar("FK_TABLE_SCHEMA", NAME_LENGTH).varchar("FK_TABLE_NAME", NAME_LENGTH)
            .varchar("FK_COLUMN_NAME", NAME_LENGTH).varchar("PK_TABLE_SCHEMA", NAME_LENGTH)
            .varchar("PK_TABLE_NAME", NAME_LENGTH).varchar("PK_COLUMN_NAME", NAME_LENGTH).integer("KEY_SEQ")
            .varchar("DELETE_RULE", 20).varchar("PK_NAME", NAME_LENGTH);
        return rows(b, catalog, t -> {
            List<Object[]> rows = new ArrayList<>();
            for (ForeignKey key : t.foreignKeys()) {
                TableDefinition parent = key.referencedTable().equals(t.name()) ? t
                    : catalog.table(key.referencedTable()).orElse(null);
                if (parent == null) {
                    continue;
                }
                String parentKey = parent.indexes().stream().filter(i -> i.unique()
                        && java.util.Arrays.equals(i.columns(), key.referencedColumns()))
                    .map(IndexDefinition::name).findFirst().orElse(null);
                int[] columns = key.columns();
                int[] referenced = key.referencedColumns();
                for (int k = 0; k < columns.length; k++) {
                    rows.add(new Object[] {key.name(), USER_SCHEMA, t.name(), t.column(columns[k]).name(), USER_SCHEMA,
                        parent.name(), parent.column(referenced[k]).name(), k + 1, key.onDelete().name()
                            .replace('_', ' '), parentKey});
                }
            }
            return rows;
        });
    }

    private static SystemView indexes(Catalog catalog) {
        SystemView.Builder b = tableColumns(view("INDEXES")).varchar("INDEX_NAME", NAME_LENGTH).bool("NON_UNIQUE")
            .bool("IS_PRIMARY_KEY").varchar("INDEX_TYPE", 10).integer("ORDINAL_POSITION")
            .varchar("COLUMN_NAME", NAME_LENGTH).varchar("ASC_OR_DESC", 1);
        return rows(b, catalog, t -> {
            List<Object[]> rows = new ArrayList<>();
            for (IndexDefinition index : t.indexes()) {
                for (int k = 0; k < index.columnCount(); k++) {
                    rows.add(new Object[] {null, USER_SCHEMA, t.name(), index.name(), !index.unique(),
                        index.isPrimaryKey(), index.kind().name(), k + 1, t.column(index.column(k)).name(),
                        index.isDescending(k) ? "D" : "A"});
                }
            }
            return rows;
        });
    }
}
