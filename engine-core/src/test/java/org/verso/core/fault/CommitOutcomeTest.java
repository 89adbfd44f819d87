package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
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
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * What a client is told when the log cannot be forced at commit, and that recovery agrees with it: a commit whose
 * voiding ABORT record was made durable definitely failed (the original error) and never reappears; a commit whose
 * ABORT could not be forced either is reported as of unknown outcome (08007), its writes are never visible, and once
 * the log can be forced again, the next commit makes the ABORT durable with it, so the failed commit stays void after
 * a restart.
 */
class CommitOutcomeTest {
    private static TableDefinition table() {
        return new TableDefinition(0, "T", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false)), new int[] {0}, TableLayout.SIAS);
    }

    private static boolean present(Database db, int id) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        try (RowCursor row = db.table("T").lookup(tx, new Object[] {id})) {
            return row.next();
        } finally {
            tx.commit();
        }
    }

    private static void insert(Database db, int id) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        db.table("T").insert(tx, new Object[] {id});
        tx.commit();
    }

    @Test
    void aCommitWhoseAbortIsDurableFailedForCertain(@TempDir Path dir) {
        FailingChannels channels = new FailingChannels();
        try (Database db = Database.open(DatabaseConfig.directory(dir).withChannels(channels))) {
            db.createTable(table());
            insert(db, 1);
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            db.table("T").insert(tx, new Object[] {2});
            // The COMMIT record's force fails; the ABORT record's force then succeeds.
            channels.walForceFailures.set(1);
            VersoException e = assertThrows(VersoException.class, tx::commit);
            assertEquals("58030", e.sqlState(), e.getMessage());
            assertFalse(tx.isActive());
            assertFalse(present(db, 2), "a failed commit is never visible");
            insert(db, 3);
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            assertTrue(present(db, 1));
            assertFalse(present(db, 2), "the failed commit did not come back after a restart");
            assertTrue(present(db, 3));
        }
    }

    @Test
    void aCommitThatCouldNotBeVoidedDurablyHasAnUnknownOutcome(@TempDir Path dir) {
        FailingChannels channels = new FailingChannels();
        try (Database db = Database.open(DatabaseConfig.directory(dir).withChannels(channels))) {
            db.createTable(table());
            insert(db, 1);
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            db.table("T").insert(tx, new Object[] {2});
            channels.forceFails.set(true);
            VersoException e = assertThrows(VersoException.class, tx::commit);
            assertEquals("08007", e.sqlState(), e.getMessage());
            assertEquals("58030", ((VersoException) e.getCause()).sqlState());
            assertFalse(present(db, 2), "no reader sees a commit of unknown outcome");
            channels.forceFails.set(false);
            insert(db, 3);
            assertFalse(present(db, 2));
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            assertTrue(present(db, 1));
            assertFalse(present(db, 2), "a later durable commit made the voiding ABORT durable too");
            assertTrue(present(db, 3));
        }
    }
}
