package org.verso.core.tx;

/** What a transaction does when a row it wants to write is held by another running transaction. */
public enum WaitPolicy {
    /** Wait for the other transaction to end (with deadlock detection). */
    WAIT,
    /** Fail the statement at once with 55P03 (lock not available), as {@code NOWAIT} asks. */
    NO_WAIT
}
