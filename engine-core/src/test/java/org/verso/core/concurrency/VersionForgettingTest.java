package org.verso.core.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
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
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.IndexKind;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.TableLayout;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * Versions that no running snapshot can see are forgotten, so a steady update workload runs in bounded directory
 * memory, while every running snapshot keeps seeing exactly its versions.
 */
class VersionForgettingTest {
    private static final int ACCOUNTS = 32;
    private static final long INITIAL = 1000;

    private static TableDefinition accounts() {
        return new TableDefinition(0, "ACCOUNTS", List.of(
            new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
            new ColumnDefinition("BALANCE", DataType.of(ValueType.BIGINT), false)), new int[] {0}, TableLayout.SIAS);
    }

    private static Database open(String name) {
        Database db = Database.open(DatabaseConfig.inMemory(name));
        db.createTable(accounts());
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        for (int i = 0; i < ACCOUNTS; i++) {
            db.table("ACCOUNTS").insert(tx, new Object[] {i, INITIAL});
        }
        tx.commit();
        return db;
    }

    private static void add(Table t, Transaction tx, int id, long delta) {
        try (RowCursor c = t.lookup(tx, new Object[] {id})) {
            assertTrue(c.next());
            t.update(tx, c.rowId(), new Object[] {id, (Long) c.row()[1] + delta});
        }
    }

    private static long total(Table t, Transaction tx) {
        long sum = 0;
        try (RowCursor rows = t.scan(tx)) {
            while (rows.next()) {
                sum += (Long) rows.row()[1];
            }
        }
        return sum;
    }

    @Test
    void aSteadyUpdateWorkloadRunsInBoundedMemoryUntilAnOldSnapshotHoldsVersions() {
        try (Database db = open("forget-bounded")) {
            Table t = db.table("ACCOUNTS");
            for (int round = 0; round < 200; round++) {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                for (int i = 0; i < ACCOUNTS; i++) {
                    add(t, tx, i, 1);
                }
                tx.commit();
                db.forgetVersions();
            }
            long steady = t.heapStatistics().versionNodes();
            assertTrue(steady <= 2L * ACCOUNTS, "after 6,400 updates the directory holds " + steady + " nodes");

            Transaction old = db.begin(IsolationLevel.SNAPSHOT);
            long seen = total(t, old);
            for (int round = 0; round < 50; round++) {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                for (int i = 0; i < ACCOUNTS; i++) {
                    add(t, tx, i, 1);
                }
                tx.commit();
                db.forgetVersions();
            }
            assertTrue(t.heapStatistics().versionNodes() >= 50L * ACCOUNTS,
                "versions the old snapshot may read are kept");
            assertEquals(seen, total(t, old), "the old snapshot still reads its versions");
            old.commit();
            db.forgetVersions();
            db.forgetVersions();
            assertTrue(t.heapStatistics().versionNodes() <= 2L * ACCOUNTS,
                "released once the old snapshot ended: " + t.heapStatistics().versionNodes());
        }
    }

    /**
     * Closing forgets what no snapshot needs before its last checkpoint: versions that an old snapshot held until just
     * before the close, and the index entries only they had, are gone when the database opens again, where they would
     * otherwise stay for good (a restart keeps only each row's newest version, and the entries of the others would
     * never be found again).
     */
    @Test
    void closingForgetsWhatNoSnapshotNeeds(@TempDir Path dir) {
        DatabaseConfig config = DatabaseConfig.directory(dir);
        try (Database db = Database.open(config)) {
            db.createTable(accounts());
            db.createIndex("ACCOUNTS", IndexDefinition.of("ACCOUNTS_BALANCE", new int[] {1}, false, IndexKind.BTREE,
                IndexOrigin.CREATE_INDEX));
            Table t = db.table("ACCOUNTS");
            Transaction old = db.begin(IsolationLevel.SNAPSHOT);
            assertEquals(0, countRows(t, old), "the old snapshot is taken before any row is written");
            for (int i = 0; i < 500; i++) {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                t.insert(tx, new Object[] {i, (long) i});
                tx.commit();
                tx = db.begin(IsolationLevel.SNAPSHOT);
                if (i % 10 == 0) {
                    add(t, tx, i, 1);
                } else {
                    try (RowCursor c = t.lookup(tx, new Object[] {i})) {
                        assertTrue(c.next());
                        t.delete(tx, c.rowId());
                    }
                }
                tx.commit();
            }
            assertTrue(t.indexStatistics().get("ACCOUNTS_PKEY").entries() >= 500, "the old snapshot holds them");
            old.commit();
        }
        try (Database db = Database.open(config)) {
            Table t = db.table("ACCOUNTS");
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            assertEquals(50, countRows(t, tx));
            tx.commit();
            assertEquals(50, t.indexStatistics().get("ACCOUNTS_PKEY").entries(), "one entry per live row");
            assertEquals(50, t.indexStatistics().get("ACCOUNTS_BALANCE").entries(),
                "one entry per live row's version");
            assertEquals(50, t.heapStatistics().versionNodes());
        }
    }

    private static int countRows(Table t, Transaction tx) {
        int n = 0;
        try (RowCursor rows = t.scan(tx)) {
            while (rows.next()) {
                n++;
            }
        }
        return n;
    }

    /**
     * An update that changes an indexed key adds an entry and leaves the old one for older snapshots; once no
     * snapshot can see the old version, its entry goes too, so the index holds one entry per live row however often
     * the keys change, and lookups by any key still find exactly the live rows.
     */
    @Test
    void indexEntriesOfForgottenVersionsAreDropped() {
        try (Database db = open("forget-index")) {
            db.createIndex("ACCOUNTS", org.verso.core.catalog.IndexDefinition.of("ACCOUNTS_BALANCE", new int[] {1},
                false, org.verso.core.catalog.IndexKind.MVIDX, org.verso.core.catalog.IndexOrigin.CREATE_INDEX));
            Table t = db.table("ACCOUNTS");
            Transaction old = db.begin(IsolationLevel.SNAPSHOT);
            long seen = total(t, old);
            for (int round = 0; round < 100; round++) {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                for (int i = 0; i < ACCOUNTS; i++) {
                    add(t, tx, i, 1);
                }
                tx.commit();
                db.forgetVersions();
            }
            assertTrue(t.indexStatistics().get("ACCOUNTS_BALANCE").entries() >= 100L * ACCOUNTS,
                "entries an old snapshot may read through are kept");
            assertEquals(seen, total(t, old));
            try (RowCursor c = t.lookup(old, "ACCOUNTS_BALANCE", new Object[] {INITIAL})) {
                int found = 0;
                while (c.next()) {
                    found++;
                }
                assertEquals(ACCOUNTS, found, "the old snapshot finds its rows by their old key");
            }
            old.commit();
            db.forgetVersions();
            db.forgetVersions();
            assertEquals(ACCOUNTS, t.indexStatistics().get("ACCOUNTS_BALANCE").entries(),
                "after 3,200 key changes the index holds one entry per row");
            assertEquals(ACCOUNTS, t.indexStatistics().get("ACCOUNTS_PKEY").entries());
            Transaction now = db.begin(IsolationLevel.SNAPSHOT);
            try (RowCursor c = t.lookup(now, "ACCOUNTS_BALANCE", new Object[] {INITIAL + 100})) {
                int found = 0;
                while (c.next()) {
                    found++;
                }
                assertEquals(ACCOUNTS, found);
            }
            now.commit();
        }
    }

    @Test
    void readersKeepTheirSnapshotsWhileVersionsAreForgottenConcurrently() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("VersionForgettingTest seed=" + seed);
        try (Database db = open("forget-concurrent-" + seed)) {
            Table t = db.table("ACCOUNTS");
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong readsChecked = new AtomicLong();
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                Random random = new Random(seed + w);
                threads.add(new Thread(() -> {
                    while (!stop.get()) {
                        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                        try {
                            long amount = 1 + random.nextInt(20);
                            add(t, tx, random.nextInt(ACCOUNTS), -amount);
                            add(t, tx, random.nextInt(ACCOUNTS), amount);
                            tx.commit();
                        } catch (VersoException e) {
                            if (!e.sqlState().startsWith("40")) {
                                failures.add(e);
                            }
                            tx.rollback();
                        }
                    }
                }));
            }
            for (int r = 0; r < 3; r++) {
                Random random = new Random(seed * 7 + r);
                threads.add(new Thread(() -> {
                    try {
                        while (!stop.get()) {
                            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                            int scans = 1 + random.nextInt(20);
                            for (int s = 0; s < scans; s++) {
                                assertEquals(ACCOUNTS * INITIAL, total(t, tx), "seed " + seed);
                                readsChecked.incrementAndGet();
                            }
                            tx.commit();
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            threads.add(new Thread(() -> {
                try {
                    while (!stop.get()) {
                        db.forgetVersions();
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
            threads.forEach(Thread::start);
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
            while (System.nanoTime() < end && failures.isEmpty()) {
                Thread.onSpinWait();
            }
            stop.set(true);
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(60));
            }
            assertTrue(failures.isEmpty(), () -> "seed " + seed + ": " + failures);
            assertTrue(readsChecked.get() > 10, "readers ran");
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            assertEquals(ACCOUNTS * INITIAL, total(t, tx));
            tx.commit();
            System.out.println("consistent scans while forgetting: " + readsChecked.get() + ", nodes left: "
                + t.heapStatistics().versionNodes());
        }
    }
    /**
     * Pruning reads a row's dropped versions only where an index entry may name them alone: updates that keep every
     * index key cost no tuple fetch when their old versions are forgotten, and a row whose key changed is read until
     * its old key's entry is gone, even when later updates kept the key.
     */
    @Test
    void pruningReadsVersionsOnlyOfRowsWhoseKeysChanged() {
        try (Database db = Database.open(DatabaseConfig.inMemory("forget-key-kept"))) {
            db.createTable(new TableDefinition(0, "ITEMS", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
                new ColumnDefinition("GRP", DataType.of(ValueType.INTEGER), false),
                new ColumnDefinition("N", DataType.of(ValueType.BIGINT), false)), new int[] {0}, TableLayout.SIAS));
            db.createIndex("ITEMS", IndexDefinition.of("ITEMS_GRP", new int[] {1}, false, IndexKind.MVIDX,
                IndexOrigin.CREATE_INDEX));
            Table t = db.table("ITEMS");
            Transaction load = db.begin(IsolationLevel.SNAPSHOT);
            for (int i = 0; i < ACCOUNTS; i++) {
                t.insert(load, new Object[] {i, i % 4, 0L});
            }
            load.commit();
            long fetchedWhilePruning = 0;
            for (int round = 0; round < 50; round++) {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                for (int i = 0; i < ACCOUNTS; i++) {
                    change(t, tx, i, null);
                }
                tx.commit();
                fetchedWhilePruning += fetchesOf(db, t);
            }
            assertEquals(0, fetchedWhilePruning, "updates that keep the keys leave nothing to read when pruned");
            assertTrue(t.heapStatistics().versionNodes() <= 2L * ACCOUNTS, "their versions were pruned");

            Transaction old = db.begin(IsolationLevel.SNAPSHOT);
            try (RowCursor rows = t.scan(old)) {
                assertTrue(rows.next(), "the old snapshot is taken");
            }
            Transaction move = db.begin(IsolationLevel.SNAPSHOT);
            change(t, move, 0, 99);
            move.commit();
            for (int round = 0; round < 5; round++) {
                Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
                change(t, tx, 0, null);
                tx.commit();
            }
            db.forgetVersions();
            assertEquals(ACCOUNTS + 1, t.indexStatistics().get("ITEMS_GRP").entries(),
                "the old snapshot still reads row 0 by its old key");
            old.commit();
            long fetched = fetchesOf(db, t) + fetchesOf(db, t);
            assertTrue(fetched > 0, "the row whose key changed was read when its old versions were pruned");
            assertEquals(ACCOUNTS, t.indexStatistics().get("ITEMS_GRP").entries(), "its old key's entry is gone");
            Transaction now = db.begin(IsolationLevel.SNAPSHOT);
            try (RowCursor c = t.lookup(now, "ITEMS_GRP", new Object[] {0})) {
                int found = 0;
                while (c.next()) {
                    found++;
                }
                assertEquals(ACCOUNTS / 4 - 1, found);
            }
            now.commit();
            Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
            change(t, tx, 0, null);
            tx.commit();
            assertEquals(0, fetchesOf(db, t) + fetchesOf(db, t), "settled again: pruning it reads nothing");
        }
    }

    /** Adds 1 to N of row {@code id}, and sets GRP to {@code group} unless it is null. */
    private static void change(Table t, Transaction tx, int id, Integer group) {
        try (RowCursor c = t.lookup(tx, new Object[] {id})) {
            assertTrue(c.next());
            Object[] row = c.row();
            t.update(tx, c.rowId(), new Object[] {id, group == null ? row[1] : group, (Long) row[2] + 1});
        }
    }

    /** Runs one round of forgetting versions; returns the tuples the table's heap fetched meanwhile. */
    private static long fetchesOf(Database db, Table t) {
        long before = t.heapStatistics().tupleFetches();
        db.forgetVersions();
        return t.heapStatistics().tupleFetches() - before;
    }
}
