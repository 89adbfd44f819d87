package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.sql.api.Cancellation;

/** SELECT ... FOR UPDATE: parsed, flagged in the plan, and for now read like a plain SELECT. */
class ForUpdateTest extends SqlTestSupport {
    @BeforeEach
    void table() {
        execute("CREATE TABLE district (w INT NOT NULL, d INT NOT NULL, next_o INT, PRIMARY KEY (w, d))");
        update("INSERT INTO district VALUES (1, 1, 3001), (1, 2, 3002)");
    }

    @Test
    void theBenchBaseStatementsRunAndAreFlagged() {
        PlannedSql plain = (PlannedSql) session.prepare("SELECT next_o FROM district WHERE w = ? AND d = ?");
        PlannedSql locking = (PlannedSql) session.prepare("SELECT next_o FROM district WHERE w = ? AND d = ? FOR UPDATE");
        assertFalse(plain.compiled().forUpdate());
        assertTrue(locking.compiled().forUpdate());
        assertEquals(List.of(row(3002)), query("SELECT next_o FROM district WHERE w = ? AND d = ? FOR UPDATE", 1, 2));
        assertEquals(List.of(row(2L)), List.of(row((long) query("SELECT * FROM district FOR UPDATE").size())));
        assertEquals(List.of(row(3001)), query("SELECT next_o FROM district ORDER BY d LIMIT 1 FOR UPDATE"));
    }

    @Test
    void shapesWhoseRowsAreNotTableRowsAreRefused() {
        assertFails("0A000", "SELECT COUNT(*) FROM district FOR UPDATE");
        assertFails("0A000", "SELECT a.d FROM district a JOIN district b ON a.d = b.d FOR UPDATE");
    }

    @Test
    void aLockedRowMakesAConcurrentUpdaterWaitUntilTheLockerEnds() throws Exception {
        session.setAutoCommit(false);
        query("SELECT next_o FROM district WHERE w = 1 AND d = 1 FOR UPDATE");
        CompletableFuture<Long> update = CompletableFuture.supplyAsync(() -> {
            try (Session other = engine.openSession()) {
                return run(other, "UPDATE district SET next_o = next_o + 1 WHERE w = 1 AND d = 1");
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (database.waitingTransactions() == 0) {
            assertTrue(System.nanoTime() < deadline, "the concurrent UPDATE never waited for the lock");
            Thread.onSpinWait();
        }
        assertFalse(update.isDone());
        session.commit();
        assertEquals(1L, update.get(30, TimeUnit.SECONDS), "the lock changed nothing: the waiter applies its update");
        assertEquals(List.of(row(3002)), query("SELECT next_o FROM district WHERE w = 1 AND d = 1"));
    }

    @Test
    void lockingARowChangedAfterTheSnapshotIsASerializationFailure() {
        session.setAutoCommit(false);
        query("SELECT next_o FROM district WHERE w = 1 AND d = 2");
        try (Session other = engine.openSession()) {
            run(other, "UPDATE district SET next_o = 0 WHERE w = 1 AND d = 2");
        }
        assertFails("40001", "SELECT next_o FROM district WHERE w = 1 AND d = 2 FOR UPDATE");
        session.rollback();
    }

    /**
     * While another transaction holds a row: NOWAIT fails at once with 55P03 naming the table, SKIP LOCKED leaves the
     * row out, and LIMIT counts the rows that were locked (the lock is taken below it), so the next free row comes.
     */
    @Test
    void nowaitFailsAndSkipLockedLeavesOutARowAnotherTransactionHolds() {
        update("INSERT INTO district VALUES (1, 3, 3003)");
        try (Session other = engine.openSession()) {
            other.setAutoCommit(false);
            rows(other.execute(other.prepare("SELECT d FROM district WHERE w = 1 AND d = 1 FOR UPDATE"), new Object[0],
                new Cancellation()));
            session.setAutoCommit(false);
            assertTrue(assertFails("55P03", "SELECT next_o FROM district WHERE w = 1 AND d = 1 FOR UPDATE NOWAIT")
                .getMessage().contains("DISTRICT"));
            session.rollback();
            assertEquals(List.of(row(2), row(3)), query("SELECT d FROM district ORDER BY d FOR UPDATE SKIP LOCKED"));
            session.rollback();
            assertEquals(List.of(row(2)), query("SELECT d FROM district ORDER BY d LIMIT 1 FOR UPDATE SKIP LOCKED"));
            assertEquals(List.of(row(3)), query("SELECT d FROM district ORDER BY d OFFSET 1 ROWS FOR UPDATE SKIP LOCKED"));
            assertEquals(List.of(row(2), row(3)), query("SELECT d FROM district WHERE d > 1 ORDER BY d FOR UPDATE NOWAIT"),
                "rows this transaction holds already are not waited for");
            session.rollback();
            other.rollback();
        }
        assertEquals(List.of(row(1)), query("SELECT d FROM district ORDER BY d LIMIT 1 FOR UPDATE SKIP LOCKED"));
        String plan = query("EXPLAIN PLAN FOR SELECT d FROM district ORDER BY d LIMIT 1 FOR UPDATE SKIP LOCKED")
            .toString();
        assertTrue(plan.indexOf("VersoLimit") < plan.indexOf("VersoForUpdate") && plan.contains("SKIP_LOCKED"), plan);
    }

    private static long run(Session other, String sql) {
        return other.execute(other.prepare(sql), new Object[0], new Cancellation()).updateCount();
    }
}
