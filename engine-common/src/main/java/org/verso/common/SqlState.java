package org.verso.common;

/**
 * Every SQLState Verso reports, by name. {@link ErrorCode} pairs each engine error with one of them; clients (the JDBC
 * driver, later the network server) use them for the errors they raise themselves, so no SQLState is written as a
 * string literal anywhere else.
 *
 * <p>The names follow the SQL standard's condition names, and PostgreSQL's where the standard has none (25P02,
 * 40P01, 42P01, ...). The first two characters are the class: 01 warning, 02 no data, 07 dynamic SQL, 08 connection,
 * 0A feature not supported, 22 data, 23 integrity constraint, 24 cursor state, 25 transaction state, 3F schema,
 * 40 transaction rollback, 42 syntax or access rule, 53 insufficient resources, 54 program limit, 55 object state,
 * 57 operator intervention, 58 system error, XX internal.
 */
public final class SqlState {
    /** A statement returned a result where none was expected (executeUpdate of a query). */
    public static final String RESULT_SETS_RETURNED = "0100E";
    /** No data: a statement that returns no rows where a query was expected. */
    public static final String NO_DATA = "02000";

    /** A parameter has no value, or the number of values is wrong. */
    public static final String PARAMETER_MISMATCH = "07001";
    /** A column or parameter index out of range. */
    public static final String INVALID_DESCRIPTOR_INDEX = "07009";

    /** The client could not open the connection: bad URL or location, database locked or unreadable. */
    public static final String CANNOT_CONNECT = "08001";
    /** The connection (or the database behind it) is closed. */
    public static final String CONNECTION_DOES_NOT_EXIST = "08003";
    /** The outcome of a commit is unknown (the log could not be forced). */
    public static final String TRANSACTION_RESOLUTION_UNKNOWN = "08007";

    public static final String FEATURE_NOT_SUPPORTED = "0A000";

    /** More than one row from a subquery used as a value. */
    public static final String CARDINALITY_VIOLATION = "21000";

    public static final String DATA_EXCEPTION = "22000";
    public static final String STRING_DATA_RIGHT_TRUNCATION = "22001";
    public static final String NUMERIC_VALUE_OUT_OF_RANGE = "22003";
    public static final String INVALID_DATETIME_FORMAT = "22007";
    public static final String DATETIME_FIELD_OVERFLOW = "22008";
    public static final String DIVISION_BY_ZERO = "22012";
    /** A logarithm of zero or a negative number. */
    public static final String INVALID_ARGUMENT_FOR_LOGARITHM = "2201E";
    public static final String INVALID_ARGUMENT_FOR_NTILE = "22014";
    public static final String INVALID_ARGUMENT_FOR_NTH_VALUE = "22016";
    /** A square root of a negative number, and other arguments outside a power function's domain. */
    public static final String INVALID_ARGUMENT_FOR_POWER_FUNCTION = "2201F";
    public static final String INVALID_ROW_COUNT = "2201W";
    /** A SIMILAR TO pattern that is not a valid regular expression. */
    public static final String INVALID_REGULAR_EXPRESSION = "2201B";
    public static final String INVALID_CHARACTER_VALUE_FOR_CAST = "22018";
    /** A bad value for a setting, option or argument (PostgreSQL's invalid_parameter_value). */
    public static final String INVALID_PARAMETER_VALUE = "22023";
    public static final String SEQUENCE_GENERATOR_LIMIT_EXCEEDED = "2200H";

    public static final String NOT_NULL_VIOLATION = "23502";
    public static final String UNIQUE_VIOLATION = "23505";
    public static final String FOREIGN_KEY_VIOLATION = "23503";
    public static final String CHECK_VIOLATION = "23514";

    /** A cursor operation in the wrong state: reading before the first row or after the last. */
    public static final String INVALID_CURSOR_STATE = "24000";

    public static final String INVALID_TRANSACTION_STATE = "25000";
    /** A statement that must come before the transaction's first one came after it (SET TRANSACTION). */
    public static final String ACTIVE_SQL_TRANSACTION = "25001";
    /** A statement that needs a transaction block ran outside one (SET TRANSACTION in auto-commit mode). */
    public static final String NO_ACTIVE_SQL_TRANSACTION = "25P01";
    public static final String IN_FAILED_TRANSACTION = "25P02";
    /** A savepoint that does not exist (released, rolled back past, or of another transaction). */
    public static final String INVALID_SAVEPOINT = "3B001";
    /** A statement that writes, run in a read-only session. */
    public static final String READ_ONLY_SQL_TRANSACTION = "25006";
    /** An object cannot be dropped because others depend on it. */
    public static final String DEPENDENT_OBJECTS_STILL_EXIST = "2BP01";

    public static final String INVALID_SCHEMA_NAME = "3F000";

    public static final String SERIALIZATION_FAILURE = "40001";
    public static final String DEADLOCK_DETECTED = "40P01";

    public static final String SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION = "42000";
    public static final String SYNTAX_ERROR = "42601";
    public static final String INVALID_NAME = "42602";
    public static final String DUPLICATE_COLUMN = "42701";
    public static final String AMBIGUOUS_COLUMN = "42702";
    public static final String DUPLICATE_OBJECT = "42710";
    public static final String WRONG_OBJECT_TYPE = "42809";
    public static final String INVALID_FOREIGN_KEY = "42830";
    public static final String RESERVED_NAME = "42939";
    public static final String GENERATED_ALWAYS = "428C9";
    public static final String DUPLICATE_SCHEMA = "42P06";
    public static final String UNDEFINED_COLUMN = "42703";
    public static final String UNDEFINED_OBJECT = "42704";
    public static final String UNDEFINED_FUNCTION = "42883";
    public static final String DATATYPE_MISMATCH = "42804";
    public static final String UNDEFINED_TABLE = "42P01";
    public static final String DUPLICATE_TABLE = "42P07";
    public static final String INVALID_TABLE_DEFINITION = "42P16";
    public static final String INVALID_COLUMN_REFERENCE = "42P10";

    public static final String DISK_FULL = "53100";
    public static final String OUT_OF_MEMORY = "53200";
    public static final String PROGRAM_LIMIT_EXCEEDED = "54000";
    public static final String STATEMENT_TOO_COMPLEX = "54001";

    /** An object used in a state that does not allow the call: a closed statement or result set. */
    public static final String OBJECT_NOT_IN_PREREQUISITE_STATE = "55000";
    /** A row lock could not be taken without waiting (NOWAIT). */
    public static final String LOCK_NOT_AVAILABLE = "55P03";

    /** The statement was cancelled, by request or because its timeout passed. */
    public static final String QUERY_CANCELED = "57014";

    public static final String IO_ERROR = "58030";

    public static final String INTERNAL_ERROR = "XX000";
    public static final String DATA_CORRUPTED = "XX001";

    private SqlState() {
    }

    /** The class of a state (its first two characters), which selects the kind of exception a client raises. */
    public static String classOf(String sqlState) {
        return sqlState == null || sqlState.length() < 2 ? "" : sqlState.substring(0, 2);
    }

    /** Class 40: the engine has already rolled the transaction back; the client may retry it. */
    public static boolean isTransactionRollback(String sqlState) {
        return classOf(sqlState).equals("40");
    }
}
