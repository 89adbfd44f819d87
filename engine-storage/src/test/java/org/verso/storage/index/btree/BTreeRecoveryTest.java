package org.verso.storage.index.btree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.storage.index.IndexCursor;
import org.verso.storage.index.KeyRange;
import org.verso.storage.index.TableIndex;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.io.FilePageChannel;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.PageFile;
import org.verso.storage.page.PageHeader;
import org.verso.storage.wal.Durability;
import org.verso.storage.wal.FullPageImages;
import org.verso.storage.wal.LogReader;
import org.verso.storage.wal.RedoHandler;
import org.verso.storage.wal.WriteAheadLog;

/**
 * Crash recovery of a B+tree: writers change it from many threads while checkpoints run (advancing the full-page-
 * image threshold, writing the tree's pages under their latches) and a small pool evicts pages; then the process
 * "dies" with dirty pages unwritten, and pages written since the last checkpoint are torn (half of each overwritten
 * with garbage, as a crash in the middle of the write leaves them). Redo from the last checkpoint's redo point must
 * rebuild exactly the entries the writers left, twice over (a crash during recovery replays the same records).
 */
class BTreeRecoveryTest {
    private static final int PAGE = 4096;
    private static final long SEGMENT = 1L << 20;
    private static final long STREAM = 9;

    @TempDir
    Path dir;

    private static byte[] key(long k) {
        return ByteBuffer.allocate(8).putLong(k ^ Long.MIN_VALUE).array();
    }

    @Test
    void redoRebuildsTheTreeAfterACrashWithTornPages() throws Exception {
        crashAndRecover(0);
    }

    /**
     * The same with a tree first built bottom up from 20,000 entries ({@link BTreeBuilder}): the writers change its
     * packed nodes, whose first images are those the build logged.
     */
    @Test
    void redoRebuildsABuiltTreeAfterACrashWithTornPages() throws Exception {
        crashAndRecover(5_000);
    }

    private void crashAndRecover(int loadedPerWriter) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("BTreeRecoveryTest seed=" + seed + ", built from " + 4 * loadedPerWriter + " entries");
        Random random = new Random(seed);
        IoAccounting io = new IoAccounting();
        BufferPool pool = new BufferPool(PAGE, 48L * PAGE);
        PageFile file = new PageFile(1, "idx", PageKind.INDEX, PAGE, new FilePageChannel(dir.resolve("idx")), io);
        WriteAheadLog wal = new WriteAheadLog(dir.resolve("wal"), SEGMENT, ChannelFactory.FILES,
            io.register("wal", PageKind.WAL), Durability.SYNC, 0, -1);
        pool.setRedoLog(wal);
        FullPageImages images = new FullPageImages(0);
        BTree tree = BTree.create("idx", TableIndex.Reference.ROW_ID, file, pool, wal, images, STREAM);

        ConcurrentSkipListSet<Long> expected = new ConcurrentSkipListSet<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong redoPoint = new AtomicLong(0);
        AtomicLong checkpoints = new AtomicLong();
        // Checkpoints run while the writers make all but their last 1,000 changes, which follow the last checkpoint,
        // whatever the timing: pages are written (by eviction) after it, which a crash can tear, and most pages see
        // only entry changes after it, so only their images can rebuild them.
        CountDownLatch firstPhase = new CountDownLatch(4);
        CountDownLatch checkpointsOver = new CountDownLatch(1);
        Thread checkpointer = new Thread(() -> {
            try {
                do {
                    Thread.sleep(random.nextInt(15));
                    long redo = images.advance(wal::appendedLsn);
                    tree.flush();
                    pool.flushAll();
                    file.force();
                    redoPoint.set(redo);
                    checkpoints.incrementAndGet();
                } while (firstPhase.getCount() > 0);
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        });
        List<TreeSet<Long>> loaded = new ArrayList<>();
        org.verso.storage.index.IndexLoader loader = tree.loader();
        for (int w = 0; w < 4; w++) {
            TreeSet<Long> keys = new TreeSet<>();
            while (keys.size() < loadedPerWriter) {
                keys.add(random.nextInt(100_000) * 4L + w);
            }
            keys.forEach(k -> loader.add(key(k), k));
            loaded.add(keys);
        }
        loader.finish();
        assertEquals(4L * loadedPerWriter, tree.verify());
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            int id = w;
            long writerSeed = random.nextLong();
            writers.add(new Thread(() -> {
                Random r = new Random(writerSeed);
                TreeSet<Long> mine = loaded.get(id);
                try {
                    for (int i = 0; i < 12_000; i++) {
                        if (i == 11_000) {
                            firstPhase.countDown();
                            checkpointsOver.await();
                        }
                        long k = r.nextInt(100_000) * 4L + id;
                        // Grow the tree (splits), then shrink it (merges). Removals at random seldom empty a node
                        // (a run here ended with none merged), so writers also remove their lowest keys, as a purge
                        // of old rows does, and the nodes at the tree's left end empty; a built tree's only so.
                        boolean grow = i < 8_000;
                        if (mine.isEmpty() || (grow ? r.nextInt(3) > 0 : r.nextInt(3) == 0)) {
                            assertEquals(mine.add(k), tree.insert(key(k), k));
                        } else {
                            Long victim = loadedPerWriter > 0 || r.nextBoolean() ? mine.first() : mine.ceiling(k);
                            victim = victim == null ? mine.first() : victim;
                            mine.remove(victim);
                            assertTrue(tree.remove(key(victim), victim));
                        }
                    }
                    expected.addAll(mine);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    firstPhase.countDown(); // a writer that failed early ends its phase too
                }
            }));
        }
        checkpointer.start();
        writers.forEach(Thread::start);
        firstPhase.await();
        checkpointer.join();
        checkpointsOver.countDown();
        for (Thread t : writers) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("seed " + seed, failure.get());
        }
        assertTrue(checkpoints.get() > 0 && tree.splits() > 20 && tree.merges() > 0, "checkpoints "
            + checkpoints.get() + ", splits " + tree.splits() + ", merges " + tree.merges());
        // Every change is in the durable log. About half the dirty pages are written (as eviction would), the
        // rest die with the process.
        wal.flushTo(wal.appendedLsn());
        for (long pageNo : pool.dirtyPages(file)) {
            org.verso.storage.page.Page page = pool.pinCached(file, pageNo);
            if (page != null) {
                if (random.nextBoolean()) {
                    pool.writeIfDirty(page);
                }
                pool.unpin(page);
            }
        }
        wal.close();
        file.close();

        long redo = redoPoint.get();
        int torn = tearPagesWrittenSince(redo, random);
        System.out.println("BTreeRecoveryTest: redo from " + redo + " to " + wal.appendedLsn() + ", " + torn
            + " pages torn");
        assertTrue(torn > 0, "pages were written after the last checkpoint");

        for (int pass = 0; pass < 2; pass++) {
            BufferPool recovered = new BufferPool(PAGE, 48L * PAGE);
            PageFile reopened = new PageFile(1, "idx", PageKind.INDEX, PAGE,
                new FilePageChannel(dir.resolve("idx")), io);
            Map<Byte, RedoHandler> handlers = new HashMap<>();
            BTree.registerRedo((type, handler) -> handlers.put(type.code(), handler), recovered,
                stream -> stream == STREAM ? reopened : null);
            try (LogReader reader = WriteAheadLog.reader(dir.resolve("wal"), SEGMENT, ChannelFactory.FILES,
                io.register("wal", PageKind.WAL))) {
                reader.read(redo, (type, payload, end) -> handlers.get(type).redo(payload, end));
            }
            recovered.flushAll();
            reopened.force();
            try (BTree again = BTree.open("idx", TableIndex.Reference.ROW_ID, reopened, recovered,
                org.verso.storage.wal.RedoLog.NONE, FullPageImages.NEVER, STREAM)) {
                assertEquals(expected.size(), again.verify(), "pass " + pass + ", seed " + seed);
                List<Long> actual = new ArrayList<>();
                try (IndexCursor c = again.scan(KeyRange.all(), false)) {
                    while (c.next()) {
                        actual.add(c.ref());
                    }
                }
                assertEquals(new ArrayList<>(expected), actual, "pass " + pass + ", seed " + seed);
            }
            reopened.close();
        }
    }

    /** Overwrites the second half of about half the pages whose on-disk LSN is past {@code redo}. */
    private int tearPagesWrittenSince(long redo, Random random) throws IOException {
        int torn = 0;
        try (FileChannel channel = FileChannel.open(dir.resolve("idx"), StandardOpenOption.READ,
            StandardOpenOption.WRITE)) {
            long pages = channel.size() / PAGE;
            ByteBuffer page = ByteBuffer.allocate(PAGE);
            for (long p = 0; p < pages; p++) {
                page.clear();
                channel.read(page, p * PAGE);
                if (PageHeader.lsn(page) > redo && random.nextBoolean()) {
                    byte[] garbage = new byte[PAGE / 2];
                    random.nextBytes(garbage);
                    channel.write(ByteBuffer.wrap(garbage), p * PAGE + PAGE / 2);
                    torn++;
                }
            }
        }
        return torn;
    }
}
