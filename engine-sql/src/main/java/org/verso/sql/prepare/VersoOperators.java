package org.verso.sql.prepare;

import java.util.List;
import org.apache.calcite.sql.SqlBasicFunction;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.util.SqlOperatorTables;

/**
 * The functions statements may call: Calcite's standard operators, Verso's own ({@code nextval}, {@code now}), and
 * the common spellings of other databases that Calcite keeps in its library tables (LTRIM, RTRIM, LENGTH, GREATEST,
 * LEAST, POW, TRUNC, and PostgreSQL's CONCAT, which skips NULLs, ILIKE, string functions such as LEFT, LPAD and
 * SPLIT_PART, two-argument LOG and RANDOM, and the aggregates STRING_AGG, BOOL_AND and BOOL_OR). Calcite's
 * definitions type them; GREATEST and LEAST are NULL if an argument is, as in Oracle and MySQL (PostgreSQL ignores
 * NULL arguments).
 */
public final class VersoOperators {
    /** {@code nextval('sequence')}, PostgreSQL's spelling of {@code NEXT VALUE FOR sequence}. */
    public static final SqlFunction NEXTVAL = new SqlFunction("NEXTVAL", SqlKind.OTHER_FUNCTION,
        ReturnTypes.BIGINT, null, OperandTypes.CHARACTER, SqlFunctionCategory.SYSTEM) {
        @Override
        public boolean isDeterministic() {
            return false;
        }
    };

    /** {@code now()}, PostgreSQL's and MySQL's name for CURRENT_TIMESTAMP (Flyway's history table uses it). */
    public static final SqlFunction NOW = new SqlFunction("NOW", SqlKind.OTHER_FUNCTION,
        ReturnTypes.explicit(SqlTypeName.TIMESTAMP), null, OperandTypes.NILADIC, SqlFunctionCategory.TIMEDATE) {
        @Override
        public boolean isDynamicFunction() {
            return true;
        }
    };

    /**
     * {@code gen_random_uuid()}, PostgreSQL's name, and {@code random_uuid()}, H2's: a random (version 4) UUID,
     * a new one for every row.
     */
    public static final SqlFunction GEN_RANDOM_UUID = randomUuid("GEN_RANDOM_UUID");
    public static final SqlFunction RANDOM_UUID = randomUuid("RANDOM_UUID");

    private static SqlFunction randomUuid(String name) {
        return new SqlFunction(name, SqlKind.OTHER_FUNCTION, ReturnTypes.explicit(SqlTypeName.UUID), null,
            OperandTypes.NILADIC, SqlFunctionCategory.SYSTEM) {
            @Override
            public boolean isDeterministic() {
                return false;
            }
        };
    }

    /**
     * PostgreSQL's {@code date_trunc('unit', datetime)} of a DATE or a TIMESTAMP, a TIMESTAMP, and of a TIMESTAMP
     * WITH TIME ZONE, one of those. (Calcite's library
     * DATE_TRUNC is BigQuery's, which takes its arguments the other way round.)
     */
    public static final SqlFunction DATE_TRUNC = SqlBasicFunction.create("DATE_TRUNC",
        ReturnTypes.cascade(binding -> binding.getOperandType(1).getSqlTypeName()
                == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE ? binding.getOperandType(1)
                : binding.getTypeFactory().createSqlType(SqlTypeName.TIMESTAMP), SqlTypeTransforms.TO_NULLABLE),
        OperandTypes.sequence("'DATE_TRUNC(<CHARACTER>, <DATE or TIMESTAMP>)'", OperandTypes.CHARACTER,
            OperandTypes.DATE_OR_TIMESTAMP), SqlFunctionCategory.TIMEDATE);

    /** PostgreSQL's {@code date_part('field', datetime)}, a DOUBLE; see {@code exec.expr.DateParts} for the fields. */
    public static final SqlFunction DATE_PART = SqlBasicFunction.create("DATE_PART",
        ReturnTypes.cascade(ReturnTypes.DOUBLE, SqlTypeTransforms.TO_NULLABLE),
        OperandTypes.sequence("'DATE_PART(<CHARACTER>, <DATETIME>)'", OperandTypes.CHARACTER, OperandTypes.DATETIME),
        SqlFunctionCategory.TIMEDATE);

    /** PostgreSQL's {@code to_date(text, template)}; see {@code exec.expr.DateFormatting} for the patterns. */
    public static final SqlFunction TO_DATE = SqlBasicFunction.create("TO_DATE",
        ReturnTypes.cascade(ReturnTypes.explicit(SqlTypeName.DATE), SqlTypeTransforms.TO_NULLABLE),
        OperandTypes.sequence("'TO_DATE(<CHARACTER>, <CHARACTER>)'", OperandTypes.CHARACTER, OperandTypes.CHARACTER),
        SqlFunctionCategory.TIMEDATE);

    /**
     * PostgreSQL's {@code to_timestamp(text, template)}, and {@code to_timestamp(seconds)} since 1970-01-01 UTC:
     * TIMESTAMP WITH TIME ZONE.
     */
    public static final SqlFunction TO_TIMESTAMP = SqlBasicFunction.create("TO_TIMESTAMP",
        ReturnTypes.cascade(ReturnTypes.explicit(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, 6),
            SqlTypeTransforms.TO_NULLABLE),
        OperandTypes.or(OperandTypes.sequence("'TO_TIMESTAMP(<CHARACTER>, <CHARACTER>)'", OperandTypes.CHARACTER,
            OperandTypes.CHARACTER), OperandTypes.NUMERIC), SqlFunctionCategory.TIMEDATE);

    /** PostgreSQL's {@code to_char(datetime, template)}; see {@code exec.expr.DateFormatting} for the patterns. */
    public static final SqlFunction TO_CHAR = SqlBasicFunction.create("TO_CHAR",
        ReturnTypes.cascade(ReturnTypes.explicit(SqlTypeName.VARCHAR), SqlTypeTransforms.TO_NULLABLE),
        OperandTypes.sequence("'TO_CHAR(<DATETIME>, <CHARACTER>)'", OperandTypes.DATETIME, OperandTypes.CHARACTER),
        SqlFunctionCategory.STRING);

    /**
     * {@code OCTET_LENGTH} of a string as well as of binary data, as in PostgreSQL, where Calcite's takes binary
     * data only (and would cast a string to it): the length of the string in UTF-8.
     */
    public static final SqlFunction OCTET_LENGTH = SqlBasicFunction.create("OCTET_LENGTH",
        ReturnTypes.INTEGER_NULLABLE, OperandTypes.STRING, SqlFunctionCategory.NUMERIC);

    /**
     * PostgreSQL's {@code a ^ b}, a power as a DOUBLE, computed as POWER(a, b); it binds more tightly than * and /
     * (precedence 70 against their 60) and less than a sign (80), left to right: {@code 2 * 3 ^ 2} is 18, {@code -2
     * ^ 2} is 4 and {@code 2 ^ 3 ^ 2} is 64. Verso's grammar returns it for {@code ^} (engine-sql's pom, edit 3).
     */
    public static final SqlBinaryOperator POWER_OPERATOR = new SqlBinaryOperator("^", SqlKind.OTHER_FUNCTION, 70,
        true, ReturnTypes.DOUBLE_NULLABLE, InferTypes.FIRST_KNOWN, OperandTypes.NUMERIC_NUMERIC);

    /** PostgreSQL's {@code version()}: Verso's release ({@code VersoVersion.DESCRIPTION}). */
    public static final SqlFunction VERSION = SqlBasicFunction.create("VERSION",
        ReturnTypes.explicit(SqlTypeName.VARCHAR), OperandTypes.NILADIC, SqlFunctionCategory.SYSTEM);

    /** PostgreSQL's {@code current_database()}: the database's one catalog, as CURRENT_CATALOG names it. */
    public static final SqlFunction CURRENT_DATABASE = SqlBasicFunction.create("CURRENT_DATABASE",
        ReturnTypes.explicit(SqlTypeName.VARCHAR), OperandTypes.NILADIC, SqlFunctionCategory.SYSTEM);

    /** PostgreSQL's {@code generate_series} in FROM ({@link SeriesFunction}). */
    public static final SeriesFunction GENERATE_SERIES = new SeriesFunction();

    /**
     * The operator table validation uses. Verso's and the library's definitions come before the standard ones, so
     * that where both match a call (OCTET_LENGTH of a string, which the standard one would take after a cast to
     * binary data) Verso's wins.
     */
    public static final SqlOperatorTable TABLE = SqlOperatorTables.chain(
        SqlOperatorTables.of(List.of(GENERATE_SERIES, POWER_OPERATOR, VERSION, CURRENT_DATABASE, NEXTVAL, NOW, GEN_RANDOM_UUID, RANDOM_UUID, OCTET_LENGTH, DATE_TRUNC, DATE_PART,
            TO_CHAR, TO_DATE, TO_TIMESTAMP, SqlLibraryOperators.LTRIM, SqlLibraryOperators.RTRIM,
            SqlLibraryOperators.LENGTH, SqlLibraryOperators.GREATEST, SqlLibraryOperators.LEAST,
            SqlLibraryOperators.CONCAT_FUNCTION_WITH_NULL,
            SqlLibraryOperators.POW, SqlLibraryOperators.TRUNC_BIG_QUERY,
            SqlLibraryOperators.ILIKE, SqlLibraryOperators.NOT_ILIKE,
            SqlLibraryOperators.LEFT, SqlLibraryOperators.RIGHT, SqlLibraryOperators.REPEAT, SqlLibraryOperators.LPAD,
            SqlLibraryOperators.RPAD, SqlLibraryOperators.REVERSE, SqlLibraryOperators.SPLIT_PART,
            SqlLibraryOperators.STARTS_WITH, SqlLibraryOperators.STRPOS, SqlLibraryOperators.TRANSLATE3,
            SqlLibraryOperators.CHR, SqlLibraryOperators.MD5,
            SqlLibraryOperators.LOG_POSTGRES, SqlLibraryOperators.RANDOM, SqlLibraryOperators.STRING_AGG,
            SqlLibraryOperators.BOOL_AND, SqlLibraryOperators.BOOL_OR, SqlLibraryOperators.CONCAT_WS_POSTGRESQL,
            SqlLibraryOperators.REGEXP_REPLACE_PG_3, SqlLibraryOperators.REGEXP_REPLACE_PG_4)),
        SqlStdOperatorTable.instance());

    private VersoOperators() {
    }
}
