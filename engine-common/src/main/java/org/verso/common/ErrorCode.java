package org.verso.common;

/**
 * Every error Verso reports, with its SQLState and a message template.
 *
 * <p>Templates are {@link String#format} patterns; the arguments name the table, key, file or other
 * transaction involved, so a message says which object failed and why. The SQLState class follows the SQL
 * standard and PostgreSQL where the standard is silent: 08 connection, 22 data, 23 constraint, 25 transaction
 * state, 40 rollback, 42 syntax or access rule, 53 insufficient resources, XX internal.
 */
public enum ErrorCode {
    // 08: connection exceptions
    CONNECTION_CLOSED("08003", "the connection is closed"),
    DATABASE_CLOSED("08003", "database %s is closed"),
    DATABASE_LOCKED("08001", "database directory %s is already open in another process (lock file %s is held)"),
    CANNOT_OPEN("08001", "cannot open database %s: %s"),

    // 07: dynamic SQL errors
    PARAMETER_COUNT_MISMATCH("07001", "the statement has %d parameters but %d values were given"),

    // 0A: feature not supported
    FEATURE_NOT_SUPPORTED("0A000", "%s is not supported"),

    // 22: data exceptions
    STRING_TOO_LONG("22001", "value too long for column %s of type %s (%d characters)"),
    NUMERIC_OUT_OF_RANGE("22003", "value %s out of range for column %s of type %s"),
    VALUE_OUT_OF_RANGE("22003", "value %s out of range for type %s"),
    INVALID_DATETIME("22007", "invalid date or time value %s"),
    DIVISION_BY_ZERO("22012", "division by zero"),
    INVALID_ROW_COUNT("2201W", "LIMIT and OFFSET must not be negative, not %d"),
    INVALID_CAST("22018", "cannot convert %s to %s"),
    INEXACT_PARAMETER("22018", "parameter value %s cannot be represented exactly as %s"),
    DATA_TYPE_MISMATCH("22000", "value %s of type %s cannot be assigned to column %s of type %s"),
    SEQUENCE_EXHAUSTED("2200H", "sequence %s has reached its limit"),

    // 23: integrity constraint violations
    NOT_NULL_VIOLATION("23502", "null value in column %s of table %s violates NOT NULL"),
    UNIQUE_VIOLATION("23505", "duplicate key %s violates primary key of table %s"),
    UNIQUE_CONSTRAINT_VIOLATION("23505", "duplicate key %s violates unique constraint %s of table %s"),
    CHECK_VIOLATION("23514", "new row for table %s violates check constraint %s"),
    FOREIGN_KEY_MISSING_PARENT("23503",
        "insert or update on table %s violates foreign key %s: key %s is not present in table %s"),
    FOREIGN_KEY_REFERENCED("23503",
        "update or delete on table %s violates foreign key %s of table %s: key %s is still referenced"),

    // 2B: dependent objects still exist
    DEPENDENT_OBJECTS("2BP01", "cannot drop %s because %s depends on it (use CASCADE to drop it too)"),

    // 3F: invalid schema name
    SCHEMA_NOT_FOUND("3F000", "schema %s does not exist"),

    // 428C9: a generated column was given a value
    GENERATED_ALWAYS("428C9", "column %s of table %s is GENERATED ALWAYS: it cannot be given a value"),

    // 25: invalid transaction state
    TRANSACTION_ENDED("25000", "transaction %d has already ended"),
    TRANSACTION_ABORTED("25P02",
        "transaction %d was rolled back after error %s; call rollback before issuing further statements"),
    COMMIT_OF_ABORTED("25P02", "transaction %d was rolled back after error %s and cannot be committed: %s"),

    // 40: transaction rollback
    WRITE_CONFLICT("40001",
        "could not serialize access to table %s due to concurrent update: row %s %s"),
    DEADLOCK("40P01", "deadlock detected: transaction %d would wait for transaction %d, which is waiting for it"),

    // 42: syntax errors and access rule violations
    SYNTAX_ERROR("42601", "%s"),
    TABLE_NOT_FOUND("42P01", "table %s does not exist"),
    TABLE_EXISTS("42P07", "table %s already exists"),
    OBJECT_EXISTS("42P07", "%s %s already exists"),
    OBJECT_NOT_FOUND("42P01", "%s %s does not exist"),
    SCHEMA_EXISTS("42P06", "schema %s already exists"),
    INVALID_NAME("42602", "invalid name '%s': names may not be empty or contain '.'"),
    RESERVED_NAME("42939", "%s is %s"),
    AMBIGUOUS_COLUMN("42702", "column reference %s is ambiguous"),
    WRONG_OBJECT_TYPE("42809", "%s"),
    TYPE_NOT_FOUND("42704", "type %s does not exist"),
    CONSTRAINT_NOT_FOUND("42704", "constraint %s of table %s does not exist"),
    DUPLICATE_OBJECT("42710", "%s"),
    INVALID_FOREIGN_KEY("42830", "%s"),
    INDEX_EXISTS("42P07", "index %s already exists"),
    INDEX_NOT_FOUND("42704", "index %s does not exist"),
    COLUMN_NOT_FOUND("42703", "column %s does not exist"),
    DUPLICATE_COLUMN("42701", "column %s is declared more than once in table %s"),
    INVALID_DEFINITION("42P16", "invalid table definition for %s: %s"),
    VALIDATION_ERROR("42000", "%s"),
    TYPE_MISMATCH("42804", "%s"),

    // 53: insufficient resources
    DISK_FULL("53100", "could not write to file %s: no space left on device"),
    BUFFER_POOL_EXHAUSTED("53200", "buffer pool of %d pages has no unpinned page to evict"),
    STATEMENT_TOO_COMPLEX("54001", "statement too complex: its expressions are nested too deeply"),
    ROW_TOO_LARGE("54000", "row of %d bytes in table %s exceeds the maximum of %d bytes"),

    // 58: system errors
    IO_ERROR("58030", "I/O error on file %s: %s"),

    // XX: internal errors
    DATA_CORRUPTED("XX001", "page %d of file %s is corrupted: %s"),
    INTERNAL_ERROR("XX000", "internal error: %s");

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
