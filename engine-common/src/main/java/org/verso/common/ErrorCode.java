package org.verso.common;

/**
 * Every error Verso reports, with its SQLState (one of {@link SqlState}) and a message template.
 *
 * <p>Templates are {@link String#format} patterns; the arguments name the table, key, file or other
 * transaction involved, so a message says which object failed and why.
 */
public enum ErrorCode {
    // 08: connection exceptions
    CONNECTION_CLOSED(SqlState.CONNECTION_DOES_NOT_EXIST, "the connection is closed"),
    DATABASE_CLOSED(SqlState.CONNECTION_DOES_NOT_EXIST, "database %s is closed"),
    DATABASE_LOCKED(SqlState.CANNOT_CONNECT,
        "database directory %s is already open in another process (lock file %s is held)"),
    CANNOT_OPEN(SqlState.CANNOT_CONNECT, "cannot open database %s: %s"),
    INVALID_LOCATION(SqlState.CANNOT_CONNECT, "invalid database location '%s': %s"),
    COMMIT_OUTCOME_UNKNOWN(SqlState.TRANSACTION_RESOLUTION_UNKNOWN,
        "the commit of transaction %d may or may not have taken effect: the log could not be forced (%s)"),

    // 07: dynamic SQL errors
    PARAMETER_COUNT_MISMATCH(SqlState.PARAMETER_MISMATCH,
        "the statement has %d parameters but %d values were given"),

    // 0A: feature not supported
    FEATURE_NOT_SUPPORTED(SqlState.FEATURE_NOT_SUPPORTED, "%s is not supported"),

    // 22: data exceptions
    STRING_TOO_LONG(SqlState.STRING_DATA_RIGHT_TRUNCATION,
        "value too long for column %s of type %s (%d characters)"),
    BINARY_TOO_LONG(SqlState.STRING_DATA_RIGHT_TRUNCATION, "value too long for column %s of type %s (%d bytes)"),
    NUMERIC_OUT_OF_RANGE(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, "value %s out of range for column %s of type %s"),
    VALUE_OUT_OF_RANGE(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, "value %s out of range for type %s"),
    INVALID_DATETIME(SqlState.INVALID_DATETIME_FORMAT, "invalid date or time value %s"),
    DATETIME_OUT_OF_RANGE(SqlState.DATETIME_FIELD_OVERFLOW, "date/time field value out of range: \"%s\""),
    DIVISION_BY_ZERO(SqlState.DIVISION_BY_ZERO, "division by zero"),
    INVALID_LOGARITHM_ARGUMENT(SqlState.INVALID_ARGUMENT_FOR_LOGARITHM, "cannot take the logarithm of %s"),
    INVALID_POWER_ARGUMENT(SqlState.INVALID_ARGUMENT_FOR_POWER_FUNCTION,
        "invalid argument for a power function (a negative number to a non-integer power): %s"),
    INVALID_NTILE_ARGUMENT(SqlState.INVALID_ARGUMENT_FOR_NTILE, "argument of ntile must be greater than zero, not %s"),
    INVALID_NTH_VALUE_ARGUMENT(SqlState.INVALID_ARGUMENT_FOR_NTH_VALUE,
        "argument of nth_value must be greater than zero, not %s"),
    ARGUMENT_OUT_OF_RANGE(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, "input %s is out of range for %s"),
    INVALID_REGULAR_EXPRESSION(SqlState.INVALID_REGULAR_EXPRESSION, "invalid regular expression '%s': %s"),
    INVALID_ARGUMENT(SqlState.INVALID_PARAMETER_VALUE, "%s"),
    SUBQUERY_ROWS(SqlState.CARDINALITY_VIOLATION, "more than one row returned by a subquery used as a value"),
    ROW_CHANGED_TWICE(SqlState.CARDINALITY_VIOLATION, "ON CONFLICT DO UPDATE cannot change a row of table %s a "
        + "second time: proposed row %s has the key of a row the same statement inserted or updated"),
    MERGE_ROW_TWICE(SqlState.CARDINALITY_VIOLATION,
        "MERGE cannot update a row of table %s a second time: more than one source row matches it"),
    INVALID_ROW_COUNT(SqlState.INVALID_ROW_COUNT, "LIMIT and OFFSET must not be negative, not %d"),
    INVALID_CAST(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, "cannot convert %s to %s"),
    INEXACT_PARAMETER(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST,
        "parameter value %s cannot be represented exactly as %s"),
    UNKNOWN_SETTING(SqlState.INVALID_PARAMETER_VALUE, "unknown setting '%s' (known: %s)"),
    INVALID_SETTING(SqlState.INVALID_PARAMETER_VALUE, "invalid value '%s' for setting %s: %s"),
    DATA_TYPE_MISMATCH(SqlState.DATA_EXCEPTION, "value %s of type %s cannot be assigned to column %s of type %s"),
    SEQUENCE_EXHAUSTED(SqlState.SEQUENCE_GENERATOR_LIMIT_EXCEEDED, "sequence %s has reached its limit"),

    // 23: integrity constraint violations
    NOT_NULL_VIOLATION(SqlState.NOT_NULL_VIOLATION, "null value in column %s of table %s violates NOT NULL"),
    UNIQUE_VIOLATION(SqlState.UNIQUE_VIOLATION, "duplicate key %s violates unique constraint %s of table %s"),
    CHECK_VIOLATION(SqlState.CHECK_VIOLATION, "new row for table %s violates check constraint %s"),
    FOREIGN_KEY_MISSING_PARENT(SqlState.FOREIGN_KEY_VIOLATION,
        "insert or update on table %s violates foreign key %s: key %s is not present in table %s"),
    FOREIGN_KEY_REFERENCED(SqlState.FOREIGN_KEY_VIOLATION,
        "update or delete on table %s violates foreign key %s of table %s: key %s is still referenced"),

    // 25: invalid transaction state
    TRANSACTION_ENDED(SqlState.INVALID_TRANSACTION_STATE, "transaction %d has already ended"),
    READ_ONLY(SqlState.READ_ONLY_SQL_TRANSACTION, "cannot execute %s in a read-only connection"),
    ISOLATION_AFTER_FIRST_STATEMENT(SqlState.ACTIVE_SQL_TRANSACTION, "%s must come before the transaction's first"
        + " statement (this transaction has run one): COMMIT or ROLLBACK first"),
    SET_TRANSACTION_IN_AUTOCOMMIT(SqlState.NO_ACTIVE_SQL_TRANSACTION, "SET TRANSACTION applies to a transaction"
        + " block: run it after BEGIN or with auto-commit off (SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION"
        + " LEVEL sets the level of every later transaction)"),
    SAVEPOINT_IN_AUTOCOMMIT(SqlState.INVALID_TRANSACTION_STATE,
        "a savepoint needs a transaction: switch autocommit off or run BEGIN first"),
    NO_SUCH_SAVEPOINT(SqlState.INVALID_SAVEPOINT,
        "savepoint %s does not exist in the current transaction (released, rolled back past, or ended)"),
    TRANSACTION_ABORTED(SqlState.IN_FAILED_TRANSACTION,
        "transaction %d was rolled back after error %s; call rollback before issuing further statements"),
    COMMIT_OF_ABORTED(SqlState.IN_FAILED_TRANSACTION,
        "transaction %d was rolled back after error %s and cannot be committed: %s"),

    // 2B: dependent privilege descriptors still exist
    DEPENDENT_OBJECTS(SqlState.DEPENDENT_OBJECTS_STILL_EXIST,
        "cannot drop %s because %s depends on it (use CASCADE to drop it too)"),

    // 3F: invalid schema name
    SCHEMA_NOT_FOUND(SqlState.INVALID_SCHEMA_NAME, "schema %s does not exist"),

    // 428C9: a generated column was given a value
    GENERATED_ALWAYS(SqlState.GENERATED_ALWAYS, "column %s of table %s is GENERATED ALWAYS: it cannot be given a value"),

    // 40: transaction rollback
    WRITE_CONFLICT(SqlState.SERIALIZATION_FAILURE,
        "could not serialize access to table %s due to concurrent update: row %s %s"),
    SERIALIZATION_FAILURE(SqlState.SERIALIZATION_FAILURE,
        "could not serialize access due to read/write dependencies among transactions: transaction %d fails because %s"),
    DEADLOCK(SqlState.DEADLOCK_DETECTED,
        "deadlock detected: transaction %d would wait for transaction %d, which is waiting for it"),

    // 42: syntax errors and access rule violations
    SYNTAX_ERROR(SqlState.SYNTAX_ERROR, "%s"),
    TABLE_NOT_FOUND(SqlState.UNDEFINED_TABLE, "table %s does not exist"),
    TABLE_EXISTS(SqlState.DUPLICATE_TABLE, "table %s already exists"),
    OBJECT_EXISTS(SqlState.DUPLICATE_TABLE, "%s %s already exists"),
    OBJECT_NOT_FOUND(SqlState.UNDEFINED_TABLE, "%s %s does not exist"),
    SCHEMA_EXISTS(SqlState.DUPLICATE_SCHEMA, "schema %s already exists"),
    INVALID_NAME(SqlState.INVALID_NAME, "invalid name '%s': names may not be empty or contain '.'"),
    RESERVED_NAME(SqlState.RESERVED_NAME, "%s is %s"),
    AMBIGUOUS_COLUMN(SqlState.AMBIGUOUS_COLUMN, "column reference %s is ambiguous"),
    WRONG_OBJECT_TYPE(SqlState.WRONG_OBJECT_TYPE, "%s"),
    TYPE_NOT_FOUND(SqlState.UNDEFINED_OBJECT, "type %s does not exist"),
    CONSTRAINT_NOT_FOUND(SqlState.UNDEFINED_OBJECT, "constraint %s of table %s does not exist"),
    DUPLICATE_OBJECT(SqlState.DUPLICATE_OBJECT, "%s"),
    INVALID_FOREIGN_KEY(SqlState.INVALID_FOREIGN_KEY, "%s"),
    INDEX_EXISTS(SqlState.DUPLICATE_TABLE, "index %s already exists"),
    INDEX_NOT_FOUND(SqlState.UNDEFINED_OBJECT, "index %s does not exist"),
    INDEX_METHOD_NOT_FOUND(SqlState.UNDEFINED_OBJECT, "index method %s does not exist (Verso has mvidx and btree)"),
    COLUMN_NOT_FOUND(SqlState.UNDEFINED_COLUMN, "column %s does not exist"),
    FUNCTION_NOT_FOUND(SqlState.UNDEFINED_FUNCTION, "function %s does not exist"),
    INVALID_REFERENCE(SqlState.INVALID_COLUMN_REFERENCE, "%s"),
    FUNCTION_ARGUMENT_COUNT(SqlState.UNDEFINED_FUNCTION, "function %s takes %s arguments"),
    DUPLICATE_COLUMN(SqlState.DUPLICATE_COLUMN, "column %s is declared more than once in table %s"),
    INVALID_DEFINITION(SqlState.INVALID_TABLE_DEFINITION, "invalid table definition for %s: %s"),
    VALIDATION_ERROR(SqlState.SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION, "%s"),
    TYPE_MISMATCH(SqlState.DATATYPE_MISMATCH, "%s"),
    NO_CONFLICT_TARGET(SqlState.INVALID_COLUMN_REFERENCE,
        "there is no unique constraint of table %s matching the ON CONFLICT specification %s"),

    // 53: insufficient resources
    DISK_FULL(SqlState.DISK_FULL, "could not write to file %s: no space left on device"),
    BUFFER_POOL_EXHAUSTED(SqlState.OUT_OF_MEMORY, "buffer pool of %d pages has no unpinned page to evict"),
    BUFFER_POOL_NOT_ALLOCATED(SqlState.OUT_OF_MEMORY, "a buffer pool of %d bytes does not fit in the JVM's direct"
        + " memory: set a smaller cache, or raise -XX:MaxDirectMemorySize (by default the maximum heap size)"),
    STATEMENT_TOO_COMPLEX(SqlState.STATEMENT_TOO_COMPLEX,
        "statement too complex: its expressions are nested too deeply"),
    ARGUMENT_LIMIT_EXCEEDED(SqlState.PROGRAM_LIMIT_EXCEEDED, "%s"),
    ROW_TOO_LARGE(SqlState.PROGRAM_LIMIT_EXCEEDED, "row of %d bytes in table %s exceeds the maximum of %d bytes"),
    INDEX_KEY_TOO_LARGE(SqlState.PROGRAM_LIMIT_EXCEEDED,
        "index key of %d bytes in index %s exceeds the maximum of %d bytes"),

    // 55: object not in prerequisite state
    COLUMNS_CHANGED_MEANWHILE(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE,
        "the table's columns changed (ALTER TABLE ... ADD or DROP COLUMN) while the statement ran; it changed "
            + "nothing, run it again"),
    LOCK_NOT_AVAILABLE(SqlState.LOCK_NOT_AVAILABLE, "could not lock a row of table %s: transaction %d is writing it"),

    // 57: operator intervention
    QUERY_CANCELED(SqlState.QUERY_CANCELED, "canceling statement due to %s"),
    WAIT_INTERRUPTED(SqlState.QUERY_CANCELED, "canceling statement: interrupted while waiting for transaction %d"),

    // 58: system errors
    IO_ERROR(SqlState.IO_ERROR, "I/O error on file %s: %s"),

    // XX: internal errors
    DATA_CORRUPTED(SqlState.DATA_CORRUPTED, "page %d of file %s is corrupted: %s"),
    INTERNAL_ERROR(SqlState.INTERNAL_ERROR, "internal error: %s");

    private final String sqlState;
    private final String template;

    ErrorCode(String sqlState, String template) {
        this.sqlState = sqlState;
        this.template = template;
    }

    /** The five-character SQLState this code is reported with. */
    public String sqlState() {
        return sqlState;
    }

    /** Builds the exception for this code; the arguments fill the message template. */
    public VersoException exception(Object... args) {
        return new VersoException(this, String.format(template, args), null);
    }

    /** Builds the exception for this code with the underlying cause attached. */
    public VersoException exception(Throwable cause, Object... args) {
        return new VersoException(this, String.format(template, args), cause);
    }
}
