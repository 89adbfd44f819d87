package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.RowCursor;
import org.verso.common.VersoException;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.Database;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.ColumnDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * A writer that loses a write conflict to a commit whose log force is still running is told so (40001) only once
 * that commit is visible: the retry the client then makes begins on a snapshot that holds the winner's row and
 * succeeds, instead of losing to the same commit again for as long as the force takes.
 */
class ConflictRetryTest {
    @Test
    void theRetryOfALostWriteConflictSeesTheWinnersCommit(@TempDir Path dir) throws Exception {
        FailingChannels channels = new FailingChannels();
        ExecutorService exec = Executors.newFixedThreadPool(2);
        try (Database db = Database.open(DatabaseConfig.directory(dir).withChannels(channels))) {
            db.createTable(new TableDefinition(0, "COUNTER", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
                new ColumnDefinition("N", DataType.of(ValueType.BIGINT), false)), new int[] {0}, TableLayout.SIAS));
            Table t = db.table("COUNTER");
            Transaction load = db.begin(IsolationLevel.SNAPSHOT);
            t.insert(load, new Object[] {1, 0L});
            load.commit();

            // The winner's commit stamps its version and then waits for its force, which the disk holds up.
            CountDownLatch gate = new CountDownLatch(1);
            channels.walForceGate.set(gate);
            Transaction winner = db.begin(IsolationLevel.SNAPSHOT);
            increment(t, winner);
            Future<?> committed = exec.submit(winner::commit);
            assertTrue(channels.walForceEntered.await(10, TimeUnit.SECONDS), "the winner's force began");
            // The disk answers a while later; without waiting for the winner, the loser and its retry would both be
            // refused before that.
            exec.submit(() -> {
                Thread.sleep(300);
                channels.walForceGate.set(null);
                gate.countDown();
                return null;
            });

            Transaction loser = db.begin(IsolationLevel.SNAPSHOT);
            VersoException lost = assertThrows(VersoException.class, () -> increment(t, loser));
            assertEquals("40001", lost.sqlState(), lost.getMessage());
            Transaction retry = db.begin(IsolationLevel.SNAPSHOT);
            increment(t, retry);
            retry.commit();
            committed.get(10, TimeUnit.SECONDS);

            Transaction check = db.begin(IsolationLevel.SNAPSHOT);
            try (RowCursor row = t.lookup(check, new Object[] {1})) {
                assertTrue(row.next());
                assertEquals(2L, row.row()[1], "the winner's and the retry's increments");
            }
            check.commit();
        } finally {
            exec.shutdownNow();
        }
    }

    private static void increment(Table t, Transaction tx) {
        try (RowCursor row = t.lookup(tx, new Object[] {1})) {
            assertTrue(row.next());
            t.update(tx, row.rowId(), new Object[] {1, (Long) row.row()[1] + 1});
        }
    }
}
