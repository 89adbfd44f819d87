package org.verso.core.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.common.RowCursor;
import org.verso.common.VersoException;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;
import org.verso.core.tx.WaitPolicy;

/** Write intents (SELECT ... FOR UPDATE) through {@link Table#lock}. */
class RowLockTest {
    private Database db;
    private Table stock;
    private long row;

    @BeforeEach
    void open() {
        db = Database.open(DatabaseConfig.inMemory("row-lock"));
        db.createTable(new TableDefinition(0, "STOCK", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("QTY", DataType.of(ValueType.INTEGER), false)), new int[] {0}, TableLayout.SIAS));
        stock = db.table("STOCK");
        Transaction tx = begin();
        row = stock.insert(tx, new Object[] {1, 10});
        tx.commit();
    }

    @AfterEach
    void close() {
        db.close();
    }

    private Transaction begin() {
        return db.begin(IsolationLevel.SNAPSHOT);
    }

    private Object[] read(Transaction tx) {
        try (RowCursor c = stock.lookup(tx, new Object[] {1})) {
            return c.next() ? c.row() : null;
        }
    }

    private static void awaitWaiting(Transaction tx) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (tx.waitingForTxid() < 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("transaction " + tx.id() + " never started to wait");
            }
            Thread.onSpinWait();
        }
    }

    @Test
    void aWriterWaitsForTheLockAndProceedsWhenTheLockerCommitsWithoutChanges() throws Exception {
        Transaction locker = begin();
        assertTrue(stock.lock(locker, row));
        assertArrayEquals(new Object[] {1, 10}, read(locker), "the locker reads the same data");
        Transaction writer = begin();
        writer.snapshot();
        CompletableFuture<Boolean> update = CompletableFuture.supplyAsync(
            () -> stock.update(writer, row, new Object[] {1, 9}));
        awaitWaiting(writer);
        assertEquals(locker.id(), writer.waitingForTxid());
        locker.commit();
        assertTrue(update.get(30, TimeUnit.SECONDS), "a lock that changed nothing is no write conflict");
        writer.commit();
        assertArrayEquals(new Object[] {1, 9}, read(begin()));
    }

    @Test
    void aCommittedLockLeavesNoVersion() {
        Transaction old = begin();
        old.snapshot();
        Transaction locker = begin();
        assertTrue(stock.lock(locker, row));
        assertTrue(stock.lock(locker, row), "locking again is harmless");
        locker.commit();
        assertTrue(stock.update(old, row, new Object[] {1, 11}),
            "no version committed after the older snapshot: it may still update the row");
        old.commit();
    }

    @Test
    void lockingARowChangedAfterTheSnapshotIsAWriteConflict() {
        Transaction locker = begin();
        locker.snapshot();
        Transaction writer = begin();
        assertTrue(stock.update(writer, row, new Object[] {1, 5}));
        writer.commit();
        VersoException e = assertThrows(VersoException.class, () -> stock.lock(locker, row));
        assertEquals("40001", e.sqlState());
        assertFalse(locker.isActive());
    }

    @Test
    void lockThenUpdateCommitsTheUpdate() {
        Transaction tx = begin();
        assertTrue(stock.lock(tx, row));
        assertTrue(stock.update(tx, row, new Object[] {1, 3}));
        assertArrayEquals(new Object[] {1, 3}, read(tx));
        tx.commit();
        Transaction reader = begin();
        assertArrayEquals(new Object[] {1, 3}, read(reader));
        Transaction next = begin();
        assertTrue(stock.update(next, row, new Object[] {1, 4}));
        next.commit();
        assertArrayEquals(new Object[] {1, 4}, read(begin()));
    }

    @Test
    void rollbackAndStatementRollbackReleaseTheLock() throws Exception {
        Transaction locker = begin();
        int mark = locker.markStatement();
        assertTrue(stock.lock(locker, row));
        locker.rollbackStatement(mark);
        Transaction impatient = begin();
        impatient.setWaitPolicy(WaitPolicy.NO_WAIT);
        assertTrue(stock.update(impatient, row, new Object[] {1, 8}), "a statement rollback released the lock");
        impatient.rollback();

        assertTrue(stock.lock(locker, row));
        Transaction writer = begin();
        CompletableFuture<Boolean> update = CompletableFuture.supplyAsync(
            () -> stock.update(writer, row, new Object[] {1, 7}));
        awaitWaiting(writer);
        locker.rollback();
        assertTrue(update.get(30, TimeUnit.SECONDS));
        writer.commit();
        assertArrayEquals(new Object[] {1, 7}, read(begin()));
    }

    @Test
    void noWaitOnALockedRowFailsWith55P03AndAGoneRowIsNotLocked() {
        Transaction locker = begin();
        assertTrue(stock.lock(locker, row));
        Transaction other = begin();
        other.setWaitPolicy(WaitPolicy.NO_WAIT);
        assertEquals("55P03", assertThrows(VersoException.class, () -> stock.lock(other, row)).sqlState());
        locker.rollback();
        other.rollback();

        Transaction deleter = begin();
        assertTrue(stock.delete(deleter, row));
        deleter.commit();
        assertFalse(stock.lock(begin(), row));
    }
}
