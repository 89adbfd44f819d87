package org.verso.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.VersoException;
import org.verso.common.RowCursor;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

class TableAccessTest {
    private Database db;
    private Table accounts;

    @BeforeEach
    void open() {
        db = Database.open(DatabaseConfig.inMemory("table-access"));
        db.createTable(TestTables.accounts());
        accounts = db.table("ACCOUNTS");
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Transaction begin() {
        return db.begin(IsolationLevel.SNAPSHOT);
    }

    private Object[] get(Transaction tx, int id) {
        RowCursor c = accounts.lookup(tx, new Object[] {id});
        return c.next() ? c.row() : null;
    }

    @Test
    void insertedRowIsReadByKeyAndScan() {
        Transaction tx = begin();
        accounts.insert(tx, new Object[] {1, "ann", 100L});
        accounts.insert(tx, new Object[] {2, "bob", 50});
        tx.commit();

        Transaction reader = begin();
        assertArrayEquals(new Object[] {1, "ann", 100L}, get(reader, 1));
        assertArrayEquals(new Object[] {2, "bob", 50L}, get(reader, 2), "INTEGER 50 is stored as BIGINT");
        assertEquals(2, TestTables.drain(accounts.scan(reader)).size());
        reader.commit();
    }

    @Test
    void duplicateKeyIsRejectedWith23505() {
        Transaction tx = begin();
        accounts.insert(tx, new Object[] {1, "ann", 100L});
        VersoException e = assertThrows(VersoException.class, () -> accounts.insert(tx, new Object[] {1, "x", 1L}));
        assertEquals("23505", e.sqlState());
        tx.commit();
    }

    @Test
    void notNullAndLengthAreEnforced() {
        Transaction tx = begin();
        assertEquals("23502", assertThrows(VersoException.class,
            () -> accounts.insert(tx, new Object[] {1, "ann", null})).sqlState());
        assertEquals("22001", assertThrows(VersoException.class,
            () -> accounts.insert(tx, new Object[] {1, "a".repeat(21), 1L})).sqlState());
        tx.rollback();
    }

    @Test
    void statementRollbackRemovesOnlyThatStatementsWrites() {
        Transaction tx = begin();
        accounts.insert(tx, new Object[] {1, "ann", 100L});
        int mark = tx.markStatement();
        accounts.insert(tx, new Object[] {2, "bob", 50L});
        assertThrows(VersoException.class, () -> accounts.insert(tx, new Object[] {1, "dup", 1L}));
        tx.rollbackStatement(mark);
        assertEquals(1, TestTables.drain(accounts.scan(tx)).size());
        accounts.insert(tx, new Object[] {2, "bob", 60L});
        tx.commit();
        Transaction reader = begin();
        assertArrayEquals(new Object[] {2, "bob", 60L}, get(reader, 2));
    }

    @Test
    void updateAndDeleteCreateNewVersions() {
        Transaction tx = begin();
        long rid = accounts.insert(tx, new Object[] {1, "ann", 100L});
        tx.commit();

        Transaction old = begin();
        old.snapshot();
        Transaction writer = begin();
        assertTrue(accounts.update(writer, rid, new Object[] {1, "ann", 150L}));
        writer.commit();

        assertArrayEquals(new Object[] {1, "ann", 100L}, get(old, 1), "old snapshot still sees the old version");
        Transaction fresh = begin();
        assertArrayEquals(new Object[] {1, "ann", 150L}, get(fresh, 1));
        assertEquals(2, accounts.heapStatistics().versionNodes(), "one node per version of the row");

        Transaction deleter = begin();
        assertTrue(accounts.delete(deleter, rid));
        assertFalse(accounts.delete(deleter, rid), "a row deleted by this transaction is gone for it");
        deleter.commit();
        assertEquals(null, get(begin(), 1));
        assertArrayEquals(new Object[] {1, "ann", 150L}, get(fresh, 1));
    }

    @Test
    void deletedKeyCanBeInsertedAgain() {
        Transaction tx = begin();
        long rid = accounts.insert(tx, new Object[] {1, "ann", 100L});
        tx.commit();
        Transaction del = begin();
        accounts.delete(del, rid);
        del.commit();
        Transaction again = begin();
        accounts.insert(again, new Object[] {1, "new", 1L});
        again.commit();
        assertArrayEquals(new Object[] {1, "new", 1L}, get(begin(), 1));
    }

    @Test
    void changingThePrimaryKeyMovesTheRow() {
        Transaction tx = begin();
        long rid = accounts.insert(tx, new Object[] {1, "ann", 100L});
        tx.commit();
        Transaction up = begin();
        assertTrue(accounts.update(up, rid, new Object[] {7, "ann", 100L}));
        up.commit();
        Transaction reader = begin();
        assertEquals(null, get(reader, 1));
        assertArrayEquals(new Object[] {7, "ann", 100L}, get(reader, 7));
    }

    @Test
    void dataSurvivesCloseAndReopen(@TempDir Path dir) {
        closeAndReopen(DatabaseConfig.directory(dir));
    }

    @Test
    void dataSurvivesCloseAndReopenWithDirectIo(@TempDir Path dir) {
        closeAndReopen(DatabaseConfig.directory(dir).withDirectIo(true));
    }

    private void closeAndReopen(DatabaseConfig config) {
        try (Database disk = Database.open(config)) {
            disk.createTable(TestTables.accounts());
            Table t = disk.table("ACCOUNTS");
            Transaction tx = disk.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < 2000; i++) {
                t.insert(tx, new Object[] {i, "owner" + i, (long) i});
            }
            tx.commit();
            Transaction up = disk.begin(IsolationLevel.SNAPSHOT);
            RowCursor c = t.lookup(up, new Object[] {5});
            c.next();
            t.update(up, c.rowId(), new Object[] {5, "five", 555L});
            RowCursor d = t.lookup(up, new Object[] {6});
            d.next();
            t.delete(up, d.rowId());
            up.commit();
            Transaction uncommitted = disk.begin(IsolationLevel.SNAPSHOT);
            t.insert(uncommitted, new Object[] {99999, "lost", 0L});
            int mark = uncommitted.markStatement();
            uncommitted.rollbackStatement(mark);
            Transaction undone = disk.begin(IsolationLevel.SNAPSHOT);
            t.insert(undone, new Object[] {88888, "ok", 0L});
            int m2 = undone.markStatement();
            t.insert(undone, new Object[] {77777, "undone", 0L});
            undone.rollbackStatement(m2);
            undone.commit();
        }
        try (Database disk = Database.open(config)) {
            Table t = disk.table("ACCOUNTS");
            Transaction tx = disk.begin(IsolationLevel.SNAPSHOT);
            List<Object[]> rows = TestTables.drain(t.scan(tx));
            assertEquals(2000, rows.size(), "1999 of the first rows + 88888; 99999 never committed; 77777 undone");
            RowCursor five = t.lookup(tx, new Object[] {5});
            assertTrue(five.next());
            assertArrayEquals(new Object[] {5, "five", 555L}, five.row());
            assertFalse(t.lookup(tx, new Object[] {6}).next());
            assertFalse(t.lookup(tx, new Object[] {77777}).next());
            assertTrue(t.lookup(tx, new Object[] {88888}).next());
            // New transactions get ids past everything on disk.
            t.insert(tx, new Object[] {6, "six again", 6L});
            tx.commit();
        }
    }

    @Test
    void secondOpenOfSameDirectoryIsRefused(@TempDir Path dir) {
        try (Database first = Database.open(DatabaseConfig.directory(dir))) {
            VersoException e = assertThrows(VersoException.class, () -> Database.open(DatabaseConfig.directory(dir)));
            assertEquals("08001", e.sqlState());
            assertTrue(e.getMessage().contains("already open"), e.getMessage());
        }
    }
}
