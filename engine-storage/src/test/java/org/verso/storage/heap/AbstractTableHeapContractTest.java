package org.verso.storage.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.RowCursor;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.storage.StorageEngine;
import org.verso.storage.StorageOptions;
import org.verso.storage.io.IoCounters;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.tuple.RowCodec;
import org.verso.storage.version.Snapshot;
import org.verso.storage.version.VersionWord;

/**
 * The contract every heap layout keeps: one test per visibility rule of {@link TableHeap}, the write-decision
 * protocol, undo, rebuild at open, and the layout's own I/O contract ({@link #checkWritePattern}). A layout's test
 * class extends this one and names the layout.
 */
public abstract class AbstractTableHeapContractTest {
    private static final int PAGE = 4096;
    private static final int INSERTS_PER_PASS = 500;
    private final RowCodec codec = new RowCodec(List.of(DataType.of(ValueType.INTEGER), DataType.varchar(100)));
    private final List<long[]> installed = new ArrayList<>();

    /** The catalog name of the layout under test. */
    protected abstract String layout();

    /**
     * Checks what the layout promises about its writes, from the engine's I/O counters of a heap that took 200
     * inserts and 20 rounds of updates of every row, then was flushed.
     */
    protected abstract void checkWritePattern(IoCounters heapIo, long heapPages);

    private StorageEngine memory() {
        StorageEngine storage = StorageEngine.inMemory("contract", StorageOptions.defaults(PAGE, 1 << 20));
        storage.recover(Set.of(1L), Set.of());
        return storage;
    }

    private TableHeap open(StorageEngine storage) {
        return storage.openHeap(1, "T", layout(), codec, txid -> { });
    }

    /** Writes a version with PUT and remembers its handle so the test can commit it. */
    private long put(TableHeap heap, long vid, long txid, Object[] row) {
        WriteOutcome outcome = heap.write(vid, txid, row, WriteDecider.NEW_ROW);
        assertTrue(outcome.isInstalled());
        installed.add(new long[] {vid, outcome.version(), txid});
        return outcome.version();
    }

    private long insert(TableHeap heap, long txid, Object[] row) {
        long vid = heap.newRowId();
        put(heap, vid, txid, row);
        return vid;
    }

    /** The first column of every row a scan at {@code snapshot} returns, sorted. */
    private static List<Integer> scannedKeys(TableHeap heap, Snapshot snapshot) {
        List<Integer> keys = new ArrayList<>();
        try (RowCursor rows = heap.scan(snapshot)) {
            while (rows.next()) {
                keys.add((Integer) rows.row()[0]);
            }
        }
        keys.sort(null);
        return keys;
    }

    /** Commits every remembered version written by {@code txid} at {@code ts}. */
    private void commit(TableHeap heap, long txid, long ts) {
        for (long[] v : installed) {
            if (v[2] == txid) {
                heap.commit(v[1], ts);
            }
        }
    }

    @Test
    void rule1CommittedAtOrBeforeTheSnapshotIsVisible() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long vid = insert(heap, 10, new Object[] {1, "v0"});
            commit(heap, 10, 20);
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(20, 99)));
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(25, 99)));
            put(heap, vid, 30, new Object[] {1, "v1"});
            commit(heap, 30, 40);
            assertArrayEquals(new Object[] {1, "v1"}, heap.read(vid, new Snapshot(40, 99)),
                "the newest committed version at the snapshot wins");
        }
    }

    @Test
    void rule2OwnVersionsAreVisible() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long vid = insert(heap, 10, new Object[] {1, "mine"});
            assertArrayEquals(new Object[] {1, "mine"}, heap.read(vid, new Snapshot(5, 10)));
            put(heap, vid, 10, new Object[] {1, "mine again"});
            assertArrayEquals(new Object[] {1, "mine again"}, heap.read(vid, new Snapshot(5, 10)));
        }
    }

    @Test
    void rule3OtherUncommittedVersionsAreInvisible() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long vid = insert(heap, 10, new Object[] {1, "v0"});
            commit(heap, 10, 20);
            put(heap, vid, 30, new Object[] {1, "uncommitted"});
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(100, 31)));
            long fresh = insert(heap, 30, new Object[] {2, "new"});
            assertNull(heap.read(fresh, new Snapshot(100, 31)));
        }
    }

    @Test
    void rule4CommittedAfterTheSnapshotIsInvisible() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long vid = insert(heap, 10, new Object[] {1, "v0"});
            commit(heap, 10, 20);
            assertNull(heap.read(vid, new Snapshot(19, 99)));
            put(heap, vid, 30, new Object[] {1, "v1"});
            commit(heap, 30, 40);
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(39, 99)), "follows the chain back");
        }
    }

    @Test
    void aVersionFetchedByItsTupleIdIsReturnedOnlyToTheSnapshotsThatSeeIt() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long vid = heap.newRowId();
            long tid0 = heap.tupleId(put(heap, vid, 10, new Object[] {1, "v0"}));
            commit(heap, 10, 20);
            long tid1 = heap.tupleId(put(heap, vid, 30, new Object[] {1, "v1"}));
            assertNotEquals(tid0, tid1, "every version has its own tuple");
            long fetchedBefore = heap.statistics().tupleFetches();

            Snapshot old = new Snapshot(25, 99);
            assertArrayEquals(new Object[] {1, "v0"}, heap.fetch(tid0, old).row());
            assertEquals(vid, heap.fetch(tid1, old).rowId(), "an invisible version still names its row");
            assertNull(heap.fetch(tid1, old).row(), "uncommitted for the old snapshot");
            assertArrayEquals(new Object[] {1, "v1"}, heap.fetch(tid1, new Snapshot(25, 30)).row(), "the writer's");
            assertNull(heap.fetch(tid0, new Snapshot(25, 30)).row(), "superseded for the writer");
            assertEquals(5, heap.statistics().tupleFetches() - fetchedBefore,
                "every fetch by tuple id reads the tuple, visible or not");

            commit(heap, 30, 40);
            assertEquals(tid1, heap.visibleTupleId(vid, new Snapshot(40, 99)));
            assertEquals(tid0, heap.visibleTupleId(vid, new Snapshot(39, 99)));
            assertEquals(-1, heap.visibleTupleId(vid, new Snapshot(19, 99)), "not yet inserted");
            put(heap, vid, 50, null);
            commit(heap, 50, 60);
            assertEquals(-1, heap.visibleTupleId(vid, new Snapshot(60, 99)), "deleted");
            assertNull(heap.fetch(tid1, new Snapshot(60, 99)).row());
        }
    }

    @Test
    void rule5AVisibleTombstoneHidesTheRow() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long vid = insert(heap, 10, new Object[] {1, "v0"});
            commit(heap, 10, 20);
            put(heap, vid, 30, null);
            assertNull(heap.read(vid, new Snapshot(25, 30)), "the deleter no longer sees the row");
            commit(heap, 30, 40);
            assertNull(heap.read(vid, new Snapshot(40, 99)));
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(39, 99)));
            RowVersion newest = heap.newest(vid);
            assertTrue(VersionWord.isTombstone(newest.word()));
            assertNull(newest.row());
        }
    }

    @Test
    void theDeciderSeesTheNewestVersionAndARefusalInstallsNothing() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long vid = heap.newRowId();
            long[] seen = new long[2];
            WriteOutcome refused = heap.write(vid, 10, new Object[] {1, "x"}, (v, exists, word) -> {
                seen[0] = exists ? 1 : 0;
                return WriteDecision.ROW_GONE;
            });
            assertFalse(refused.isInstalled());
            assertEquals(WriteDecision.Kind.ROW_GONE, refused.decision().kind());
            assertEquals(0, seen[0], "a new row id has no version");
            assertNull(heap.newest(vid));
            put(heap, vid, 10, new Object[] {1, "x"});
            WriteOutcome waiting = heap.write(vid, 11, new Object[] {1, "y"}, (v, exists, word) -> {
                seen[0] = exists ? 1 : 0;
                seen[1] = word;
                return VersionWord.isCommitted(word) ? WriteDecision.PUT
                    : WriteDecision.waitFor(VersionWord.timestamp(word));
            });
            assertEquals(1, seen[0]);
            assertEquals(VersionWord.uncommitted(10, false), seen[1]);
            assertEquals(WriteDecision.Kind.WAIT, waiting.decision().kind());
            assertEquals(10, waiting.decision().other());
            assertArrayEquals(new Object[] {1, "x"}, heap.newest(vid).row(), "the refused write left no version");
        }
    }

    @Test
    void undoRestoresThePredecessor() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long vid = insert(heap, 10, new Object[] {1, "v0"});
            commit(heap, 10, 20);
            long update = put(heap, vid, 30, new Object[] {1, "v1"});
            heap.undo(vid, update, 30, false);
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(25, 30)));
            assertTrue(VersionWord.isCommitted(heap.newest(vid).word()));
            long fresh = heap.newRowId();
            long first = put(heap, fresh, 30, new Object[] {2, "gone"});
            heap.undo(fresh, first, 30, true);
            assertNull(heap.newest(fresh), "an undone insert leaves the row without versions");
        }
    }

    @Test
    void aLockCarriesTheNewestDataAndLeavesNothingWhenReleased() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long vid = insert(heap, 10, new Object[] {1, "v0"});
            commit(heap, 10, 20);
            WriteOutcome lock = heap.lock(vid, 30, WriteDecider.NEW_ROW);
            assertTrue(lock.isInstalled());
            RowVersion newest = heap.newest(vid);
            assertTrue(VersionWord.isOwnedBy(newest.word(), 30), "other writers now wait for the locker");
            assertArrayEquals(new Object[] {1, "v0"}, newest.row());
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(25, 30)), "the locker's view");
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(25, 99)), "everyone else's view");
            heap.releaseLock(vid, lock.version(), 40);
            assertEquals(VersionWord.committed(20, false), heap.newest(vid).word(), "a released lock leaves nothing");
            assertEquals(1, heap.chain(vid).size());

            long second = heap.lock(vid, 50, WriteDecider.NEW_ROW).version();
            put(heap, vid, 50, new Object[] {1, "v1"});
            commit(heap, 50, 60);
            heap.releaseLock(vid, second, 60);
            assertArrayEquals(new Object[] {1, "v1"}, heap.read(vid, new Snapshot(60, 99)));
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(59, 99)));
        }
    }

    @Test
    void versionsNoSnapshotCanSeeAreForgotten() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long vid = insert(heap, 10, new Object[] {1, "v0"});
            commit(heap, 10, 20);
            put(heap, vid, 30, new Object[] {1, "v1"});
            commit(heap, 30, 40);
            put(heap, vid, 50, new Object[] {1, "v2"});
            commit(heap, 50, 60);
            List<String> told = new ArrayList<>();
            PrunedVersions listener = (rowId, dropped, kept) -> told.add(rowId + ": dropped "
                + dropped.stream().map(v -> (String) v.row()[1]).toList() + ", kept "
                + kept.stream().map(v -> (String) v.row()[1]).toList());
            heap.forgetVersions(45, () -> 70, 71, listener);
            assertArrayEquals(new Object[] {1, "v1"}, heap.read(vid, new Snapshot(45, 99)), "the horizon's version");
            assertEquals(2, heap.chain(vid).size(), "v0 is older than what any snapshot at the horizon sees");
            heap.forgetVersions(60, () -> 70, 71, listener);
            assertEquals(1, heap.chain(vid).size());
            put(heap, vid, 80, null);
            commit(heap, 80, 90);
            heap.forgetVersions(90, () -> 95, 96, listener);
            assertNull(heap.newest(vid), "a row deleted before the horizon is gone for everyone");
            assertEquals(List.of(vid + ": dropped [v0], kept [v2, v1]", vid + ": dropped [v1], kept [v2]",
                vid + ": dropped [v2], kept []"), told, "the pruned versions' data, tombstones left out");
            heap.forgetVersions(90, () -> 95, 96, PrunedVersions.NONE);
            assertEquals(0, heap.statistics().versionNodes(), "forgotten nodes are free for reuse");
        }
    }

    @Test
    void aRowIdFreedByADeleteOrARollbackIsReusedOnlyOnceNoTransactionRunningThenIsLeft() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long deleted = insert(heap, 10, new Object[] {1, "deleted"});
            long kept = insert(heap, 10, new Object[] {2, "kept"});
            commit(heap, 10, 20);
            put(heap, deleted, 30, null);
            commit(heap, 30, 40);
            heap.forgetVersions(45, () -> 50, 46, PrunedVersions.NONE);
            assertNull(heap.newest(deleted), "pruned: no version left");
            long fresh = heap.newRowId();
            assertNotEquals(deleted, fresh, "transaction 46, running when the row was emptied, may still hold its id");
            put(heap, fresh, 51, new Object[] {3, "fresh"});
            commit(heap, 51, 52);

            long rolledBack = heap.newRowId();
            heap.undo(rolledBack, put(heap, rolledBack, 60, new Object[] {4, "rolled back"}), 60, true);
            heap.forgetVersions(45, () -> 70, 46, PrunedVersions.NONE);
            long another = heap.newRowId();
            assertFalse(Set.of(deleted, rolledBack).contains(another), "transaction 46 is still running");

            heap.forgetVersions(52, () -> 80, 71, PrunedVersions.NONE);
            Set<Long> reused = new HashSet<>(List.of(heap.newRowId(), heap.newRowId()));
            assertEquals(Set.of(deleted, rolledBack), reused, "both ids are free once every transaction running"
                + " when they were emptied has ended");
            long again = heap.newRowId();
            assertFalse(Set.of(deleted, rolledBack, kept, fresh, another).contains(again),
                "no id is handed out twice");

            put(heap, deleted, 81, new Object[] {5, "new owner"});
            commit(heap, 81, 82);
            assertArrayEquals(new Object[] {5, "new owner"}, heap.read(deleted, new Snapshot(82, 99)));
            assertNull(heap.read(deleted, new Snapshot(81, 99)), "the new row is not there before its commit");
            assertArrayEquals(new Object[] {2, "kept"}, heap.read(kept, new Snapshot(82, 99)));
            assertEquals(List.of(2, 3, 5), scannedKeys(heap, new Snapshot(82, 99)));
        }
    }

    @Test
    void aRowWhoseCommitIsUndecidedKeepsItsRowId() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long vid = heap.newRowId();
            long version = put(heap, vid, 10, new Object[] {1, "maybe committed"});
            heap.undoUndecided(vid, version, 10);
            assertNull(heap.newest(vid));
            heap.forgetVersions(20, () -> 30, 31, PrunedVersions.NONE);
            heap.forgetVersions(40, () -> 50, 51, PrunedVersions.NONE);
            assertNotEquals(vid, heap.newRowId(), "a restart may still find the insert committed");
        }
    }

    @Test
    void aTableWhoseRowsComeAndGoKeepsAsManyRowIdsAsItHasRows() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            long ts = 1;
            long live = insert(heap, ++ts, new Object[] {0, "first"});
            commit(heap, ts, ++ts);
            for (int i = 1; i <= 5_000; i++) {
                long txid = ++ts;
                long next = insert(heap, txid, new Object[] {i, "row " + i});
                put(heap, live, txid, null);
                commit(heap, txid, ++ts);
                installed.clear();
                live = next;
                long now = ts + 1;
                heap.forgetVersions(ts, () -> now, now, PrunedVersions.NONE);
            }
            assertArrayEquals(new Object[] {5_000, "row 5000"}, heap.read(live, Snapshot.committedAt(ts)));
            assertTrue(heap.statistics().rowIds() <= 4, "row ids allocated for one live row over 5,000 inserts: "
                + heap.statistics().rowIds());
        }
    }

    @Test
    void scanReturnsEveryVisibleRowOnce() {
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            for (int i = 0; i < 50; i++) {
                insert(heap, 10, new Object[] {i, "r" + i});
            }
            commit(heap, 10, 20);
            List<Integer> seen = new ArrayList<>();
            try (RowCursor rows = heap.scan(new Snapshot(20, 99))) {
                while (rows.next()) {
                    seen.add((Integer) rows.row()[0]);
                    assertArrayEquals(rows.row(), heap.read(rows.rowId(), new Snapshot(20, 99)));
                }
            }
            seen.sort(null);
            assertEquals(50, seen.size());
            assertEquals(49, seen.get(49));
        }
    }

    @Test
    void aScanOfRowsUpdatedInRandomOrderReadsTheirPagesOnceEachInFileOrder(@TempDir Path dir) {
        long seed = System.nanoTime();
        System.out.println("aScanOfRowsUpdatedInRandomOrder... seed " + seed);
        Random random = new Random(seed);
        // 10,000 rows take about twice the 64-page pool per generation of versions.
        try (StorageEngine storage = StorageEngine.open(dir, StorageOptions.defaults(PAGE, 64 * PAGE))) {
            storage.recover(Set.of(1L), Set.of());
            TableHeap heap = open(storage);
            List<Long> vids = new ArrayList<>();
            for (int i = 0; i < 10_000; i++) {
                vids.add(insert(heap, 2, new Object[] {i, "row " + i}));
            }
            commit(heap, 2, 3);
            Collections.shuffle(vids, random);
            for (long vid : vids) {
                put(heap, vid, 4, new Object[] {(int) vid, "moved " + vid});
            }
            commit(heap, 4, 5);
            heap.flush();
            Snapshot snapshot = Snapshot.committedAt(5);
            // The scan's small first window (for a LIMIT) is read on its own; every later page is read once.
            Set<Long> pagesWithRows = new HashSet<>();
            TreeSet<Long> firstWindowPages = new TreeSet<>();
            for (long vid : vids) {
                long page = AppendRegion.pageOf(heap.visibleTupleId(vid, snapshot));
                pagesWithRows.add(page);
                if (vid < PageOrderScan.FIRST_WINDOW) {
                    firstWindowPages.add(page);
                }
            }
            long firstWindowRuns = firstWindowPages.stream().filter(p -> !firstWindowPages.contains(p - 1)).count();
            long readsBefore = heap.io().pagesRead();
            long sequentialBefore = heap.io().sequentialReads();
            Set<Long> seen = new HashSet<>();
            try (RowCursor rows = heap.scan(snapshot)) {
                while (rows.next()) {
                    assertTrue(seen.add(rows.rowId()), "row " + rows.rowId() + " returned twice");
                    assertEquals("moved " + rows.rowId(), rows.row()[1]);
                }
            }
            assertEquals(vids.size(), seen.size());
            long reads = heap.io().pagesRead() - readsBefore;
            long outOfOrder = reads - (heap.io().sequentialReads() - sequentialBefore);
            assertTrue(reads > 0 && reads <= pagesWithRows.size() + firstWindowPages.size(), reads + " pages read for "
                + pagesWithRows.size() + " pages holding the rows, " + firstWindowPages.size() + " of the first window");
            assertTrue(outOfOrder <= firstWindowRuns + 1, outOfOrder + " of " + reads + " pages read out of order; "
                + firstWindowRuns + " runs of pages in the first window");
        }
    }

    @Test
    void aScanReturnsEachRowOnceWhileItsOwnTransactionUpdatesRows() {
        long seed = System.nanoTime();
        System.out.println("aScanReturnsEachRowOnceWhileItsOwnTransactionUpdatesRows seed " + seed);
        Random random = new Random(seed);
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            List<Long> vids = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                vids.add(insert(heap, 2, new Object[] {i, "row " + i}));
            }
            commit(heap, 2, 3);
            Snapshot own = new Snapshot(3, 10);
            Set<Long> seen = new HashSet<>();
            try (RowCursor rows = heap.scan(own)) {
                while (rows.next()) {
                    assertTrue(seen.add(rows.rowId()), "row " + rows.rowId() + " returned twice");
                    // The row just returned and another one, perhaps not returned yet, get new versions.
                    put(heap, rows.rowId(), 10, new Object[] {-1, "changed"});
                    put(heap, vids.get(random.nextInt(vids.size())), 10, new Object[] {-2, "changed"});
                }
            }
            assertEquals(vids.size(), seen.size(), "every row once, in whichever version the scan decided on");
        }
    }

    @Test
    void aScanAtAFixedSnapshotSeesExactlyItsRowsWhileOthersUpdateAndCommit() throws Exception {
        long seed = System.nanoTime();
        System.out.println("aScanAtAFixedSnapshotSeesExactlyItsRowsWhileOthersUpdateAndCommit seed " + seed);
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            int n = 3_000;
            long[] vids = new long[n];
            for (int i = 0; i < n; i++) {
                vids[i] = insert(heap, 2, new Object[] {i, "v0"});
            }
            commit(heap, 2, 3);
            AtomicLong clock = new AtomicLong(10);
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                Random random = new Random(seed + w);
                Thread writer = new Thread(() -> {
                    while (!stop.get()) {
                        int i = random.nextInt(n);
                        long txid = clock.incrementAndGet();
                        WriteOutcome outcome = heap.write(vids[i], txid, random.nextInt(8) == 0 ? null
                            : new Object[] {i, "t" + txid}, (vid, exists, word) ->
                            !exists || VersionWord.isCommitted(word) ? WriteDecision.PUT : WriteDecision.waitFor(0));
                        if (outcome.isInstalled()) {
                            heap.commit(outcome.version(), clock.incrementAndGet());
                        }
                    }
                });
                writers.add(writer);
                writer.start();
            }
            try {
                Snapshot before = new Snapshot(3, 5);
                for (int round = 0; round < 20; round++) {
                    boolean[] seen = new boolean[n];
                    try (RowCursor rows = heap.scan(before)) {
                        while (rows.next()) {
                            int i = (Integer) rows.row()[0];
                            assertFalse(seen[i], "row " + i + " twice");
                            seen[i] = true;
                            assertEquals("v0", rows.row()[1]);
                        }
                    }
                    for (int i = 0; i < n; i++) {
                        assertTrue(seen[i], "row " + i + " missing in round " + round);
                    }
                }
            } finally {
                stop.set(true);
                for (Thread writer : writers) {
                    writer.join();
                }
            }
        }
    }

    /**
     * Writers insert rows, delete them and roll inserts back while a forgetting thread prunes and frees row ids as the
     * oldest running transaction allows; readers, each a short transaction, scan and read rows by id at their snapshot
     * and must see exactly the rows committed by then, although the ids they read are being reused.
     */
    @Test
    void readersSeeExactlyTheirSnapshotsRowsWhileRowIdsAreFreedAndReused() throws Exception {
        long seed = System.nanoTime();
        System.out.println("readersSeeExactlyTheirSnapshotsRowsWhileRowIdsAreFreedAndReused seed " + seed);
        try (StorageEngine storage = memory()) {
            TableHeap heap = open(storage);
            // Commits, snapshots and the forgetter's horizon are taken under one monitor, so a snapshot holds exactly
            // the commits logged before it; running transactions are registered under it too.
            Object commitLock = new Object();
            AtomicLong clock = new AtomicLong(1);
            long[] committed = {1};
            java.util.TreeMap<Long, Long> running = new java.util.TreeMap<>(); // txid -> snapshot
            List<long[]> history = new ArrayList<>(); // {commitTs, key, 1 insert / 0 delete}
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong inserts = new AtomicLong();
            // Writers run at most INSERTS_PER_PASS inserts ahead of the pruner's passes and of each reader's
            // transactions (a reader's snapshot holds back what can be freed), so how many row ids wait to be freed
            // depends on the schedule's interleaving, not on how much processor time the pruner or a reader got
            AtomicLong prunerPasses = new AtomicLong();
            java.util.concurrent.atomic.AtomicLongArray readerRounds = new java.util.concurrent.atomic.AtomicLongArray(2);
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int w = 0; w < 3; w++) {
                int writer = w;
                Random random = new Random(seed + w);
                threads.add(new Thread(() -> {
                    List<long[]> live = new ArrayList<>(); // {vid, key}
                    int nextKey = writer * 1_000_000;
                    while (!stop.get()) {
                        long slowest = Math.min(prunerPasses.get(), Math.min(readerRounds.get(0), readerRounds.get(1)));
                        if (inserts.get() > (slowest + 1) * INSERTS_PER_PASS) {
                            Thread.yield();
                            continue;
                        }
                        long txid;
                        synchronized (commitLock) {
                            txid = clock.incrementAndGet();
                            running.put(txid, committed[0]);
                        }
                        long key = -1;
                        long vid;
                        long version;
                        boolean insert = live.size() < 20 && (live.isEmpty() || random.nextBoolean());
                        int victim = insert ? -1 : random.nextInt(live.size());
                        if (insert) {
                            key = nextKey++;
                            vid = heap.newRowId();
                            version = heap.write(vid, txid, new Object[] {(int) key, "k" + key},
                                WriteDecider.NEW_ROW).version();
                        } else {
                            vid = live.get(victim)[0];
                            version = heap.write(vid, txid, null, WriteDecider.NEW_ROW).version();
                        }
                        if (random.nextInt(5) == 0) {
                            heap.undo(vid, version, txid, true);
                            synchronized (commitLock) {
                                running.remove(txid);
                            }
                            continue;
                        }
                        synchronized (commitLock) {
                            long ts = clock.incrementAndGet();
                            heap.commit(version, ts);
                            committed[0] = ts;
                            running.remove(txid);
                            history.add(new long[] {ts, insert ? key : live.get(victim)[1], insert ? 1 : 0});
                        }
                        if (insert) {
                            live.add(new long[] {vid, key});
                            inserts.incrementAndGet();
                        } else {
                            live.remove(victim);
                        }
                    }
                }));
            }
            threads.add(new Thread(() -> {
                while (!stop.get()) {
                    long horizon;
                    long oldest;
                    synchronized (commitLock) {
                        horizon = running.values().stream().mapToLong(Long::longValue).min().orElse(committed[0]);
                        oldest = running.isEmpty() ? clock.get() + 1 : running.firstKey();
                    }
                    heap.forgetVersions(horizon, clock::get, oldest, PrunedVersions.NONE);
                    prunerPasses.incrementAndGet();
                }
            }));
            for (int r = 0; r < 2; r++) {
                int reader = r;
                threads.add(new Thread(() -> {
                    try {
                        while (!stop.get()) {
                            long txid;
                            long at;
                            List<long[]> upTo;
                            synchronized (commitLock) {
                                txid = clock.incrementAndGet();
                                at = committed[0];
                                running.put(txid, at);
                                upTo = new ArrayList<>(history);
                            }
                            Snapshot snapshot = new Snapshot(at, txid);
                            Set<Long> expected = new HashSet<>();
                            for (long[] event : upTo) {
                                if (event[2] == 1) {
                                    expected.add(event[1]);
                                } else {
                                    expected.remove(event[1]);
                                }
                            }
                            Set<Long> seen = new HashSet<>();
                            List<long[]> byId = new ArrayList<>();
                            try (RowCursor rows = heap.scan(snapshot)) {
                                while (rows.next()) {
                                    long key = (Integer) rows.row()[0];
                                    assertTrue(seen.add(key), "key " + key + " twice at " + at);
                                    assertEquals("k" + key, rows.row()[1]);
                                    byId.add(new long[] {rows.rowId(), key});
                                }
                            }
                            assertEquals(expected, seen, "the rows of snapshot " + at);
                            for (long[] row : byId) {
                                Object[] again = heap.read(row[0], snapshot);
                                assertNotNull(again, "row id " + row[0] + " read again at " + at);
                                assertEquals((int) row[1], again[0], "row id " + row[0] + " read again at " + at);
                            }
                            synchronized (commitLock) {
                                running.remove(txid);
                            }
                            readerRounds.incrementAndGet(reader);
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                        stop.set(true);
                    }
                }));
            }
            threads.forEach(Thread::start);
            Thread.sleep(3_000);
            stop.set(true);
            for (Thread thread : threads) {
                thread.join();
            }
            if (!failures.isEmpty()) {
                throw new AssertionError("seed " + seed, failures.get(0));
            }
            long rowIds = heap.statistics().rowIds();
            System.out.println("  " + inserts.get() + " inserts committed, " + rowIds + " row ids allocated");
            assertTrue(inserts.get() > 1_000, "enough inserts to reuse ids: " + inserts.get());
            assertTrue(rowIds < inserts.get() / 4, rowIds + " row ids for " + inserts.get() + " inserts (seed "
                + seed + ")");
        }
    }

    @Test
    void reopenKeepsTheNewestCommittedVersionOnly(@TempDir Path dir) {
        long vid;
        try (StorageEngine storage = StorageEngine.open(dir, StorageOptions.defaults(PAGE, 1 << 20))) {
            storage.recover(Set.of(1L), Set.of());
            TableHeap heap = open(storage);
            vid = insert(heap, 1, new Object[] {1, "a"});
            storage.commitLog().logCommit(1, 2);
            storage.commitLog().confirm(1, 2);
            commit(heap, 1, 2);
            put(heap, vid, 3, new Object[] {1, "b"});
            storage.commitLog().logCommit(3, 4);
            storage.commitLog().confirm(3, 4);
            commit(heap, 3, 4);
            put(heap, vid, 5, new Object[] {1, "never committed"});
            heap.close();
        }
        try (StorageEngine storage = StorageEngine.open(dir, StorageOptions.defaults(PAGE, 1 << 20))) {
            AtomicLong maxTxid = new AtomicLong();
            storage.recover(Set.of(1L), Set.of());
            TableHeap heap = storage.openHeap(1, "T", layout(), codec, t -> maxTxid.accumulateAndGet(t, Math::max));
            assertArrayEquals(new Object[] {1, "b"}, heap.read(vid, Snapshot.committedAt(100)));
            RowVersion newest = heap.newest(vid);
            assertNotNull(newest);
            assertEquals(VersionWord.committed(4, false), newest.word());
            assertEquals(1, heap.statistics().versionNodes(), "older versions are not loaded at all");
            assertEquals(5, maxTxid.get(), "the uncommitted creator's txid is reported so it is never reused");
        }
    }

    /** Logs and confirms {@code txid}'s commit at {@code ts}, then stamps its versions. */
    private void commitDurably(StorageEngine storage, TableHeap heap, long txid, long ts) {
        storage.commitLog().logCommit(txid, ts);
        storage.commitLog().confirm(txid, ts);
        commit(heap, txid, ts);
    }

    @Test
    void aReusedRowIdReopensAsItsNewRowWhereverTheLastCheckpointFell(@TempDir Path dir) {
        // Checkpoint after stage: -1 never, 0 the inserts, 1 the deletes and their pruning, 2 the reuse.
        for (int checkpointAfter = -1; checkpointAfter <= 2; checkpointAfter++) {
            Path path = dir.resolve("checkpoint" + checkpointAfter);
            long reused;
            long vacant;
            long kept;
            try (StorageEngine storage = StorageEngine.open(path, StorageOptions.defaults(PAGE, 1 << 20))) {
                storage.recover(Set.of(1L), Set.of());
                TableHeap heap = open(storage);
                long a = insert(heap, 1, new Object[] {1, "a"});
                long b = insert(heap, 1, new Object[] {2, "b"});
                kept = insert(heap, 1, new Object[] {3, "kept"});
                commitDurably(storage, heap, 1, 2);
                if (checkpointAfter == 0) {
                    heap.checkpoint();
                }
                put(heap, a, 3, null);
                put(heap, b, 3, null);
                commitDurably(storage, heap, 3, 4);
                heap.forgetVersions(4, () -> 5, 5, PrunedVersions.NONE);
                heap.forgetVersions(4, () -> 6, 6, PrunedVersions.NONE);
                if (checkpointAfter == 1) {
                    heap.checkpoint();
                }
                reused = heap.newRowId();
                assertTrue(reused == a || reused == b, "a deleted row's id is reused, got " + reused);
                vacant = reused == a ? b : a;
                put(heap, reused, 7, new Object[] {4, "new owner"});
                commitDurably(storage, heap, 7, 8);
                if (checkpointAfter == 2) {
                    heap.checkpoint();
                }
                heap.close();
            }
            try (StorageEngine storage = StorageEngine.open(path, StorageOptions.defaults(PAGE, 1 << 20))) {
                storage.recover(Set.of(1L), Set.of());
                TableHeap heap = open(storage);
                String at = " (checkpoint after stage " + checkpointAfter + ")";
                assertArrayEquals(new Object[] {4, "new owner"}, heap.read(reused, Snapshot.committedAt(100)), at);
                assertArrayEquals(new Object[] {3, "kept"}, heap.read(kept, Snapshot.committedAt(100)), at);
                assertNull(heap.read(vacant, Snapshot.committedAt(100)), at);
                assertEquals(List.of(3, 4), scannedKeys(heap, Snapshot.committedAt(100)), at);
                assertEquals(vacant, heap.newRowId(), "a row id with no version is free at open" + at);
                assertEquals(3, heap.newRowId(), "then new ones" + at);
            }
        }
    }

    @Test
    void writePatternOfUpdates(@TempDir Path dir) {
        try (StorageEngine storage = StorageEngine.open(dir, StorageOptions.defaults(PAGE, 64 * PAGE))) {
            storage.recover(Set.of(1L), Set.of());
            TableHeap heap = open(storage);
            long[] vids = new long[200];
            long ts = 1;
            for (int i = 0; i < vids.length; i++) {
                long txid = ++ts;
                vids[i] = insert(heap, txid, new Object[] {i, "row " + i});
                commit(heap, txid, ++ts);
            }
            for (int round = 0; round < 20; round++) {
                for (long vid : vids) {
                    long txid = ++ts;
                    put(heap, vid, txid, new Object[] {(int) vid, "update " + round});
                    commit(heap, txid, ++ts);
                }
            }
            heap.flush();
            checkWritePattern(heap.io(), heap.statistics().pages());
            assertArrayEquals(new Object[] {5, "update 19"}, heap.read(vids[5], Snapshot.committedAt(ts)));
        }
    }
}
