package org.verso.jdbc;

import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.sql.api.ColumnMeta;

/**
 * The DatabaseMetaData answers that do not depend on the catalog: the type list, the table types, the one schema,
 * no catalogs, no client info properties, and (the catalog records no foreign keys) empty key lists. Column names,
 * types and order follow the JDBC javadoc of each method; the results are {@link VersoResultSet}s over rows in
 * memory. The answers that describe tables are SQL over INFORMATION_SCHEMA ({@link MetaDataQueries}).
 */
final class FixedResultSets {
    private static final String TABLE_TYPE = "TABLE";
    private static final DataType NAME = DataType.varchar(128);
    private static final DataType INT = DataType.of(ValueType.INTEGER);
    private static final DataType SHORT = DataType.of(ValueType.SMALLINT);
    private static final DataType LONG = DataType.of(ValueType.BIGINT);
    private static final DataType BOOL = DataType.of(ValueType.BOOLEAN);

    // ---- result set shapes

    private static ColumnMeta col(String label, DataType type) {
        return new ColumnMeta(label, type, true, null, null);
    }

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

    /** Foreign keys are accepted in DDL but not recorded in the catalog, so there are none to report. */
    /** The one schema, if the catalog and the pattern match it. */
    static VersoResultSet schemas(String schema, String catalogName, String schemaPattern) {
        List<Object[]> rows = new ArrayList<>();
        boolean catalogMatches = catalogName == null || catalogName.isEmpty();
        if (catalogMatches && likePattern(schemaPattern).matcher(schema).matches()) {
            rows.add(new Object[] {schema, null});
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

    /**
     * What a literal of the type starts with: a quote (also for a UUID and a TIMESTAMP WITH TIME ZONE, written as
     * text), a typed-literal keyword, or X for binary strings.
     */
    private static String literalPrefix(ValueType kind) {
        if (kind.isString() || kind == ValueType.UUID || kind == ValueType.TIMESTAMP_TZ) {
            return "'";
        }
        if (kind.isBinary()) {
            return "X'";
        }
        return kind.isTemporal() ? kind.name() + " '" : null;
    }

    /** A JDBC LIKE pattern as a regular expression: % any run, _ one character, \ escapes the next character. */
    private static Pattern likePattern(String pattern) {
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
