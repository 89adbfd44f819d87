package org.verso.jdbc;

import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.ColumnMeta;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * The rows of the DatabaseMetaData result sets that describe the catalog, built from the engine's
 * {@link Catalog}. Column names, types and order follow the JDBC javadoc of each method; the results are plain
 * {@link VersoResultSet}s over in-memory rows.
 *
 * <p>Verso has no catalogs and one schema, {@value VersoDatabaseMetaData#SCHEMA}. Names are reported exactly as the
 * catalog stores them, so getTables, getColumns and getPrimaryKeys agree on spelling. Patterns are JDBC LIKE patterns
 * ({@code %}, {@code _}, escape {@code \}); a null pattern matches everything.
 */
final class CatalogResultSets {
    private static final String TABLE_TYPE = "TABLE";
    private static final DataType NAME = DataType.varchar(128);
    private static final DataType INT = DataType.of(ValueType.INTEGER);
    private static final DataType SHORT = DataType.of(ValueType.SMALLINT);
    private static final DataType LONG = DataType.of(ValueType.BIGINT);
    private static final DataType BOOL = DataType.of(ValueType.BOOLEAN);

    private final Catalog catalog;

    CatalogResultSets(Catalog catalog) {
        this.catalog = catalog;
    }

    // ---- result set shapes

    private static ColumnMeta col(String label, DataType type) {
        return new ColumnMeta(label, type, true, null, null);
    }

    private static final List<ColumnMeta> TABLES = List.of(col("TABLE_CAT", NAME), col("TABLE_SCHEM", NAME),
        col("TABLE_NAME", NAME), col("TABLE_TYPE", NAME), col("REMARKS", NAME), col("TYPE_CAT", NAME),
        col("TYPE_SCHEM", NAME), col("TYPE_NAME", NAME), col("SELF_REFERENCING_COL_NAME", NAME),
        col("REF_GENERATION", NAME));

    private static final List<ColumnMeta> COLUMNS = List.of(col("TABLE_CAT", NAME), col("TABLE_SCHEM", NAME),
        col("TABLE_NAME", NAME), col("COLUMN_NAME", NAME), col("DATA_TYPE", INT), col("TYPE_NAME", NAME),
        col("COLUMN_SIZE", INT), col("BUFFER_LENGTH", INT), col("DECIMAL_DIGITS", INT), col("NUM_PREC_RADIX", INT),
        col("NULLABLE", INT), col("REMARKS", NAME), col("COLUMN_DEF", NAME), col("SQL_DATA_TYPE", INT),
        col("SQL_DATETIME_SUB", INT), col("CHAR_OCTET_LENGTH", INT), col("ORDINAL_POSITION", INT),
        col("IS_NULLABLE", NAME), col("SCOPE_CATALOG", NAME), col("SCOPE_SCHEMA", NAME), col("SCOPE_TABLE", NAME),
        col("SOURCE_DATA_TYPE", SHORT), col("IS_AUTOINCREMENT", NAME), col("IS_GENERATEDCOLUMN", NAME));

    private static final List<ColumnMeta> PRIMARY_KEYS = List.of(col("TABLE_CAT", NAME), col("TABLE_SCHEM", NAME),
        col("TABLE_NAME", NAME), col("COLUMN_NAME", NAME), col("KEY_SEQ", SHORT), col("PK_NAME", NAME));

    private static final List<ColumnMeta> INDEX_INFO = List.of(col("TABLE_CAT", NAME), col("TABLE_SCHEM", NAME),
        col("TABLE_NAME", NAME), col("NON_UNIQUE", BOOL), col("INDEX_QUALIFIER", NAME), col("INDEX_NAME", NAME),
        col("TYPE", SHORT), col("ORDINAL_POSITION", SHORT), col("COLUMN_NAME", NAME), col("ASC_OR_DESC", NAME),
        col("CARDINALITY", LONG), col("PAGES", LONG), col("FILTER_CONDITION", NAME));

    private static final List<ColumnMeta> KEYS = List.of(col("PKTABLE_CAT", NAME), col("PKTABLE_SCHEM", NAME),
        col("PKTABLE_NAME", NAME), col("PKCOLUMN_NAME", NAME), col("FKTABLE_CAT", NAME), col("FKTABLE_SCHEM", NAME),
        col("FKTABLE_NAME", NAME), col("FKCOLUMN_NAME", NAME), col("KEY_SEQ", SHORT), col("UPDATE_RULE", SHORT),
        col("DELETE_RULE", SHORT), col("FK_NAME", NAME), col("PK_NAME", NAME), col("DEFERRABILITY", SHORT));

    private static final List<ColumnMeta> SCHEMAS = List.of(col("TABLE_SCHEM", NAME), col("TABLE_CATALOG", NAME));

    private static final List<ColumnMeta> CATALOGS = List.of(col("TABLE_CAT", NAME));

    private static final List<ColumnMeta> TABLE_TYPES = List.of(col("TABLE_TYPE", NAME));

    private static final List<ColumnMeta> TYPE_INFO = List.of(col("TYPE_NAME", NAME), col("DATA_TYPE", INT),
        col("PRECISION", INT), col("LITERAL_PREFIX", NAME), col("LITERAL_SUFFIX", NAME), col("CREATE_PARAMS", NAME),
        col("NULLABLE", SHORT), col("CASE_SENSITIVE", BOOL), col("SEARCHABLE", SHORT),
        col("UNSIGNED_ATTRIBUTE", BOOL), col("FIXED_PREC_SCALE", BOOL), col("AUTO_INCREMENT", BOOL),
        col("LOCAL_TYPE_NAME", NAME), col("MINIMUM_SCALE", SHORT), col("MAXIMUM_SCALE", SHORT),
        col("SQL_DATA_TYPE", INT), col("SQL_DATETIME_SUB", INT), col("NUM_PREC_RADIX", INT));

    private static final List<ColumnMeta> CLIENT_INFO = List.of(col("NAME", NAME), col("MAX_LEN", INT),
        col("DEFAULT_VALUE", NAME), col("DESCRIPTION", NAME));

    // ---- queries

    VersoResultSet tables(String catalogName, String schemaPattern, String tableNamePattern, String[] types) {
        List<Object[]> rows = new ArrayList<>();
        boolean tablesWanted = types == null || Arrays.stream(types).anyMatch(TABLE_TYPE::equalsIgnoreCase);
        if (tablesWanted) {
            for (TableDefinition t : tables(catalogName, schemaPattern, tableNamePattern)) {
                rows.add(new Object[] {null, VersoDatabaseMetaData.SCHEMA, t.name(), TABLE_TYPE, null, null, null,
                    null, null, null});
            }
        }
        return VersoResultSet.of(TABLES, rows);
    }

    VersoResultSet columns(String catalogName, String schemaPattern, String tableNamePattern,
                           String columnNamePattern) {
        Pattern columnPattern = likePattern(columnNamePattern);
        List<Object[]> rows = new ArrayList<>();
        for (TableDefinition t : tables(catalogName, schemaPattern, tableNamePattern)) {
            for (int i = 0; i < t.columnCount(); i++) {
                ColumnDefinition c = t.column(i);
                if (columnPattern.matcher(c.name()).matches()) {
                    rows.add(columnRow(t, c, i + 1));
                }
            }
        }
        return VersoResultSet.of(COLUMNS, rows);
    }

    private static Object[] columnRow(TableDefinition t, ColumnDefinition c, int position) {
        DataType type = c.type();
        ValueType kind = type.kind();
        Integer decimalDigits = kind.isNumeric() || kind == ValueType.TIME || kind == ValueType.TIMESTAMP
            ? JdbcTypes.scale(type) : null;
        Integer radix = kind.isNumeric() ? 10 : null;
        // Strings are stored as UTF-8: up to four bytes a character.
        Integer octetLength = kind.isString() ? JdbcTypes.precision(type) * 4 : null;
        return new Object[] {null, VersoDatabaseMetaData.SCHEMA, t.name(), c.name(), JdbcTypes.sqlType(kind),
            JdbcTypes.typeName(kind), JdbcTypes.precision(type), null, decimalDigits, radix,
            c.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls, null, null, null, null,
            octetLength, position, c.nullable() ? "YES" : "NO", null, null, null, null, "NO", "NO"};
    }

    /** The key columns, in JDBC's order (by column name), each with its position in the key. */
    VersoResultSet primaryKeys(String catalogName, String schemaName, String tableName) {
        List<Object[]> rows = new ArrayList<>();
        for (TableDefinition t : exactTable(catalogName, schemaName, tableName)) {
            int[] key = t.primaryKey();
            for (int k = 0; k < key.length; k++) {
                rows.add(new Object[] {null, VersoDatabaseMetaData.SCHEMA, t.name(), t.column(key[k]).name(),
                    (short) (k + 1), primaryKeyName(t)});
            }
        }
        rows.sort(Comparator.comparing(r -> (String) r[3]));
        return VersoResultSet.of(PRIMARY_KEYS, rows);
    }

    /**
     * The primary key, reported as the unique index that enforces it. Secondary indexes are not in the engine
     * catalog's table definitions, so they are not listed.
     */
    VersoResultSet indexInfo(String catalogName, String schemaName, String tableName) {
        List<Object[]> rows = new ArrayList<>();
        for (TableDefinition t : exactTable(catalogName, schemaName, tableName)) {
            int[] key = t.primaryKey();
            for (int k = 0; k < key.length; k++) {
                rows.add(new Object[] {null, VersoDatabaseMetaData.SCHEMA, t.name(), false, null, primaryKeyName(t),
                    DatabaseMetaData.tableIndexOther, (short) (k + 1), t.column(key[k]).name(), "A", null, null,
                    null});
            }
        }
        return VersoResultSet.of(INDEX_INFO, rows);
    }

    /** Foreign keys are accepted in DDL but not recorded in the catalog, so there are none to report. */
    VersoResultSet foreignKeys() {
        return VersoResultSet.of(KEYS, List.of());
    }

    VersoResultSet schemas(String catalogName, String schemaPattern) {
        List<Object[]> rows = new ArrayList<>();
        if (catalogMatches(catalogName) && schemaMatches(schemaPattern)) {
            rows.add(new Object[] {VersoDatabaseMetaData.SCHEMA, null});
        }
        return VersoResultSet.of(SCHEMAS, rows);
    }

    static VersoResultSet catalogs() {
        return VersoResultSet.of(CATALOGS, List.of());
    }

    static VersoResultSet tableTypes() {
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {TABLE_TYPE});
        return VersoResultSet.of(TABLE_TYPES, rows);
    }

    static VersoResultSet clientInfoProperties() {
        return VersoResultSet.of(CLIENT_INFO, List.of());
    }

    /** One row per engine type, ordered by DATA_TYPE as JDBC requires. */
    static VersoResultSet typeInfo() {
        List<Object[]> rows = new ArrayList<>();
        for (ValueType kind : ValueType.values()) {
            DataType widest = kind == ValueType.DECIMAL ? DataType.decimal(DataType.MAX_DECIMAL_PRECISION, 0)
                : kind.hasLength() ? new DataType(kind, DataType.of(kind).length(), 0) : DataType.of(kind);
            String prefix = literalPrefix(kind);
            String createParams = kind.hasLength() ? "length" : kind == ValueType.DECIMAL ? "precision,scale" : null;
            short maxScale = (short) (kind == ValueType.DECIMAL ? DataType.MAX_DECIMAL_PRECISION
                : widest.fractionDigits());
            rows.add(new Object[] {JdbcTypes.typeName(kind), JdbcTypes.sqlType(kind), JdbcTypes.precision(widest),
                prefix, prefix == null ? null : "'", createParams, (short) DatabaseMetaData.typeNullable,
                kind.isString(), (short) DatabaseMetaData.typeSearchable, !kind.isNumeric(), false, false,
                JdbcTypes.typeName(kind), (short) 0, maxScale, null, null, kind.isNumeric() ? 10 : null});
        }
        rows.sort(Comparator.comparingInt(r -> (Integer) r[1]));
        return VersoResultSet.of(TYPE_INFO, rows);
    }

    /** What a literal of the type starts with: a quote, a typed-literal keyword, or X for binary strings. */
    private static String literalPrefix(ValueType kind) {
        if (kind.isString()) {
            return "'";
        }
        if (kind.isBinary()) {
            return "X'";
        }
        return kind.isTemporal() ? kind.name() + " '" : null;
    }

    // ---- matching

    private static String primaryKeyName(TableDefinition t) {
        return t.name() + "_PKEY";
    }

    private List<TableDefinition> tables(String catalogName, String schemaPattern, String tableNamePattern) {
        List<TableDefinition> result = new ArrayList<>();
        if (!catalogMatches(catalogName) || !schemaMatches(schemaPattern)) {
            return result;
        }
        Pattern tablePattern = likePattern(tableNamePattern);
        for (TableDefinition t : catalog.tables()) {
            if (tablePattern.matcher(t.name()).matches()) {
                result.add(t);
            }
        }
        result.sort(Comparator.comparing(TableDefinition::name));
        return result;
    }

    /** getPrimaryKeys and getIndexInfo take a table name, not a pattern. */
    private List<TableDefinition> exactTable(String catalogName, String schemaName, String tableName) {
        if (tableName == null || !catalogMatches(catalogName)
            || (schemaName != null && !schemaName.equals(VersoDatabaseMetaData.SCHEMA))) {
            return List.of();
        }
        return catalog.table(tableName).map(List::of).orElse(List.of());
    }

    /** Null means "do not filter"; "" means "without a catalog", which is every Verso table. */
    private static boolean catalogMatches(String catalogName) {
        return catalogName == null || catalogName.isEmpty();
    }

    private static boolean schemaMatches(String schemaPattern) {
        return likePattern(schemaPattern).matcher(VersoDatabaseMetaData.SCHEMA).matches();
    }

    /** A JDBC LIKE pattern as a regular expression: % any run, _ one character, \ escapes the next character. */
    static Pattern likePattern(String pattern) {
        if (pattern == null) {
            return Pattern.compile(".*", Pattern.DOTALL);
        }
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
