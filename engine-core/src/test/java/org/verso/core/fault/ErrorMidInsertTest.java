package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.RowCursor;
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
 * An {@link Error} (an OutOfMemoryError, say) thrown in the middle of an insert, after the row's version is being
 * written and before its key is in the index, must leave nothing behind that blocks the key: once the failed
 * transaction is rolled back, another transaction inserts the same key at once, and the failed row never appears.
 */
class ErrorMidInsertTest {
    @Test
    void anErrorInTheMiddleOfAnInsertLeavesTheKeyFree(@TempDir Path dir) {
        FailingChannels channels = new FailingChannels();
        try (Database db = Database.open(DatabaseConfig.directory(dir).withChannels(channels))) {
            db.createTable(new TableDefinition(0, "T", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
                new ColumnDefinition("PAD", DataType.varchar(2000), false)), new int[] {0}, TableLayout.SIAS));
            Transaction failed = db.begin(IsolationLevel.SNAPSHOT);
            channels.walWriteError.set(true);
            // One open transaction fills the log buffer until an append must write it out: that write fails.
            Integer failedKey = null;
            for (int id = 0; id < 10_000 && failedKey == null; id++) {
                try {
                    db.table("T").insert(failed, new Object[] {id, "x".repeat(1500)});
                } catch (OutOfMemoryError expected) {
                    failedKey = id;
                }
            }
            assertNotNull(failedKey, "the simulated error was thrown by an insert");
            failed.rollback();
            int key = failedKey;
            Assertions.assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                db.table("T").insert(tx, new Object[] {key, "again"});
                tx.commit();
            }, "the key of the failed insert can be inserted again");
            Transaction check = db.begin(IsolationLevel.SNAPSHOT);
            try (RowCursor c = db.table("T").lookup(check, new Object[] {key})) {
                assertTrue(c.next());
                assertEquals("again", c.row()[1]);
            }
            int rows = 0;
            try (RowCursor c = db.table("T").scan(check)) {
                while (c.next()) {
                    rows++;
                }
            }
            assertEquals(1, rows, "nothing of the rolled-back transaction is visible");
            check.commit();
        }
    }
}
