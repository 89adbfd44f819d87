package org.verso.sql.prepare;

/**
 * How a statement runs: a query returns rows, DML returns a count inside a transaction, DDL runs on its own, and
 * transaction control (BEGIN, COMMIT, SAVEPOINT, ...) acts on the session's transaction.
 */
public enum StatementKind {
    QUERY, DML, DDL, TRANSACTION
}
