package org.verso.core.tx;

/**
 * Isolation levels the engine implements. JDBC's TRANSACTION_REPEATABLE_READ maps to {@link #SNAPSHOT}; lower
 * JDBC levels are served by {@link #SNAPSHOT} too (a stronger level, as JDBC permits). Serializable Snapshot
 * Isolation is not implemented yet, so no constant stands for it: a request for SERIALIZABLE is refused by the
 * layers above rather than silently downgraded.
 */
public enum IsolationLevel {
    /** Snapshot Isolation with first-updater-wins. */
    SNAPSHOT
}
