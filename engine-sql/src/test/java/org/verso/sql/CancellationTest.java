package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.common.SqlState;
import org.verso.common.VersoException;
import org.verso.sql.api.Cancellation;
import org.verso.sql.api.ResultRows;

/**
 * A statement stops at its next row once its cancel flag is set, from another thread or by its timeout, and the
 * session goes on. Waiting is proven by polling the execution's own progress, never by sleeping.
 */
class CancellationTest extends SqlTestSupport {
    /** 10^8 joined rows: minutes of work, so it can only end early by being cancelled. */
    private static final String LONG_QUERY = "SELECT COUNT(*) FROM big a, big b, big c, big d";
    private static final long STOP_WITHIN_MILLIS = 5_000;

    @BeforeEach
    void createTable() {
        execute("CREATE TABLE big (id INT NOT NULL, PRIMARY KEY (id))");
        StringBuilder values = new StringBuilder("INSERT INTO big VALUES (0)");
        for (int i = 1; i < 100; i++) {
            values.append(", (").append(i).append(')');
        }
        update(values.toString());
    }

    /** Waits, polling, until the running statement has checked this many rows (proof that it is at work). */
    private static void awaitProgress(Cancellation cancellation, long rows, Future<?> running) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (cancellation.progress() < rows) {
            if (running.isDone()) {
                running.get(); // surfaces an early failure
                throw new AssertionError("the statement ended before it was cancelled");
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the statement made no progress");
            }
            Thread.onSpinWait();
        }
    }

    private static VersoException cancelled(Future<?> running) throws InterruptedException {
        try {
            running.get(STOP_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            VersoException error = (VersoException) e.getCause();
            assertEquals(SqlState.QUERY_CANCELED, error.sqlState(), error.getMessage());
            return error;
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the statement did not stop within " + STOP_WITHIN_MILLIS + " ms");
        }
        throw new AssertionError("the statement was not cancelled");
    }

    @Test
    void cancelFromAnotherThreadStopsALongAggregate() throws Exception {
        Cancellation cancellation = new Cancellation();
        CompletableFuture<Object> running = CompletableFuture.supplyAsync(
            () -> session.execute(session.prepare(LONG_QUERY), new Object[0], cancellation));
        awaitProgress(cancellation, 1_000_000, running);
        long start = System.nanoTime();
        cancellation.cancel();
        VersoException error = cancelled(running);
        System.out.println("cancel stopped the aggregate after " + (System.nanoTime() - start) / 1_000_000 + " ms");
        assertTrue(error.getMessage().contains("user request"), error.getMessage());
        assertEquals(0, database.activeTransactions(), "the cancelled statement's transaction ended");
        assertEquals(List.of(row(100L)), query("SELECT COUNT(*) FROM big"), "the session goes on");
    }

    @Test
    void aTimeoutStopsTheStatement() throws Exception {
        Cancellation cancellation = new Cancellation().timeoutAfter(Duration.ofSeconds(1));
        long start = System.nanoTime();
        VersoException error = assertThrows(VersoException.class,
            () -> session.execute(session.prepare(LONG_QUERY), new Object[0], cancellation));
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.println("a 1 s timeout stopped the aggregate after " + millis + " ms");
        assertEquals(SqlState.QUERY_CANCELED, error.sqlState());
        assertTrue(error.getMessage().contains("statement timeout"), error.getMessage());
        assertTrue(millis >= 900 && millis < 1_000 + STOP_WITHIN_MILLIS, "stopped after " + millis + " ms");
    }

    @Test
    void aCancelledChangeLeavesNothingAndTheTransactionGoesOn() throws Exception {
        execute("CREATE TABLE copy (a INT, b INT)");
        session.setAutoCommit(false);
        update("INSERT INTO copy VALUES (-1, -1)");
        Cancellation cancellation = new Cancellation();
        CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> session.execute(
            session.prepare("INSERT INTO copy SELECT a.id, b.id FROM big a, big b, big c"), new Object[0],
            cancellation));
        awaitProgress(cancellation, 100_000, running);
        cancellation.cancel();
        cancelled(running);
        assertTrue(session.inTransaction(), "57014 is not a rollback of the transaction");
        assertEquals(List.of(row(1L)), query("SELECT COUNT(*) FROM copy"), "the statement's rows were undone");
        session.commit();
        assertEquals(List.of(row(1L)), query("SELECT COUNT(*) FROM copy"));
    }

    @Test
    void aCancelWhileRowsAreReadFailsTheNextRead() {
        Cancellation cancellation = new Cancellation();
        ResultRows rows = session.execute(session.prepare("SELECT a.id FROM big a, big b"), new Object[0],
            cancellation).rows();
        assertTrue(rows.next());
        cancellation.cancel();
        assertEquals(SqlState.QUERY_CANCELED, assertThrows(VersoException.class, rows::next).sqlState());
        assertEquals(0, database.activeTransactions());
        assertTrue(cancellation.isFinished());
    }

    @Test
    void aLateCancelChangesNothing() {
        Cancellation cancellation = new Cancellation().timeoutAfter(Duration.ofMinutes(1));
        assertEquals(List.of(row(1L)), rows(session.execute(session.prepare("SELECT COUNT(*) FROM big WHERE id = 7"),
            new Object[0], cancellation)));
        assertTrue(cancellation.isFinished(), "the cursor's end finished the statement and its timeout");
        cancellation.cancel();
        assertEquals(List.of(row(100L)), query("SELECT COUNT(*) FROM big"));
    }

    /**
     * Many sessions run long queries at once; each is cancelled after a random amount of work. Every one stops
     * with 57014 within the bound, and every session is usable afterwards.
     */
    @Test
    void manySessionsCancelledAtRandomPoints() throws Exception {
        long seed = System.nanoTime();
        System.out.println("CancellationTest.manySessionsCancelledAtRandomPoints seed=" + seed);
        Random random = new Random(seed);
        int threads = 6;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Session> sessions = new ArrayList<>();
        try {
            List<Cancellation> flags = new ArrayList<>();
            List<Future<Object>> running = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Session s = engine.openSession();
                sessions.add(s);
                Cancellation c = new Cancellation();
                flags.add(c);
                String sql = random.nextBoolean() ? LONG_QUERY
                    : "SELECT MAX(a.id + b.id) FROM big a, big b, big c, big d";
                running.add(pool.submit(() -> s.execute(s.prepare(sql), new Object[0], c)));
            }
            for (int t = 0; t < threads; t++) {
                awaitProgress(flags.get(t), 4096L * (1 + random.nextInt(200)), running.get(t));
                flags.get(t).cancel();
            }
            for (int t = 0; t < threads; t++) {
                try {
                    running.get(t).get(STOP_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
                    throw new AssertionError("session " + t + " was not cancelled");
                } catch (java.util.concurrent.ExecutionException e) {
                    assertEquals(SqlState.QUERY_CANCELED, ((VersoException) e.getCause()).sqlState());
                }
                assertEquals(List.of(row(100L)), rows(sessions.get(t).execute("SELECT COUNT(*) FROM big")));
            }
        } finally {
            pool.shutdownNow();
            sessions.forEach(Session::close);
        }
        assertEquals(0, database.activeTransactions());
    }

    /** A statement that is still being planned is cancelled too: planning checks the flag it is given. */
    @Test
    void planningStopsWhenTheFlagIsSet() {
        Cancellation cancelled = new Cancellation();
        cancelled.cancel();
        VersoException e = assertThrows(VersoException.class,
            () -> session.prepare("SELECT COUNT(*) FROM big a, big b, big c WHERE a.id = c.id AND b.id = c.id",
                cancelled));
        assertEquals(SqlState.QUERY_CANCELED, e.sqlState(), e.getMessage());
        // nothing half-planned was cached: the same text plans and runs with a fresh flag
        assertEquals(List.of(row(100L)), query("SELECT COUNT(*) FROM big a, big b, big c WHERE a.id = c.id"
            + " AND b.id = c.id"));
    }
}
