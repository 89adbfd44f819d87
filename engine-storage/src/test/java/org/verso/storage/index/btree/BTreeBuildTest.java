package org.verso.storage.index.btree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.storage.index.IndexCursor;
import org.verso.storage.index.IndexLoader;
import org.verso.storage.index.KeyRange;
import org.verso.storage.index.TableIndex;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.PageFile;
import org.verso.storage.wal.FullPageImages;
import org.verso.storage.wal.RecordingLog;
import org.verso.storage.wal.RedoLog;

/**
 * Filling a B+tree through its loader, as CREATE INDEX and the rebuild of an index at open do: entries added in any
 * order, repeated ones included, end up in a tree built bottom up whose every page is logged once as an image.
 */
class BTreeBuildTest {
    private static final int PAGE = 4096;

    private record Tree(BTree tree, RecordingLog log) {
    }

    private static Tree emptyTree() throws Exception {
        RecordingLog log = new RecordingLog();
        PageFile file = new PageFile(3, "idx", PageKind.INDEX, PAGE, new MemoryPageChannel(), new IoAccounting());
        // A pool smaller than the tree, so that built pages are evicted (and written) while the build goes on.
        BTree tree = BTree.create("idx", TableIndex.Reference.ROW_ID, file, new BufferPool(PAGE, 64L * PAGE), log,
            FullPageImages.NEVER, 3);
        return new Tree(tree, log);
    }

    private static byte[] key(long k) {
        return ByteBuffer.allocate(8).putLong(k ^ Long.MIN_VALUE).array();
    }

    /** Entries of 30,000 keys, some with several references, in random order, about one in ten added twice. */
    private static List<long[]> entries(Random random) {
        List<long[]> entries = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            long k = random.nextInt(1_000_000);
            entries.add(new long[] {k, k * 10 + random.nextInt(3)});
        }
        for (int i = 0; i < 3_000; i++) {
            entries.add(entries.get(random.nextInt(30_000)));
        }
        Collections.shuffle(entries, random);
        return entries;
    }

    private static List<String> contents(BTree tree) {
        List<String> out = new ArrayList<>();
        try (IndexCursor c = tree.scan(KeyRange.all(), false)) {
            while (c.next()) {
                out.add((ByteBuffer.wrap(c.key()).getLong() ^ Long.MIN_VALUE) + ":" + c.ref());
            }
        }
        return out;
    }

    @Test
    void aBuildHoldsEveryEntryOnceAndLogsEachPageOnceInsteadOfEachEntry() throws Exception {
        long seed = System.nanoTime();
        System.out.println("BTreeBuildTest seed=" + seed);
        List<long[]> entries = entries(new Random(seed));

        Tree built = emptyTree();
        IndexLoader loader = built.tree().loader();
        for (long[] e : entries) {
            loader.add(key(e[0]), e[1]);
        }
        loader.finish();
        Tree inserted = emptyTree();
        for (long[] e : entries) {
            inserted.tree().insert(key(e[0]), e[1]);
        }

        assertEquals(contents(inserted.tree()), contents(built.tree()), "seed " + seed);
        assertEquals(inserted.tree().verify(), built.tree().verify());
        assertEquals(inserted.tree().entryCount(), built.tree().entryCount());
        assertEquals(0, built.tree().splits());
        assertEquals(0, built.log().count(BTreeLog.LEAF_INSERT));
        // Each page once, and the meta page: the log holds about the tree's bytes, not a record per entry.
        long pages = built.tree().extentForTest();
        assertTrue(built.log().appendedLsn() < pages * PAGE, built.log().appendedLsn() + " log bytes for " + pages
            + " pages");
        assertTrue(built.log().appendedLsn() * 3 < inserted.log().appendedLsn(), "built " + built.log().appendedLsn()
            + " log bytes, inserted one by one " + inserted.log().appendedLsn());
        // Packed nodes: fewer pages than a tree whose leaves were split in halves.
        assertTrue(pages * 10 < inserted.tree().extentForTest() * 9, pages + " pages built, "
            + inserted.tree().extentForTest() + " inserted");
        System.out.println("BTreeBuildTest: " + pages + " pages and " + built.log().appendedLsn()
            + " log bytes built, " + inserted.tree().extentForTest() + " pages and " + inserted.log().appendedLsn()
            + " log bytes inserted one by one");
    }

    /**
     * Checkpoints write the tree's dirty pages while the build fills them (under no latch of the tree's): every page
     * must still reach the disk whole, so a tree opened from the file alone holds every entry.
     */
    @Test
    void aBuildWhileCheckpointsWritePagesLeavesEveryEntryOnDisk() throws Exception {
        long seed = System.nanoTime();
        System.out.println("BTreeBuildTest seed=" + seed);
        Random random = new Random(seed);
        // Three builds: a page written while it is filled is caught in about half of them.
        for (int round = 0; round < 3; round++) {
            PageFile file = new PageFile(3, "idx", PageKind.INDEX, PAGE, new MemoryPageChannel(), new IoAccounting());
            BufferPool pool = new BufferPool(PAGE, 512L * PAGE);
            BTree tree = BTree.create("idx", TableIndex.Reference.ROW_ID, file, pool, new RecordingLog(),
                FullPageImages.NEVER, 3);
            AtomicBoolean building = new AtomicBoolean(true);
            AtomicLong checkpoints = new AtomicLong();
            Thread checkpointer = new Thread(() -> {
                while (building.get()) {
                    tree.flush();
                    pool.flushAll();
                    checkpoints.incrementAndGet();
                }
            });
            TreeSet<Long> keys = new TreeSet<>();
            IndexLoader loader = tree.loader();
            for (int i = 0; i < 200_000; i++) {
                long k = random.nextInt(1 << 30);
                keys.add(k);
                loader.add(key(k), k);
            }
            checkpointer.start();
            loader.finish();
            building.set(false);
            checkpointer.join();
            tree.flush();
            pool.flushAll();
            assertTrue(checkpoints.get() > 0);
            try (BTree fromDisk = BTree.open("idx", TableIndex.Reference.ROW_ID, file,
                new BufferPool(PAGE, 64L * PAGE), RedoLog.NONE, FullPageImages.NEVER, 3)) {
                List<String> expected = new ArrayList<>();
                keys.forEach(k -> expected.add(k + ":" + k));
                List<String> actual = contents(fromDisk);
                assertEquals(expected.size(), actual.size(), "seed " + seed + ", round " + round);
                assertTrue(expected.equals(actual), "seed " + seed + ", round " + round);
            }
        }
    }

    @Test
    void aBuiltTreeTakesInsertsAndRemovalsLikeAnyOther() throws Exception {
        long seed = System.nanoTime();
        System.out.println("BTreeBuildTest seed=" + seed);
        Random random = new Random(seed);
        Tree built = emptyTree();
        TreeSet<Long> model = new TreeSet<>();
        IndexLoader loader = built.tree().loader();
        for (int i = 0; i < 20_000; i++) {
            long k = random.nextInt(200_000);
            model.add(k);
            loader.add(key(k), k);
        }
        loader.finish();
        // Inserts into packed leaves split them; removals merge them again.
        for (int i = 0; i < 40_000; i++) {
            long k = random.nextInt(200_000);
            if (i < 20_000 || random.nextBoolean()) {
                assertEquals(model.add(k), built.tree().insert(key(k), k), "insert " + k + ", seed " + seed);
            } else {
                assertEquals(model.remove(k), built.tree().remove(key(k), k), "remove " + k + ", seed " + seed);
            }
        }
        assertTrue(built.tree().splits() > 0, "splits");
        assertEquals(model.size(), built.tree().verify());
        List<String> expected = new ArrayList<>();
        model.forEach(k -> expected.add(k + ":" + k));
        assertEquals(expected, contents(built.tree()), "seed " + seed);
    }

    /** Past its buffer, a loader enters the run so far; the tree is then not empty and takes later runs in order. */
    @Test
    void entriesPastTheLoadersBufferAreEnteredInLaterRuns() throws Exception {
        Tree built = emptyTree();
        IndexLoader loader = built.tree().loader(64 * 1024);
        List<String> expected = new ArrayList<>();
        for (long k = 20_000; k > 0; k--) {
            loader.add(key(k), k);
        }
        loader.finish();
        for (long k = 1; k <= 20_000; k++) {
            expected.add(k + ":" + k);
        }
        assertEquals(expected, contents(built.tree()));
        assertEquals(20_000, built.tree().verify());
        assertTrue(built.log().count(BTreeLog.LEAF_INSERT) > 0, "later runs were inserted entry by entry");
        assertTrue(built.log().count(BTreeLog.LEAF_INSERT) < 20_000, "the first run was built");
    }

    @Test
    void aKeyTooLargeForANodeFailsWhenItIsAdded() throws Exception {
        Tree built = emptyTree();
        IndexLoader loader = built.tree().loader();
        loader.add(key(1), 1);
        VersoException e = assertThrows(VersoException.class, () -> loader.add(new byte[PAGE], 2));
        assertEquals("54000", e.sqlState());
    }

    @Test
    void anEmptyBuildLeavesAnEmptyTree() throws Exception {
        Tree built = emptyTree();
        built.tree().loader().finish();
        assertEquals(0, built.tree().verify());
        assertTrue(built.tree().insert(key(5), 5));
        assertEquals(List.of("5:5"), contents(built.tree()));
    }
}
