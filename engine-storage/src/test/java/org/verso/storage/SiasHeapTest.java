package org.verso.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.storage.heap.TableHeap;
import org.verso.storage.heap.WriteDecider;
import org.verso.storage.io.IoCounters;
import org.verso.storage.io.PageKind;
import org.verso.common.type.DataType;
import org.verso.storage.tuple.RowCodec;
import org.verso.common.type.ValueType;
import org.verso.storage.version.Snapshot;
import org.verso.storage.version.VersionDirectory;

/** The SIAS heap: visibility cases from the data nodes, and the append-only write pattern counted by the engine. */
class SiasHeapTest {
    private static final WriteDecider PUT = (vid, head, word) -> WriteDecider.Decision.PUT;
    private final RowCodec codec = new RowCodec(List.of(DataType.of(ValueType.INTEGER), DataType.varchar(100)));

    private static void commit(TableHeap heap, long vid, long ts) {
        VersionDirectory dir = heap.directory();
        for (int n = dir.head(vid); n != VersionDirectory.NONE && !VersionDirectory.isCommitted(dir.word(n));
             n = dir.prev(n)) {
            dir.commit(n, ts);
        }
    }

    @Test
    void visibilityCases() {
        try (StorageEngine storage = StorageEngine.inMemory("vis", StorageOptions.defaults(4096, 1 << 20))) {
            storage.recover(java.util.Set.of(1L));
            TableHeap heap = storage.openHeap(1, "T", codec, txid -> { });
            long vid = heap.insert(10, new Object[] {1, "v0"});
            // 3. another transaction's uncommitted version is invisible; 2. our own is visible
            assertNull(heap.read(vid, new Snapshot(100, 11)));
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(100, 10)));
            commit(heap, vid, 20);
            // 1. committed at or before the snapshot: visible; 4. after it: invisible
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(20, 99)));
            assertNull(heap.read(vid, new Snapshot(19, 99)));
            heap.write(vid, 30, new Object[] {1, "v1"}, PUT);
            commit(heap, vid, 40);
            assertArrayEquals(new Object[] {1, "v0"}, heap.read(vid, new Snapshot(39, 99)), "follows the chain back");
            assertArrayEquals(new Object[] {1, "v1"}, heap.read(vid, new Snapshot(40, 99)));
            // 5. a visible tombstone hides the row
            heap.write(vid, 50, null, PUT);
            commit(heap, vid, 60);
            assertNull(heap.read(vid, new Snapshot(60, 99)));
            assertArrayEquals(new Object[] {1, "v1"}, heap.read(vid, new Snapshot(59, 99)));
            assertEquals(3, heap.directory().chainLength(vid));
        }
    }

    @Test
    void updatesAreAppendedAndPagesNeverRewritten(@TempDir Path dir) {
        int pageSize = 4096;
        try (StorageEngine storage = StorageEngine.open(dir, StorageOptions.defaults(pageSize, 64 * pageSize))) {
            storage.recover(java.util.Set.of(1L));
            TableHeap heap = storage.openHeap(1, "T", codec, txid -> { });
            long[] vids = new long[200];
            long ts = 1;
            for (int i = 0; i < vids.length; i++) {
                vids[i] = heap.insert(ts, new Object[] {i, "row " + i});
                commit(heap, vids[i], ++ts);
            }
            for (int round = 0; round < 20; round++) {
                for (long vid : vids) {
                    heap.write(vid, ++ts, new Object[] {(int) vid, "update " + round}, PUT);
                    commit(heap, vid, ++ts);
                }
            }
            heap.flush();
            IoCounters io = heap.io();
            long pagesInFile = storage.io().total(PageKind.HEAP).pagesWritten();
            assertEquals(0, io.randomWrites(), "SIAS never writes anywhere but the end of its append region");
            assertEquals(io.pagesWritten(), io.sequentialWrites());
            assertEquals(pagesInFile, io.pagesWritten());
            long filePages = storage.io().total(PageKind.HEAP).bytesWritten() / pageSize;
            assertEquals(io.pagesWritten(), filePages, "every page was written exactly once");
            assertArrayEquals(new Object[] {5, "update 19"}, heap.read(vids[5], Snapshot.committedAt(ts)));
        }
    }

    @Test
    void reopenKeepsNewestCommittedVersionOnly(@TempDir Path dir) {
        long vid;
        try (StorageEngine storage = StorageEngine.open(dir, StorageOptions.defaults(4096, 1 << 20))) {
            storage.recover(java.util.Set.of(1L));
            TableHeap heap = storage.openHeap(1, "T", codec, txid -> { });
            vid = heap.insert(1, new Object[] {1, "a"});
            storage.commitLog().logCommit(1, 2);
            storage.commitLog().confirm(1, 2);
            commit(heap, vid, 2);
            heap.write(vid, 3, new Object[] {1, "b"}, PUT);
            storage.commitLog().logCommit(3, 4);
            storage.commitLog().confirm(3, 4);
            commit(heap, vid, 4);
            heap.write(vid, 5, new Object[] {1, "never committed"}, PUT);
            heap.close();
        }
        try (StorageEngine storage = StorageEngine.open(dir, StorageOptions.defaults(4096, 1 << 20))) {
            long[] maxTxid = {0};
            storage.recover(java.util.Set.of(1L));
            TableHeap heap = storage.openHeap(1, "T", codec, txid -> maxTxid[0] = Math.max(maxTxid[0], txid));
            assertArrayEquals(new Object[] {1, "b"}, heap.read(vid, Snapshot.committedAt(100)));
            assertEquals(1, heap.directory().chainLength(vid));
            assertEquals(1, heap.directory().nodeCount(), "older versions are not loaded at all");
            assertEquals(5, maxTxid[0], "the uncommitted creator's txid is reported so it is never reused");
        }
    }
}
