package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
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
import org.verso.storage.io.IoCounters;
import org.verso.storage.io.PageKind;

/**
 * Checkpoints while many threads append: no heap page is written twice or anywhere but at the end of its table's
 * file (SIAS's promise), and no page image reaches the disk with changes the log does not hold yet, all counted by
 * the engine's own I/O accounting; the rows are all there after reopening.
 */
class CheckpointUnderLoadTest {
    @Test
    void checkpointsNeverRewriteOrTearAppendPages(@TempDir Path dir) throws Exception {
        long seed = System.nanoTime();
        System.out.println("CheckpointUnderLoadTest seed=" + seed);
        int threads = 3;
        int rowsEach = 1500;
        try (Database db = Database.open(DatabaseConfig.directory(dir).withCacheBytes(64 * 8192))) {
            db.createTable(new TableDefinition(0, "T", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
                new ColumnDefinition("PAD", DataType.varchar(300), false)), new int[] {0}, TableLayout.SIAS));
            AtomicBoolean done = new AtomicBoolean();
            AtomicInteger checkpoints = new AtomicInteger();
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            Thread checkpointer = new Thread(() -> {
                while (!done.get()) {
                    try {
                        db.checkpoint();
                        checkpoints.incrementAndGet();
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }
            });
            List<Thread> writers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int base = t * rowsEach;
                writers.add(new Thread(() -> {
                    for (int i = 0; i < rowsEach; i++) {
                        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                        try {
                            db.table("T").insert(tx, new Object[] {base + i, "p".repeat(50 + (i % 250))});
                            tx.commit();
                        } catch (Throwable e) {
                            failures.add(e);
                            tx.rollback();
                        }
                    }
                }));
            }
            checkpointer.start();
            writers.forEach(Thread::start);
            for (Thread w : writers) {
                w.join();
            }
            done.set(true);
            checkpointer.join();
            db.checkpoint();
            assertTrue(failures.isEmpty(), () -> "seed " + seed + ": " + failures);
            assertTrue(checkpoints.get() > 1, "checkpoints ran during the inserts");
            IoCounters heap = db.io().total(PageKind.HEAP);
            assertEquals(0, heap.randomWrites(), "seed " + seed + ": every heap page written at its file's end");
            assertEquals(db.table("T").heapStatistics().pages(), heap.pagesWritten(),
                "seed " + seed + ": every heap page written exactly once");
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            try (RowCursor views = db.readable("SYS.BUFFER_POOL").scan(tx)) {
                assertTrue(views.next());
                assertEquals(0L, views.row()[4], "seed " + seed + ": pages written with changes the log lacked");
            }
            tx.commit();
        }
        try (Database db = Database.open(DatabaseConfig.directory(dir))) {
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            long rows = 0;
            try (RowCursor c = db.table("T").scan(tx)) {
                while (c.next()) {
                    rows++;
                }
            }
            tx.commit();
            assertEquals((long) threads * rowsEach, rows);
        }
    }
}
