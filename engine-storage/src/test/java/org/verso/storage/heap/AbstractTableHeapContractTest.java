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
