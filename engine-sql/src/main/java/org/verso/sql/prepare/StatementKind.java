package org.verso.sql.prepare;

/**
 * How a statement runs: a query returns rows, DML returns a count inside a transaction, DDL runs on its own, and
 * transaction control (BEGIN, COMMIT, SAVEPOINT, ...) acts on the session's transaction. EXPLAIN returns rows
 * like a query but runs nothing, so values for its parameters may be left out.
 */
public enum StatementKind {
    QUERY, EXPLAIN, DML, DDL, TRANSACTION
}
