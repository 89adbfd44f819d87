package org.verso.core.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
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
 * Tables dropped and created again while other threads scan them and insert into another table, in a buffer pool
 * too small to hold them: a scan of the dropped table may fail (its table or file is gone), but no frame a reader
 * still pins is ever reused, so the other table loses nothing and the pool stays consistent.
 */
class DropDuringScanTest {
    private static TableDefinition table(String name) {
        return new TableDefinition(0, name, List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.BIGINT), false),
            new ColumnDefinition("PAD", DataType.varchar(200), true)), new int[] {0}, TableLayout.SIAS);
    }

    @Test
    void droppingATableUnderScansNeverCorruptsAnotherTable(@TempDir Path dir) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("DropDuringScanTest seed=" + seed);
        String pad = "x".repeat(180);
        try (Database db = Database.open(DatabaseConfig.directory(dir).withCacheBytes(32 * 8192))) {
            db.createTable(table("A"));
            db.createTable(table("B"));
            fill(db, "A", 400, pad);
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong inserted = new AtomicLong();
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            Set<String> expected = Set.of("42P01", "58030");
            List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < 3; s++) {
                threads.add(new Thread(() -> {
                    while (!stop.get()) {
                        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                        try (RowCursor rows = db.table("A").scan(tx)) {
                            while (rows.next()) {
                                if (rows.row().length != 2) {
                                    failures.add(new AssertionError("a row of the wrong table"));
                                }
                            }
                        } catch (VersoException e) {
                            if (!expected.contains(e.sqlState())) {
                                failures.add(e);
                            }
                        } catch (Throwable e) {
                            failures.add(e);
                        } finally {
                            tx.rollback();
                        }
                    }
                }));
            }
            threads.add(new Thread(() -> {
                long id = 0;
                while (!stop.get()) {
                    Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                    try {
                        db.table("B").insert(tx, new Object[] {id, pad});
                        tx.commit();
                        inserted.incrementAndGet();
                        id++;
                    } catch (Throwable e) {
                        failures.add(e);
                        tx.rollback();
                    }
                }
            }));
            threads.forEach(Thread::start);
            Random random = new Random(seed);
            for (int round = 0; round < 15 && failures.isEmpty(); round++) {
                db.dropTable("A");
                db.createTable(table("A"));
                fill(db, "A", 100 + random.nextInt(300), pad);
            }
            stop.set(true);
            for (Thread t : threads) {
                t.join(TimeUnit.MINUTES.toMillis(1));
            }
            assertTrue(failures.isEmpty(), () -> "seed " + seed + ": " + failures);
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            long count = 0;
            try (RowCursor rows = db.table("B").scan(tx)) {
                while (rows.next()) {
                    count++;
                }
            }
            tx.commit();
            assertEquals(inserted.get(), count, "seed " + seed);
        }
    }

    private static void fill(Database db, String name, int rows, String pad) {
        Table t = db.table(name);
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        for (long i = 0; i < rows; i++) {
            t.insert(tx, new Object[] {i, pad});
        }
        tx.commit();
    }
}
