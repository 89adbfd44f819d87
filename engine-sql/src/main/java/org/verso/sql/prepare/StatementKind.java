package org.verso.sql.prepare;

/** How a statement runs: a query returns rows, DML returns a count inside a transaction, DDL runs on its own. */
public enum StatementKind {
    QUERY, DML, DDL
}
