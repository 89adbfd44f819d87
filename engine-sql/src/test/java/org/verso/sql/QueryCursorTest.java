package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.sql.api.Cancellation;
import org.verso.sql.api.ResultRows;

/** Query rows stream from the operators, and a cursor holds its transaction exactly as long as it is open. */
class QueryCursorTest extends SqlTestSupport {
    @BeforeEach
    void createTable() {
        execute("CREATE TABLE big (id INT NOT NULL, PRIMARY KEY (id))");
        StringBuilder values = new StringBuilder("INSERT INTO big VALUES (0)");
        for (int i = 1; i < 100; i++) {
            values.append(", (").append(i).append(')');
        }
        update(values.toString());
    }

    @Test
    void limitOverAHugeCrossJoinReadsOnlyWhatItReturns() {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        execute("SELECT 1 FROM (VALUES (0))"); // warm up the planner, whose allocations are not the point
        long before = threads.getThreadAllocatedBytes(thread);
        Cancellation cancellation = new Cancellation();
        List<List<Object>> rows;
        try (ResultRows r = session.execute(session.prepare(
            "SELECT a.id, b.id FROM big a, big b, big x, big y LIMIT 5"), new Object[0], cancellation).rows()) {
            rows = drain(r);
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        System.out.println("LIMIT 5 over 10^8 joined rows: " + allocated / 1024 + " KiB allocated, "
            + cancellation.progress() + " rows checked");
        assertEquals(5, rows.size());
        // Materialising the 10^8 rows would allocate gigabytes; streaming needs the 300 rows of the inner inputs.
        assertTrue(allocated < 64L << 20, "allocated " + allocated);
        assertTrue(cancellation.progress() < 100_000, "rows checked " + cancellation.progress());
    }

    private static List<List<Object>> drain(ResultRows r) {
        List<List<Object>> rows = new java.util.ArrayList<>();
        while (r.next()) {
            rows.add(List.of(r.get(0), r.get(1)));
        }
        return rows;
    }

    @Test
    void anAutocommitCursorKeepsItsSnapshotUntilItEnds() {
        ResultRows cursor = session.execute("SELECT id FROM big WHERE id < 3 ORDER BY id").rows();
        assertEquals(1, database.activeTransactions(), "the query's transaction stays open with its cursor");
        assertFalse(session.inTransaction(), "it is the cursor's, not the session's");
        update("DELETE FROM big WHERE id < 3"); // another statement of the session, in its own transaction
        try (Session other = engine.openSession()) {
            assertEquals(List.of(row(97L)), rows(other.execute("SELECT COUNT(*) FROM big")));
        }
        int seen = 0;
        while (cursor.next()) {
            assertEquals(seen++, cursor.get(0), "the cursor reads the snapshot of its execution");
        }
        assertEquals(3, seen);
        assertEquals(0, database.activeTransactions(), "exhausting the cursor ended its transaction");
        assertFalse(cursor.isClosed(), "exhausted is not closed");
        cursor.close();
        assertTrue(cursor.isClosed());
    }

    @Test
    void closingTheCursorOrTheSessionEndsTheQuerysTransaction() {
        ResultRows first = session.execute("SELECT id FROM big").rows();
        assertTrue(first.next());
        first.close();
        assertEquals(0, database.activeTransactions());
        assertFalse(first.next());

        Session other = engine.openSession();
        ResultRows open = other.execute("SELECT id FROM big").rows();
        assertEquals(1, other.openCursors());
        other.close();
        assertTrue(open.isClosed());
        assertEquals(0, database.activeTransactions());
    }

    @Test
    void commitAndRollbackCloseTheCursorsOfTheirTransaction() {
        session.setAutoCommit(false);
        ResultRows cursor = session.execute("SELECT id FROM big ORDER BY id").rows();
        assertTrue(cursor.next());
        update("UPDATE big SET id = id + 1000 WHERE id = 99");
        session.commit();
        assertTrue(cursor.isClosed());
        assertFalse(cursor.next());
        assertEquals(0, database.activeTransactions());
        ResultRows again = session.execute("SELECT id FROM big").rows();
        session.rollback();
        assertTrue(again.isClosed());
        assertEquals(List.of(row(1L)), query("SELECT COUNT(*) FROM big WHERE id = 1099"));
    }

    @Test
    void errorsBeforeTheFirstRowFailTheExecutionAndLaterOnesTheRead() {
        assertFails("22012", "SELECT id / (id - 0) FROM big WHERE id = 0");
        assertEquals(0, database.activeTransactions());
        // no ORDER BY: the scan streams, so the row with id 50 is met only after 50 rows were read
        ResultRows cursor = session.execute("SELECT 10 / (id - 50) FROM big").rows();
        int read = 0;
        try {
            while (cursor.next()) {
                read++;
            }
            throw new AssertionError("the division by zero at id 50 was not reported");
        } catch (org.verso.common.VersoException e) {
            assertEquals("22012", e.sqlState());
        }
        assertEquals(50, read);
        assertEquals(0, database.activeTransactions(), "the failed query's transaction ended");
        assertEquals(List.of(row(100L)), query("SELECT COUNT(*) FROM big"), "the session goes on");
    }
}
