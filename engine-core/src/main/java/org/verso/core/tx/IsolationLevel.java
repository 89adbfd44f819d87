package org.verso.core.tx;

/**
 * Isolation levels the engine implements. JDBC's TRANSACTION_REPEATABLE_READ maps to {@link #SNAPSHOT} and
 * TRANSACTION_READ_COMMITTED (and READ_UNCOMMITTED, upgraded) to {@link #READ_COMMITTED}, and
 * TRANSACTION_SERIALIZABLE to {@link #SERIALIZABLE}.
 */
public enum IsolationLevel {
    /** Snapshot Isolation with first-updater-wins: one snapshot for the whole transaction. */
    SNAPSHOT,
    /**
     * READ COMMITTED with PostgreSQL's semantics: a fresh snapshot per statement; a write that meets a row changed by
     * a transaction that committed after the statement's snapshot waits for it if needed, then re-evaluates the
     * statement's condition on the newest committed version and applies to it, instead of failing with 40001.
     */
    READ_COMMITTED,
    /**
     * Serializable Snapshot Isolation (Cahill et al., with PostgreSQL's refinements): snapshot isolation plus SIREAD
     * locks and rw-conflict tracking; a transaction that could complete a dangerous structure fails with 40001.
     */
    SERIALIZABLE
}
