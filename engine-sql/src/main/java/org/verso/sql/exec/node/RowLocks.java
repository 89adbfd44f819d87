package org.verso.sql.exec.node;

import org.verso.sql.exec.ExecContext;

/**
 * The one place where {@code SELECT ... FOR UPDATE} takes its row locks.
 *
 * <p>Not yet implemented: the lock is the row's write intent, which the transaction layer will offer (a call on
 * {@code Table} that installs the intent under first-updater-wins, waiting for or aborting against a concurrent
 * writer). Until then a FOR UPDATE query reads like a plain SELECT and a later UPDATE of the row is what detects a
 * conflicting writer (40001). {@code ForUpdateLockTest} holds the test to enable when the hook is filled in.
 */
final class RowLocks {
    private RowLocks() {
    }

    /** Locks row {@code rowId} of {@code table} for the execution's transaction (currently does nothing). */
    static void lockForUpdate(ExecContext ctx, String table, long rowId) {
        // The transaction layer's row-lock call goes here.
    }
}
