package org.verso.sql.ddl;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.type.SqlTypeName;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.CatalogNames;
import org.verso.core.catalog.CheckConstraint;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.ForeignKey;
import org.verso.core.catalog.ForeignKeyAction;
import org.verso.core.catalog.Identity;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexKind;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.SequenceDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.sql.parse.ast.IdentityOption;
import org.verso.sql.parse.ast.SequenceOptions;
import org.verso.sql.parse.ast.ReferentialAction;
import org.verso.sql.parse.ast.SqlColumnDefinition;
import org.verso.sql.parse.ast.SqlCreateTableStatement;
import org.verso.sql.parse.ast.SqlOption;
import org.verso.sql.parse.ast.SqlTableConstraint;
import org.verso.sql.parse.ast.SqlTableLike;

/**
 * Turns CREATE TABLE and the column and constraint clauses of ALTER TABLE into catalog definitions, resolving names
 * against the catalog: column-level and table-level constraints alike (a PRIMARY KEY, UNIQUE constraints as unique
 * indexes, CHECKs as SQL text, foreign keys to the referenced table's primary key or a unique constraint), DEFAULT
 * as SQL text, identity columns with the sequence they own. Constraint names that the statement does not give are
 * made up PostgreSQL's way ({@code T_PKEY}, {@code T_A_KEY}, {@code T_A_FKEY}, {@code T_A_CHECK}).
 */
final class TableDefinitions {
    /** A table to create and the sequences of its identity columns. */
    record NewTable(TableDefinition table, List<SequenceDefinition> sequences) {
    }

    private final Catalog catalog;
    private final String table;
    private final IndexKind indexKind;
    private final Set<String> takenNames = new HashSet<>();

    /** {@code indexKind} is the kind of the indexes of PRIMARY KEY and UNIQUE constraints (the database's default). */
    TableDefinitions(Catalog catalog, String table, IndexKind indexKind) {
        this.catalog = catalog;
        this.table = table;
        this.indexKind = indexKind;
        String schema = CatalogNames.schemaOf(table);
        if (CatalogNames.isSystemSchema(schema)) {
            throw ErrorCode.RESERVED_NAME.exception(schema, "a system schema, where nothing can be created");
        }
        if (!catalog.hasSchema(schema)) {
            throw ErrorCode.SCHEMA_NOT_FOUND.exception(schema);
        }
    }

    NewTable create(SqlCreateTableStatement create) {
        if (create.getReplace()) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("CREATE OR REPLACE TABLE");
        }
        TableLayout layout = TableLayout.SIAS;
        for (SqlNode node : create.options) {
            SqlOption option = (SqlOption) node;
            if (!option.name.getSimple().equals("LAYOUT")) {
                throw ErrorCode.INVALID_DEFINITION.exception(table, "unknown table option " + option.name
                    + " (Verso knows LAYOUT)");
            }
            layout = TableLayout.parse(optionText(option.value));
        }
        List<SqlColumnDefinition> columns = new ArrayList<>();
        List<SqlTableConstraint> constraints = new ArrayList<>();
        List<TableLike> likes = new ArrayList<>();
        // In the statement's order: a column written out, or one copied by LIKE.
        List<Object> columnSources = new ArrayList<>();
        for (SqlNode element : create.elements) {
            if (element instanceof SqlColumnDefinition column) {
                columns.add(column);
                columnSources.add(column);
                constraints.addAll(column.constraints);
            } else if (element instanceof SqlTableLike like) {
                TableLike copied = TableLike.of(catalog, like);
                likes.add(copied);
                columnSources.addAll(copied.columns());
            } else {
                constraints.add((SqlTableConstraint) element);
            }
        }
        List<SqlTableConstraint> primaryKeys = constraints.stream()
            .filter(c -> c.kind == SqlTableConstraint.Kind.PRIMARY_KEY).toList();
        if (primaryKeys.size() > 1) {
            throw ErrorCode.INVALID_DEFINITION.exception(table, "more than one PRIMARY KEY");
        }
        List<String> keyNames = primaryKeys.isEmpty() ? List.of() : names(primaryKeys.get(0).columns);
        List<ColumnDefinition> definitions = new ArrayList<>();
        List<SequenceDefinition> sequences = new ArrayList<>();
        for (Object source : columnSources) {
            definitions.add(source instanceof SqlColumnDefinition column
                ? column(column, keyNames.contains(column.name.getSimple()), sequences) : (ColumnDefinition) source);
        }
        List<IndexDefinition> indexes = new ArrayList<>();
        if (!primaryKeys.isEmpty()) {
            SqlTableConstraint pk = primaryKeys.get(0);
            // Index names are unique per database: a table of another schema may already have T_PKEY.
            String name = pk.name != null ? claim(Names.simple(pk.name))
                : freeName(TableDefinition.primaryKeyName(simpleTable()));
            indexes.add(IndexDefinition.of(name, positions(definitions, keyNames), true, indexKind,
                IndexOrigin.PRIMARY_KEY));
        }
        TableDefinition definition = new TableDefinition(0, table, definitions, layout, indexes);
        for (TableLike like : likes) {
            definition = withCopies(definition, like);
        }
        for (SqlTableConstraint constraint : constraints) {
            if (constraint.kind != SqlTableConstraint.Kind.PRIMARY_KEY) {
                definition = withConstraint(definition, constraint);
            }
        }
        definition.validate();
        return new NewTable(definition, sequences);
    }

    /**
     * {@code definition} with the indexes and CHECK constraints that {@code like} copies from its source table, their
     * columns found by name. Copied indexes get names of their own (index names are unique in the database); a
     * copied primary key where the statement declares one too fails with 42P16.
     */
    private TableDefinition withCopies(TableDefinition definition, TableLike like) {
        TableDefinition source = like.source();
        if (like.indexes()) {
            for (IndexDefinition index : source.indexes()) {
                int[] columns = positions(definition.columns(), Arrays.stream(index.columns())
                    .mapToObj(c -> source.column(c).name()).toList());
                if (index.isPrimaryKey() && definition.hasPrimaryKey()) {
                    throw ErrorCode.INVALID_DEFINITION.exception(table, "more than one PRIMARY KEY (one is copied"
                        + " from " + source.name() + " by LIKE ... INCLUDING INDEXES)");
                }
                String name = freeName(index.isPrimaryKey() ? TableDefinition.primaryKeyName(simpleTable())
                    : defaultName(definition, columns, index.unique() ? "KEY" : "IDX"));
                definition = definition.withIndex(new IndexDefinition(0, name, columns, index.descending(),
                    index.unique(), index.kind(), index.origin()));
            }
        }
        if (like.constraints()) {
            for (CheckConstraint check : source.checks()) {
                String name = definition.hasConstraint(check.name())
                    ? freeName(simpleTable() + "_CHECK" + (definition.checks().size() + 1)) : claim(check.name());
                definition = definition.withCheck(new CheckConstraint(name, check.condition()));
            }
        }
        return definition;
    }

    /** A column definition; the sequence of an identity column is added to {@code sequences}. */
    ColumnDefinition column(SqlColumnDefinition column, boolean inPrimaryKey, List<SequenceDefinition> sequences) {
        String name = Names.simple(column.name);
        ColumnTypes.Resolved type = ColumnTypes.resolve(column.type, name);
        boolean nullable = !inPrimaryKey && !Boolean.FALSE.equals(column.nullable);
        if (inPrimaryKey && Boolean.TRUE.equals(column.nullable)) {
            throw ErrorCode.INVALID_DEFINITION.exception(table, "primary key column " + name + " cannot be NULL");
        }
        IdentityOption identity = column.identity != null ? column.identity
            : type.serial() ? new IdentityOption(false, SequenceOptions.none()) : null;
        if (identity != null) {
            switch (type.type().kind()) {
                case SMALLINT, INTEGER, BIGINT -> { }
                default -> throw ErrorCode.INVALID_DEFINITION.exception(table, "identity column " + name
                    + " must be SMALLINT, INTEGER or BIGINT, not " + type.type());
            }
            String sequence = freeSequenceName(simpleTable() + "_" + name + "_SEQ");
            sequences.add(SequenceDefinitions.of(sequence, identity.options(), type.type(), table));
            return new ColumnDefinition(name, type.type(), false, null, new Identity(identity.always(), sequence),
                null);
        }
        String defaultSql = isNullLiteral(column.defaultValue) ? null : Names.sql(column.defaultValue);
        return new ColumnDefinition(name, type.type(), nullable, defaultSql, null, null);
    }

    /**
     * {@code definition} with one more PRIMARY KEY, UNIQUE, FOREIGN KEY or CHECK constraint. A primary key makes its
     * columns NOT NULL, as in PostgreSQL; the caller checks the rows the table has against both.
     */
    TableDefinition withConstraint(TableDefinition definition, SqlTableConstraint constraint) {
        String given = constraint.name == null ? null : Names.simple(constraint.name);
        if (given != null && definition.hasConstraint(given)) {
            throw ErrorCode.DUPLICATE_OBJECT.exception("constraint " + given + " of table " + table
                + " already exists");
        }
        switch (constraint.kind) {
            case PRIMARY_KEY: {
                String existing = definition.primaryKeyIndex().map(IndexDefinition::name).orElse(null);
                if (existing != null) {
                    throw ErrorCode.INVALID_DEFINITION.exception(table, "it has a primary key already (" + existing
                        + "), and a table can have only one");
                }
                int[] columns = positions(definition.columns(), names(constraint.columns));
                String name = given != null ? claim(given) : freeName(TableDefinition.primaryKeyName(simpleTable()));
                TableDefinition keyed = definition;
                for (int column : columns) {
                    keyed = keyed.withColumn(column, keyed.column(column).withNullable(false));
                }
                return keyed.withIndex(IndexDefinition.of(name, columns, true, indexKind, IndexOrigin.PRIMARY_KEY));
            }
            case UNIQUE: {
                int[] columns = positions(definition.columns(), names(constraint.columns));
                String name = given != null ? claim(given) : freeName(defaultName(definition, columns, "KEY"));
                return definition.withIndex(IndexDefinition.of(name, columns, true, indexKind,
                    IndexOrigin.UNIQUE_CONSTRAINT));
            }
            case CHECK: {
                String name = given != null ? claim(given)
                    : freeName(simpleTable() + "_CHECK" + (definition.checks().size() + 1));
                return definition.withCheck(new CheckConstraint(name, Names.sql(constraint.condition)));
            }
            case FOREIGN_KEY:
                return definition.withForeignKey(foreignKey(definition, constraint, given));
            default:
                throw new IllegalStateException(constraint.kind.toString());
        }
    }

    private ForeignKey foreignKey(TableDefinition child, SqlTableConstraint constraint, String given) {
        String parentName = Names.key(constraint.referencedTable);
        TableDefinition parent = parentName.equals(table) ? child : catalog.table(parentName)
            .orElseThrow(() -> catalog.view(parentName).isPresent()
                ? ErrorCode.INVALID_FOREIGN_KEY.exception("foreign key to view " + parentName
                    + ": a foreign key must reference a table")
                : ErrorCode.TABLE_NOT_FOUND.exception(parentName));
        int[] columns = positions(child.columns(), names(constraint.columns));
        int[] referenced;
        if (constraint.referencedColumns == null) {
            referenced = parent.primaryKey();
            if (referenced.length == 0) {
                throw ErrorCode.INVALID_FOREIGN_KEY.exception("table " + parentName
                    + " has no primary key for the foreign key of table " + table + " to reference");
            }
        } else {
            referenced = positions(parent.columns(), names(constraint.referencedColumns));
        }
        if (referenced.length != columns.length) {
            throw ErrorCode.INVALID_FOREIGN_KEY.exception("foreign key of table " + table + " has " + columns.length
                + " columns but references " + referenced.length);
        }
        if (parent.uniqueKeyOn(referenced).isEmpty()) {
            throw ErrorCode.INVALID_FOREIGN_KEY.exception("there is no primary key or unique constraint on "
                + columnNames(parent, referenced) + " of table " + parentName + " for a foreign key to reference");
        }
        for (int i = 0; i < columns.length; i++) {
            if (!comparable(child.column(columns[i]), parent.column(referenced[i]))) {
                throw ErrorCode.TYPE_MISMATCH.exception("foreign key column " + child.column(columns[i]).name()
                    + " of type " + child.column(columns[i]).type() + " cannot reference column "
                    + parent.column(referenced[i]).name() + " of type " + parent.column(referenced[i]).type());
            }
        }
        if (constraint.onUpdate != ReferentialAction.NO_ACTION && constraint.onUpdate != ReferentialAction.RESTRICT) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("ON UPDATE " + constraint.onUpdate.sql());
        }
        ForeignKeyAction onDelete = switch (constraint.onDelete) {
            case NO_ACTION -> ForeignKeyAction.NO_ACTION;
            case RESTRICT -> ForeignKeyAction.RESTRICT;
            case CASCADE -> ForeignKeyAction.CASCADE;
            case SET_NULL -> ForeignKeyAction.SET_NULL;
            default -> throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("ON DELETE " + constraint.onDelete.sql());
        };
        String name = given != null ? claim(given) : freeName(defaultName(child, columns, "FKEY"));
        return new ForeignKey(name, columns, parentName, referenced, onDelete);
    }

    private static boolean comparable(ColumnDefinition a, ColumnDefinition b) {
        return a.type().kind().isNumeric() && b.type().kind().isNumeric()
            || a.type().kind().isString() && b.type().kind().isString()
            || a.type().kind() == b.type().kind();
    }

    private String simpleTable() {
        return CatalogNames.simpleName(table);
    }

    private String defaultName(TableDefinition definition, int[] columns, String suffix) {
        StringBuilder name = new StringBuilder(simpleTable());
        for (int column : columns) {
            name.append('_').append(definition.column(column).name());
        }
        return name.append('_').append(suffix).toString();
    }

    /** Reserves a given constraint name; a clash with an index of another table is caught by the catalog. */
    private String claim(String name) {
        if (!takenNames.add(name)) {
            throw ErrorCode.DUPLICATE_OBJECT.exception("constraint " + name + " of table " + table
                + " is declared twice");
        }
        return name;
    }

    /** {@code base}, or {@code base1}, {@code base2}... : the first name no index or constraint uses. */
    private String freeName(String base) {
        String name = base;
        for (int n = 1; takenNames.contains(name) || indexExists(name); n++) {
            name = base + n;
        }
        takenNames.add(name);
        return name;
    }

    private boolean indexExists(String name) {
        return catalog.tables().stream().anyMatch(t -> t.index(name).isPresent());
    }

    private String freeSequenceName(String base) {
        String schema = CatalogNames.schemaOf(table);
        String name = base;
        for (int n = 1; takenNames.contains(name) || relationExists(CatalogNames.key(schema, name)); n++) {
            name = base + n;
        }
        takenNames.add(name);
        return CatalogNames.key(schema, name);
    }

    private boolean relationExists(String key) {
        return catalog.table(key).isPresent() || catalog.view(key).isPresent() || catalog.sequence(key).isPresent();
    }

    private int[] positions(List<ColumnDefinition> columns, List<String> names) {
        int[] result = new int[names.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = -1;
            for (int c = 0; c < columns.size(); c++) {
                if (columns.get(c).name().equals(names.get(i))) {
                    result[i] = c;
                }
            }
            if (result[i] < 0) {
                throw ErrorCode.COLUMN_NOT_FOUND.exception(names.get(i) + " (in a constraint of table " + table + ")");
            }
        }
        return result;
    }

    private static String columnNames(TableDefinition table, int[] columns) {
        List<String> names = new ArrayList<>();
        for (int column : columns) {
            names.add(table.column(column).name());
        }
        return "(" + String.join(", ", names) + ")";
    }

    static List<String> names(SqlNodeList list) {
        List<String> result = new ArrayList<>();
        for (SqlNode node : list) {
            result.add(Names.simple((SqlIdentifier) node));
        }
        return result;
    }

    private static boolean isNullLiteral(SqlNode node) {
        return node == null || node instanceof SqlLiteral literal && literal.getTypeName() == SqlTypeName.NULL;
    }

    /** A sequence option: a whole number literal, or {@code otherwise} when absent. */
    static long number(SqlNode node, long otherwise) {
        if (node == null) {
            return otherwise;
        }
        BigDecimal value = ((SqlLiteral) node).getValueAs(BigDecimal.class);
        try {
            return value.longValueExact();
        } catch (ArithmeticException e) {
            throw ErrorCode.VALUE_OUT_OF_RANGE.exception(value, "a sequence value (BIGINT)");
        }
    }

    static long nonZero(long increment) {
        if (increment == 0) {
            throw ErrorCode.INVALID_DEFINITION.exception("sequence", "INCREMENT must not be zero");
        }
        return increment;
    }

    private static String optionText(SqlNode value) {
        if (value instanceof SqlLiteral literal) {
            return literal.toValue() == null ? "" : literal.toValue().toLowerCase(Locale.ROOT);
        }
        return ((SqlIdentifier) value).getSimple();
    }
}
