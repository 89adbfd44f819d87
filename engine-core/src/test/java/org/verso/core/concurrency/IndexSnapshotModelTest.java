package org.verso.core.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
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
import org.verso.core.table.IndexRange;
import org.verso.core.table.Table;
import org.verso.core.tx.IsolationLevel;
import org.verso.core.tx.Transaction;

/**
 * Every lookup and range scan through an index returns exactly the rows its snapshot sees, checked against a
 * reference model while writers insert, update (changing the indexed key or not) and delete concurrently and old
 * versions are forgotten in the background. Run for each index kind, in memory and on files (the B+tree on pages).
 *
 * <p>The model is a sequence of immutable table states, one per commit. Commits and snapshots are taken under one
 * test lock, so each snapshot's expected state is known exactly; everything else (the writes, every read, the
 * conflicts and waits between writers, forgetting versions) runs concurrently.
 */
class IndexSnapshotModelTest {
    private static final int IDS = 60;
    private static final int GROUPS = 8;
    private static final int WRITERS = 4;
    private static final int READERS = 3;
    private static final int TRANSACTIONS_PER_WRITER = 300;

    private final Object commitLock = new Object();
    // The committed state: id -> {grp, val}; replaced, never changed, at every commit.
    private volatile NavigableMap<Integer, long[]> committed = new TreeMap<>();

    static Stream<Arguments> kindsAndStorage() {
        return Stream.of(Arguments.of(IndexKind.MVIDX, false), Arguments.of(IndexKind.BTREE, false),
            Arguments.of(IndexKind.MVIDX, true), Arguments.of(IndexKind.BTREE, true));
    }

    @ParameterizedTest(name = "{0} on files: {1}")
    @MethodSource("kindsAndStorage")
    void everyIndexReadReturnsExactlyWhatItsSnapshotSees(IndexKind kind, boolean onFiles, @TempDir Path dir)
        throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("IndexSnapshotModelTest seed=" + seed + " kind=" + kind + " files=" + onFiles);
        DatabaseConfig config = onFiles ? DatabaseConfig.directory(dir).withCacheBytes(1 << 20)
            : DatabaseConfig.inMemory("index-model-" + seed);
        try (Database db = Database.open(config)) {
            db.createTable(new TableDefinition(0, "T", List.of(
                new ColumnDefinition("ID", DataType.of(ValueType.INTEGER), false),
                new ColumnDefinition("GRP", DataType.of(ValueType.INTEGER), false),
                new ColumnDefinition("VAL", DataType.of(ValueType.BIGINT), false)), TableLayout.SIAS,
                List.of(IndexDefinition.of("T_PKEY", new int[] {0}, true, kind, IndexOrigin.PRIMARY_KEY))));
            db.createIndex("T", IndexDefinition.of("T_GRP", new int[] {1}, false, kind, IndexOrigin.CREATE_INDEX));
            Table table = db.table("T");

            Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
            AtomicBoolean writing = new AtomicBoolean(true);
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS + READERS + 1);
            List<Future<?>> writers = new ArrayList<>();
            List<Future<?>> others = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                Random random = new Random(seed * 31 + w);
                writers.add(pool.submit(() -> {
                    for (int n = 0; n < TRANSACTIONS_PER_WRITER; n++) {
                        write(db, table, random, outcomes, seed);
                    }
                    return null;
                }));
            }
            for (int r = 0; r < READERS; r++) {
                Random random = new Random(seed * 37 + r);
                others.add(pool.submit(() -> {
                    while (writing.get()) {
                        read(db, table, random, outcomes, seed);
                    }
                    return null;
                }));
            }
            others.add(pool.submit(() -> {
                while (writing.get()) {
                    db.forgetVersions();
                    Thread.sleep(1);
                }
                return null;
            }));
            pool.shutdown();
            try {
                for (Future<?> f : writers) {
                    f.get(3, TimeUnit.MINUTES);
                }
            } catch (TimeoutException e) {
                fail("seed " + seed + ": writers did not finish");
            } finally {
                writing.set(false);
            }
            for (Future<?> f : others) {
                f.get(1, TimeUnit.MINUTES);
            }
            System.out.println("outcomes: " + new HashMap<>(outcomes));
            assertTrue(outcomes.getOrDefault("commit", new AtomicLong()).get() > WRITERS * 20L,
                "seed " + seed + ": hardly anything committed: " + outcomes);
            assertTrue(outcomes.getOrDefault("checked read", new AtomicLong()).get() > 100,
                "seed " + seed + ": hardly anything read: " + outcomes);
            read(db, table, new Random(seed), outcomes, seed);
        }
    }

    /** Begins a transaction and fixes its snapshot where the model knows exactly what it sees. */
    private NavigableMap<Integer, long[]> begin(Transaction tx) {
        synchronized (commitLock) {
            tx.snapshot();
            return committed;
        }
    }

    /** One writer transaction of 1-4 random writes; the model learns of it only if it commits. */
    private void write(Database db, Table table, Random random, Map<String, AtomicLong> outcomes, long seed) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        NavigableMap<Integer, long[]> base = begin(tx);
        NavigableMap<Integer, long[]> mine = new TreeMap<>(base);
        Map<Integer, long[]> writes = new HashMap<>();
        try {
            int steps = 1 + random.nextInt(4);
            for (int s = 0; s < steps; s++) {
                int id = random.nextInt(IDS);
                long val = random.nextLong(1_000_000);
                List<Object[]> found = rows(table.lookup(tx, new Object[] {id}));
                checkRows("own lookup of " + id, expected(mine, id, id), found, seed);
                if (found.isEmpty()) {
                    long[] row = {random.nextInt(GROUPS), val};
                    table.insert(tx, new Object[] {id, (int) row[0], row[1]});
                    mine.put(id, row);
                    writes.put(id, row);
                    continue;
                }
                long rowId = rowIdOf(table, tx, id);
                if (random.nextInt(6) == 0) {
                    table.delete(tx, rowId);
                    mine.remove(id);
                    writes.put(id, null);
                } else {
                    long grp = random.nextBoolean() ? random.nextInt(GROUPS) : mine.get(id)[0];
                    long[] row = {grp, val};
                    table.update(tx, rowId, new Object[] {id, (int) grp, val});
                    mine.put(id, row);
                    writes.put(id, row);
                }
            }
            int group = random.nextInt(GROUPS);
            checkRows("own lookup of group " + group, byGroup(mine, group, group), rows(table.lookup(tx, "T_GRP",
                new Object[] {group})), seed);
            if (random.nextInt(8) == 0) {
                tx.rollback();
                count(outcomes, "rollback");
                return;
            }
            synchronized (commitLock) {
                tx.commit();
                NavigableMap<Integer, long[]> next = new TreeMap<>(committed);
                writes.forEach((id, row) -> {
                    if (row == null) {
                        next.remove(id);
                    } else {
                        next.put(id, row);
                    }
                });
                committed = Collections.unmodifiableNavigableMap(next);
            }
            count(outcomes, "commit");
        } catch (VersoException e) {
            // A write conflict, a duplicate key, or two inserters waiting for each other's keys: all expected.
            if (!List.of("40001", "23505", "40P01").contains(e.sqlState())) {
                throw e;
            }
            count(outcomes, e.sqlState());
            if (tx.isActive()) {
                tx.rollback();
            }
        }
    }

    private static long rowIdOf(Table table, Transaction tx, int id) {
        try (RowCursor row = table.lookup(tx, new Object[] {id})) {
            assertTrue(row.next());
            return row.rowId();
        }
    }

    /** A reader transaction: point lookups and range scans in both directions through both indexes. */
    private void read(Database db, Table table, Random random, Map<String, AtomicLong> outcomes, long seed) {
        Transaction tx = db.begin(IsolationLevel.SNAPSHOT);
        NavigableMap<Integer, long[]> seen = begin(tx);
        for (int i = 0; i < 6; i++) {
            int a = random.nextInt(IDS);
            int b = a + random.nextInt(12);
            boolean descending = random.nextBoolean();
            switch (random.nextInt(4)) {
                case 0 -> checkRows("lookup " + a, expected(seen, a, a), rows(table.lookup(tx, new Object[] {a})),
                    seed);
                case 1 -> checkOrdered("ids " + a + ".." + b + (descending ? " desc" : ""), expected(seen, a, b),
                    rows(table.scan(tx, "T_PKEY", new IndexRange(new Object[] {a}, true, new Object[] {b}, true),
                        descending)), descending, seed);
                case 2 -> checkRows("group " + (a % GROUPS), byGroup(seen, a % GROUPS, a % GROUPS),
                    rows(table.lookup(tx, "T_GRP", new Object[] {a % GROUPS})), seed);
                default -> {
                    int low = a % GROUPS;
                    int high = low + 2;
                    List<Object[]> found = rows(table.scan(tx, "T_GRP",
                        new IndexRange(new Object[] {low}, false, new Object[] {high}, true), descending));
                    checkRows("groups (" + low + ", " + high + "]", byGroup(seen, low + 1, high), found, seed);
                    for (int k = 1; k < found.size(); k++) {
                        int previous = (Integer) found.get(k - 1)[1];
                        int current = (Integer) found.get(k)[1];
                        assertTrue(descending ? previous >= current : previous <= current,
                            "seed " + seed + ": groups out of order");
                    }
                }
            }
            count(outcomes, "checked read");
        }
        tx.commit();
    }

    private static List<String> expected(NavigableMap<Integer, long[]> state, int low, int high) {
        List<String> out = new ArrayList<>();
        state.subMap(low, true, high, true).forEach((id, row) -> out.add(id + ":" + row[0] + ":" + row[1]));
        return out;
    }

    private static List<String> byGroup(NavigableMap<Integer, long[]> state, int low, int high) {
        List<String> out = new ArrayList<>();
        state.forEach((id, row) -> {
            if (row[0] >= low && row[0] <= high) {
                out.add(id + ":" + row[0] + ":" + row[1]);
            }
        });
        return out;
    }

    private static List<Object[]> rows(RowCursor cursor) {
        List<Object[]> out = new ArrayList<>();
        try (cursor) {
            while (cursor.next()) {
                out.add(cursor.row().clone());
            }
        }
        return out;
    }

    private static List<String> render(List<Object[]> rows) {
        List<String> out = new ArrayList<>();
        for (Object[] row : rows) {
            out.add(row[0] + ":" + row[1] + ":" + row[2]);
        }
        return out;
    }

    private static void checkRows(String what, List<String> expected, List<Object[]> found, long seed) {
        List<String> got = new ArrayList<>(render(found));
        Collections.sort(got);
        List<String> want = new ArrayList<>(expected);
        Collections.sort(want);
        assertEquals(want, got, "seed " + seed + ": " + what);
    }

    private static void checkOrdered(String what, List<String> ascending, List<Object[]> found, boolean descending,
                                     long seed) {
        List<String> want = new ArrayList<>(ascending);
        if (descending) {
            Collections.reverse(want);
        }
        assertEquals(want, render(found), "seed " + seed + ": " + what);
    }

    private static void count(Map<String, AtomicLong> outcomes, String what) {
        outcomes.computeIfAbsent(what, k -> new AtomicLong()).incrementAndGet();
    }
}
