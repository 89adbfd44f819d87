package org.verso.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.common.RowCursor;
import org.verso.common.VersoException;
import org.verso.core.table.KeyShare;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * Key-share locks at the table's level ({@link Table#keyShare}, {@link Table#awaitKeyShares}): what a holder that
 * committed leaves behind, for how long, and what a key-preserving update has to do with it (nothing). The
 * interleavings of foreign-key checks through JDBC are in jdbc-driver's {@code JdbcForeignKeyConcurrencyTest}.
 */
class KeyShareLockTest {
    private static final int[] KEY = {0};
    private Database db;
    private Table accounts;

    @BeforeEach
    void open() {
        db = Database.open(DatabaseConfig.inMemory("keyshare"));
        db.createTable(TestTables.accounts());
        accounts = db.table("ACCOUNTS");
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        for (int i = 0; i < 3; i++) {
            accounts.insert(tx, new Object[] {i, "owner" + i, 100L});
        }
        tx.commit();
    }

    @AfterEach
    void close() {
        db.close();
    }

    private long rowId(Transaction tx, int id) {
        RowCursor c = accounts.lookup(tx, new Object[] {id});
        assertTrue(c.next());
        return c.rowId();
    }

    /** Looks row {@code id} up as a foreign key's check does and takes the key-share lock on it. */
    private boolean keyShare(Transaction tx, int id) {
        RowCursor c = accounts.lookup(tx, new Object[] {id});
        assertTrue(c.next());
        return accounts.keyShare(tx, tx.snapshot(), c.rowId(), c.row(), KEY) == KeyShare.HELD;
    }

    @Test
    void aCommittedHolderIsRememberedUntilNoSnapshotIsOlderThanItsCommit() {
        Transaction older = db.begin(IsolationLevel.SNAPSHOT);
        long row = rowId(older, 1); // takes the snapshot before the holder commits
        Transaction holder = db.begin(IsolationLevel.SNAPSHOT);
        assertTrue(keyShare(holder, 1));
        accounts.insert(holder, new Object[] {9, "child", 1L}); // what a child insert writes besides its lock
        holder.commit();
        db.forgetVersions();
        assertEquals(1, db.keyShareLocks().size(), "a snapshot older than the holder's commit is still running");

        assertTrue(accounts.delete(older, row));
        VersoException e = assertThrows(VersoException.class, () -> accounts.awaitKeyShares(older, row));
        assertEquals("40001", e.sqlState(), "the holder may have written what the older snapshot cannot see");
        db.forgetVersions();
        assertEquals(0, db.keyShareLocks().size(), "no snapshot is older than the holder's commit any more");

        Transaction later = db.begin(IsolationLevel.SNAPSHOT);
        long again = rowId(later, 1);
        assertTrue(accounts.delete(later, again));
        accounts.awaitKeyShares(later, again); // the holder committed before this snapshot: nothing to wait for
        later.commit();
    }

    @Test
    void aKeyPreservingUpdateOfTheRowNeitherBlocksNorFailsTheHolder() {
        Transaction holder = db.begin(IsolationLevel.SNAPSHOT);
        rowId(holder, 2); // takes the snapshot before the update
        Transaction updater = db.begin(IsolationLevel.SNAPSHOT);
        assertTrue(accounts.update(updater, rowId(updater, 2), new Object[] {2, "renamed", 100L}));
        assertTrue(keyShare(holder, 2), "an uncommitted update that keeps the key does not matter");
        updater.commit();
        Transaction second = db.begin(IsolationLevel.SNAPSHOT);
        assertTrue(keyShare(second, 2));
        holder.rollback();
        second.rollback();
        db.forgetVersions();
        assertEquals(0, db.keyShareLocks().size(), "holders that rolled back leave nothing");
    }
}
