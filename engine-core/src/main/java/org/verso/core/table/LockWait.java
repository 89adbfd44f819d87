package org.verso.core.table;

/**
 * What {@link Table#lock} does when another running transaction is writing the row: wait for it to end (FOR UPDATE),
 * fail at once with 55P03 (FOR UPDATE NOWAIT), or leave the row out (FOR UPDATE SKIP LOCKED).
 */
public enum LockWait {
    WAIT,
    NOWAIT,
    SKIP_LOCKED
}
