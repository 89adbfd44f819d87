package org.verso.jdbc;

import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * The DatabaseMetaData answers that describe the catalog, as SQL over the engine's {@code INFORMATION_SCHEMA}
 * views: the driver reads no catalog of its own, and any client of the engine can ask the same questions. Each
 * query renames and converts the standard columns to the columns JDBC prescribes (names, order and sort order
 * follow the JDBC javadoc of each method).
 *
 * <p>Every query takes as its first parameter whether the catalog argument can match at all (Verso has no catalogs:
 * null means "any", "" means "without a catalog", which is every table, and any other name matches nothing).
 * Patterns are JDBC LIKE patterns ({@code %}, {@code _}, escape {@code \}); a null pattern matches everything.
 */
final class MetaDataQueries {
    private static final String ESCAPE = " ESCAPE '\\'";
    private static final String NO_NAME = "CAST(NULL AS VARCHAR(128))";

    private static final String TABLES = "SELECT " + NO_NAME + " AS TABLE_CAT, TABLE_SCHEMA AS TABLE_SCHEM,"
        + " TABLE_NAME, CAST(" + jdbcTableType() + " AS VARCHAR(20)) AS TABLE_TYPE, " + NO_NAME + " AS REMARKS, "
        + NO_NAME + " AS TYPE_CAT, " + NO_NAME + " AS TYPE_SCHEM, " + NO_NAME + " AS TYPE_NAME, " + NO_NAME
        + " AS SELF_REFERENCING_COL_NAME, " + NO_NAME + " AS REF_GENERATION"
        + " FROM INFORMATION_SCHEMA.TABLES WHERE ? AND TABLE_SCHEMA LIKE ?" + ESCAPE
        + " AND TABLE_NAME LIKE ?" + ESCAPE;
    private static final String TABLES_ORDER = " ORDER BY TABLE_TYPE, TABLE_SCHEM, TABLE_NAME";

    private static final String COLUMNS = "SELECT " + NO_NAME + " AS TABLE_CAT, TABLE_SCHEMA AS TABLE_SCHEM,"
        + " TABLE_NAME, COLUMN_NAME, " + caseOfType(k -> String.valueOf(JdbcTypes.sqlType(k)), "NULL")
        + " AS DATA_TYPE, DATA_TYPE AS TYPE_NAME, "
        + caseOfType(MetaDataQueries::fixedColumnSize, "COALESCE(CHARACTER_MAXIMUM_LENGTH, NUMERIC_PRECISION)")
        + " AS COLUMN_SIZE, CAST(NULL AS INTEGER) AS BUFFER_LENGTH,"
        + " COALESCE(NUMERIC_SCALE, DATETIME_PRECISION) AS DECIMAL_DIGITS,"
        + " NUMERIC_PRECISION_RADIX AS NUM_PREC_RADIX,"
        + " CASE IS_NULLABLE WHEN 'YES' THEN " + DatabaseMetaData.columnNullable + " ELSE "
        + DatabaseMetaData.columnNoNulls + " END AS NULLABLE, " + NO_NAME + " AS REMARKS, COLUMN_DEFAULT AS COLUMN_DEF,"
        + " CAST(NULL AS INTEGER) AS SQL_DATA_TYPE, CAST(NULL AS INTEGER) AS SQL_DATETIME_SUB,"
        + " CHARACTER_OCTET_LENGTH AS CHAR_OCTET_LENGTH, ORDINAL_POSITION, IS_NULLABLE, " + NO_NAME
        + " AS SCOPE_CATALOG, " + NO_NAME + " AS SCOPE_SCHEMA, " + NO_NAME + " AS SCOPE_TABLE,"
        + " CAST(NULL AS SMALLINT) AS SOURCE_DATA_TYPE, 'NO' AS IS_AUTOINCREMENT, 'NO' AS IS_GENERATEDCOLUMN"
        + " FROM INFORMATION_SCHEMA.COLUMNS WHERE ? AND TABLE_SCHEMA LIKE ?" + ESCAPE
        + " AND TABLE_NAME LIKE ?" + ESCAPE
        + " AND COLUMN_NAME LIKE ?" + ESCAPE + " ORDER BY TABLE_SCHEM, TABLE_NAME, ORDINAL_POSITION";

    private static final String PRIMARY_KEYS = "SELECT " + NO_NAME + " AS TABLE_CAT, k.TABLE_SCHEMA AS TABLE_SCHEM,"
        + " k.TABLE_NAME, k.COLUMN_NAME, CAST(k.ORDINAL_POSITION AS SMALLINT) AS KEY_SEQ,"
        + " k.CONSTRAINT_NAME AS PK_NAME"
        + " FROM INFORMATION_SCHEMA.KEY_COLUMN_USAGE k JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS c"
        + " ON c.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND c.CONSTRAINT_NAME = k.CONSTRAINT_NAME"
        + " WHERE c.CONSTRAINT_TYPE = 'PRIMARY KEY' AND ? AND k.TABLE_SCHEMA LIKE ?" + ESCAPE + " AND k.TABLE_NAME = ?"
        + " ORDER BY COLUMN_NAME";

    /** getImportedKeys and getExportedKeys: one row per foreign key column, JDBC's rule codes from the view's. */
    private static final String FOREIGN_KEYS = "SELECT " + NO_NAME + " AS PKTABLE_CAT, PK_TABLE_SCHEMA AS PKTABLE_SCHEM,"
        + " PK_TABLE_NAME AS PKTABLE_NAME, PK_COLUMN_NAME AS PKCOLUMN_NAME, " + NO_NAME + " AS FKTABLE_CAT,"
        + " FK_TABLE_SCHEMA AS FKTABLE_SCHEM, FK_TABLE_NAME AS FKTABLE_NAME, FK_COLUMN_NAME AS FKCOLUMN_NAME,"
        + " CAST(KEY_SEQ AS SMALLINT) AS KEY_SEQ, CAST(" + DatabaseMetaData.importedKeyNoAction + " AS SMALLINT)"
        + " AS UPDATE_RULE, CAST(CASE DELETE_RULE WHEN 'CASCADE' THEN " + DatabaseMetaData.importedKeyCascade
        + " WHEN 'RESTRICT' THEN " + DatabaseMetaData.importedKeyRestrict + " ELSE "
        + DatabaseMetaData.importedKeyNoAction + " END AS SMALLINT) AS DELETE_RULE, FK_NAME, PK_NAME,"
        + " CAST(" + DatabaseMetaData.importedKeyNotDeferrable + " AS SMALLINT) AS DEFERRABILITY"
        + " FROM INFORMATION_SCHEMA.FOREIGN_KEYS WHERE ? AND %s_TABLE_SCHEMA LIKE ?" + ESCAPE + " AND %s_TABLE_NAME = ?"
        + " ORDER BY %s";

    private static final String INDEX_INFO = "SELECT " + NO_NAME + " AS TABLE_CAT, TABLE_SCHEMA AS TABLE_SCHEM,"
        + " TABLE_NAME, NON_UNIQUE, " + NO_NAME + " AS INDEX_QUALIFIER, INDEX_NAME,"
        + " CAST(" + DatabaseMetaData.tableIndexOther + " AS SMALLINT) AS TYPE,"
        + " CAST(ORDINAL_POSITION AS SMALLINT) AS ORDINAL_POSITION, COLUMN_NAME, ASC_OR_DESC,"
        + " CAST(NULL AS BIGINT) AS \"CARDINALITY\", CAST(NULL AS BIGINT) AS PAGES, " + NO_NAME + " AS FILTER_CONDITION"
        + " FROM INFORMATION_SCHEMA.INDEXES WHERE ? AND TABLE_SCHEMA LIKE ?" + ESCAPE + " AND TABLE_NAME = ?"
        + " AND (NOT NON_UNIQUE OR ?) ORDER BY NON_UNIQUE, INDEX_NAME, ORDINAL_POSITION";

    private final VersoConnection connection;

    MetaDataQueries(VersoConnection connection) {
        this.connection = connection;
    }

    /** The JDBC name of a table type: a standard {@code BASE TABLE} is a {@code TABLE}. */
    private static String jdbcTableType() {
        return "CASE TABLE_TYPE WHEN 'BASE TABLE' THEN 'TABLE' ELSE TABLE_TYPE END";
    }

    /** A CASE over the COLUMNS view's DATA_TYPE with one branch per value type. */
    private static String caseOfType(java.util.function.Function<ValueType, String> branch, String otherwise) {
        StringBuilder sql = new StringBuilder("CASE DATA_TYPE");
        for (ValueType kind : ValueType.values()) {
            String value = branch.apply(kind);
            if (value != null) {
                sql.append(" WHEN '").append(kind.name()).append("' THEN ").append(value);
            }
        }
        return sql.append(" ELSE ").append(otherwise).append(" END").toString();
    }

    /** COLUMN_SIZE of the kinds whose size the view has no column for (their size does not vary). */
    private static String fixedColumnSize(ValueType kind) {
        return kind.hasLength() || kind.isNumeric() ? null : String.valueOf(DataType.of(kind).columnSize());
    }

    ResultSet tables(String catalog, String schemaPattern, String tableNamePattern, String[] types)
        throws SQLException {
        String sql = TABLES;
        List<String> wanted = types == null ? List.of() : Arrays.asList(types);
        if (types != null) {
            sql += wanted.isEmpty() ? " AND FALSE"
                : " AND " + jdbcTableType() + " IN (" + wanted.stream().map(t -> "?").collect(Collectors.joining(", "))
                + ")";
        }
        Object[] params = new Object[3 + wanted.size()];
        params[0] = catalogMatches(catalog);
        params[1] = pattern(schemaPattern);
        params[2] = pattern(tableNamePattern);
        for (int i = 0; i < wanted.size(); i++) {
            params[3 + i] = wanted.get(i) == null ? "" : wanted.get(i).toUpperCase(java.util.Locale.ROOT);
        }
        return run(sql + TABLES_ORDER, params);
    }

    ResultSet columns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern)
        throws SQLException {
        return run(COLUMNS, catalogMatches(catalog), pattern(schemaPattern), pattern(tableNamePattern),
            pattern(columnNamePattern));
    }

    /** getPrimaryKeys and getIndexInfo take a table name, not a pattern, and a schema name (null: any). */
    ResultSet primaryKeys(String catalog, String schema, String table) throws SQLException {
        return run(PRIMARY_KEYS, catalogMatches(catalog) && table != null, exact(schema), String.valueOf(table));
    }

    /** The foreign keys of {@code table} (the parent keys it imports), ordered as JDBC asks. */
    ResultSet importedKeys(String catalog, String schema, String table) throws SQLException {
        return run(String.format(FOREIGN_KEYS, "FK", "FK", "PKTABLE_SCHEM, PKTABLE_NAME, KEY_SEQ"),
            catalogMatches(catalog) && table != null, exact(schema), String.valueOf(table));
    }

    /** The foreign keys that reference {@code table}, ordered as JDBC asks. */
    ResultSet exportedKeys(String catalog, String schema, String table) throws SQLException {
        return run(String.format(FOREIGN_KEYS, "PK", "PK", "FKTABLE_SCHEM, FKTABLE_NAME, KEY_SEQ"),
            catalogMatches(catalog) && table != null, exact(schema), String.valueOf(table));
    }

    /** The foreign keys of {@code foreignTable} that reference {@code parentTable}. */
    ResultSet crossReference(String parentCatalog, String parentSchema, String parentTable, String foreignCatalog,
                             String foreignSchema, String foreignTable) throws SQLException {
        return run(String.format(FOREIGN_KEYS, "FK", "FK", "FKTABLE_SCHEM, FKTABLE_NAME, KEY_SEQ")
                .replace(" ORDER BY", " AND PK_TABLE_SCHEMA LIKE ?" + ESCAPE + " AND PK_TABLE_NAME = ? ORDER BY"),
            catalogMatches(parentCatalog) && catalogMatches(foreignCatalog) && parentTable != null
                && foreignTable != null, exact(foreignSchema), String.valueOf(foreignTable), exact(parentSchema),
            String.valueOf(parentTable));
    }

    ResultSet indexInfo(String catalog, String schema, String table, boolean unique) throws SQLException {
        return run(INDEX_INFO, catalogMatches(catalog) && table != null, exact(schema), String.valueOf(table),
            !unique);
    }

    /** Runs a catalog query as an internal statement that closes with its result set. */
    private ResultSet run(String sql, Object... params) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            for (int i = 0; i < params.length; i++) {
                statement.setObject(i + 1, params[i]);
            }
            statement.closeOnCompletion();
            return statement.executeQuery();
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    /** Null means "do not filter"; "" means "without a catalog", which is every Verso table. */
    private static boolean catalogMatches(String catalog) {
        return catalog == null || catalog.isEmpty();
    }

    private static String pattern(String pattern) {
        return pattern == null ? "%" : pattern;
    }

    /** A name as a LIKE pattern that matches only itself; null matches every name. */
    private static String exact(String name) {
        return name == null ? "%" : name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
