package org.verso.sql.prepare;

/**
 * How a statement runs: a query returns rows, DML returns a count inside a transaction, DDL runs on its own, and
 * transaction control (BEGIN, COMMIT, SAVEPOINT, ...) acts on the session's transaction. EXPLAIN returns rows
 * like a query but runs nothing, so values for its parameters may be left out. EXPLAIN ANALYZE runs its statement
 * and returns the plan with what each operator did: of a query, like a query (ANALYZE_QUERY); of a change, as a
 * change in the session's transaction (ANALYZE_CHANGE).
 */
public enum StatementKind {
    QUERY, EXPLAIN, ANALYZE_QUERY, ANALYZE_CHANGE, DML, DDL, TRANSACTION
}
