package org.verso.storage.index.btree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.storage.index.IndexCursor;
import org.verso.storage.index.KeyRange;
import org.verso.storage.index.TableIndex;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.io.FilePageChannel;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.FailingPageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.Page;
import org.verso.storage.page.PageFile;
import org.verso.storage.wal.Durability;
import org.verso.storage.wal.FullPageImages;
import org.verso.storage.wal.LogReader;
import org.verso.storage.wal.RecordType;
import org.verso.storage.wal.RedoHandler;
import org.verso.storage.wal.RedoLog;
import org.verso.storage.wal.WriteAheadLog;

/**
 * A B+tree change whose log record cannot be appended (the log's buffer is full and the disk is too: 53100) must
 * leave the tree as it was, in memory as on disk: a page holding a change the log does not have would either keep an
 * entry the caller was told is not there (and make its next insert of that entry a no-op nothing logs, so a crash
 * loses it), or make a later logged change fail to apply at recovery. Four writers insert and remove keys, leaf
 * changes and splits and merges alike, while about one append in eight fails, checkpoints write pages and a small
 * pool evicts them, and about one page write in six fails too (a pin that must evict fails); the tree must hold
 * exactly the changes that succeeded, live and after redo from the log onto the pages on disk.
 */
class BTreeLogFailureTest {
    private static final int PAGE = 4096;
    private static final long SEGMENT = 1L << 20;
    private static final long STREAM = 11;

    @TempDir
    Path dir;

    private static byte[] key(long k) {
        return ByteBuffer.allocate(8).putLong(k ^ Long.MIN_VALUE).array();
    }

    /** A log whose appends fail, before writing anything, when the test's dice say so. */
    private static final class FailingLog implements RedoLog {
        private final RedoLog log;
        private final Random random;
        private volatile boolean failing = true;
        final AtomicLong failures = new AtomicLong();

        FailingLog(RedoLog log, long seed) {
            this.log = log;
            this.random = new Random(seed);
        }

        @Override
        public long append(RecordType type, int payloadLength, PayloadWriter payload) {
            boolean fail;
            synchronized (random) {
                fail = failing && random.nextInt(8) == 0;
            }
            if (fail) {
                failures.incrementAndGet();
                throw ErrorCode.DISK_FULL.exception("the log");
            }
            return log.append(type, payloadLength, payload);
        }

        @Override
        public void awaitCommit(long lsn) {
            log.awaitCommit(lsn);
        }

        @Override
        public void flushTo(long lsn) {
            log.flushTo(lsn);
        }

        @Override
        public long appendedLsn() {
            return log.appendedLsn();
        }

        @Override
        public long durableLsn() {
            return log.durableLsn();
        }

        @Override
        public long commitHorizon() {
            return log.commitHorizon();
        }
    }

    @Test
    void aChangeWhoseLogRecordFailsLeavesTheTreeAsItWas() throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("BTreeLogFailureTest seed=" + seed);
        Random random = new Random(seed);
        IoAccounting io = new IoAccounting();
        BufferPool pool = new BufferPool(PAGE, 48L * PAGE);
        // About one page write in six fails as on a full disk, once the tree exists.
        Random dice = new Random(random.nextLong());
        AtomicBoolean diskFailing = new AtomicBoolean();
        AtomicLong diskFailures = new AtomicLong();
        FailingPageChannel disk = new FailingPageChannel(new FilePageChannel(dir.resolve("idx")),
            "No space left on device", () -> {
                synchronized (dice) {
                    boolean fail = diskFailing.get() && dice.nextInt(6) == 0;
                    if (fail) {
                        diskFailures.incrementAndGet();
                    }
                    return fail;
                }
            });
        PageFile file = new PageFile(1, "idx", PageKind.INDEX, PAGE, disk, io);
        WriteAheadLog wal = new WriteAheadLog(dir.resolve("wal"), SEGMENT, ChannelFactory.FILES,
            io.register("wal", PageKind.WAL), Durability.SYNC, 0, -1);
        pool.setRedoLog(wal);
        FailingLog log = new FailingLog(wal, random.nextLong());
        FullPageImages images = new FullPageImages(0);
        BTree tree = BTree.create("idx", TableIndex.Reference.ROW_ID, file, pool, wal, images, STREAM);
        tree.close();
        tree = BTree.open("idx", TableIndex.Reference.ROW_ID, file, pool, log, images, STREAM);
        BTree live = tree;
        diskFailing.set(true);

        ConcurrentSkipListSet<Long> expected = new ConcurrentSkipListSet<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong failedChanges = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            int id = w;
            long writerSeed = random.nextLong();
            threads.add(new Thread(() -> {
                Random r = new Random(writerSeed);
                TreeSet<Long> mine = new TreeSet<>();
                try {
                    for (int i = 0; i < 6_000; i++) {
                        long k = r.nextInt(20_000) * 4L + id;
                        // Grow, then shrink to a fraction: removals that empty whole leaves, so merges happen
                        // whatever the timing of the writers.
                        boolean grow = i < 3_000;
                        boolean insert = mine.isEmpty() || (grow ? r.nextInt(3) > 0 : r.nextInt(6) == 0);
                        long target = insert ? k : (mine.ceiling(k) == null ? mine.first() : mine.ceiling(k));
                        try {
                            if (insert) {
                                assertEquals(mine.add(target), live.insert(key(target), target), "insert " + target);
                            } else {
                                mine.remove(target);
                                assertTrue(live.remove(key(target), target), "remove " + target);
                            }
                        } catch (VersoException e) {
                            assertEquals("53100", e.sqlState());
                            failedChanges.incrementAndGet();
                            // The change did not happen: the model goes back to what the tree must still hold.
                            if (insert) {
                                mine.remove(target);
                            } else {
                                mine.add(target);
                            }
                        }
                        if (i % 200 == 199) {
                            // A writer checkpoints too, so that page writes fail between its changes however
                            // the checkpointer thread is scheduled.
                            checkpoint(images, wal, live, pool);
                        }
                    }
                    expected.addAll(mine);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        Thread checkpointer = new Thread(() -> {
            try {
                while (threads.stream().anyMatch(Thread::isAlive)) {
                    Thread.sleep(1);
                    checkpoint(images, wal, live, pool);
                }
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        });
        threads.forEach(Thread::start);
        checkpointer.start();
        for (Thread t : threads) {
            t.join();
        }
        checkpointer.join();
        if (failure.get() != null) {
            throw new AssertionError("seed " + seed, failure.get());
        }
        diskFailing.set(false);
        System.out.println("BTreeLogFailureTest: failed changes " + failedChanges.get() + ", failed page writes "
            + diskFailures.get() + ", splits " + tree.splits() + ", merges " + tree.merges());
        assertTrue(failedChanges.get() > 100 && diskFailures.get() > 10 && tree.splits() > 10
            && tree.merges() > 0, "failed changes " + failedChanges.get() + ", failed page writes "
            + diskFailures.get() + ", splits " + tree.splits() + ", merges " + tree.merges());
        assertEquals(new ArrayList<>(expected), refs(tree), "live, seed " + seed);
        assertEquals(expected.size(), tree.verify(), "live, seed " + seed);

        // A crash: half the dirty pages reach the disk, the rest are lost; redo from the start of the log.
        wal.flushTo(wal.appendedLsn());
        for (long pageNo : pool.dirtyPages(file)) {
            Page page = pool.pinCached(file, pageNo);
            if (page != null) {
                if (random.nextBoolean()) {
                    pool.writeIfDirty(page);
                }
                pool.unpin(page);
            }
        }
        wal.close();
        file.close();
        BufferPool recovered = new BufferPool(PAGE, 48L * PAGE);
        PageFile reopened = new PageFile(1, "idx", PageKind.INDEX, PAGE, new FilePageChannel(dir.resolve("idx")), io);
        Map<Byte, RedoHandler> handlers = new HashMap<>();
        BTree.registerRedo((type, handler) -> handlers.put(type.code(), handler), recovered,
            stream -> stream == STREAM ? reopened : null);
        try (LogReader reader = WriteAheadLog.reader(dir.resolve("wal"), SEGMENT, ChannelFactory.FILES,
            io.register("wal", PageKind.WAL))) {
            reader.read(0, (type, payload, end) -> handlers.get(type).redo(payload, end));
        }
        try (BTree again = BTree.open("idx", TableIndex.Reference.ROW_ID, reopened, recovered, RedoLog.NONE,
            FullPageImages.NEVER, STREAM)) {
            assertEquals(expected.size(), again.verify(), "recovered, seed " + seed);
            assertEquals(new ArrayList<>(expected), refs(again), "recovered, seed " + seed);
        }
        reopened.close();
    }

    /** Writes the dirty pages as a checkpoint does; a page write that fails as on a full disk fails it. */
    private static void checkpoint(FullPageImages images, WriteAheadLog wal, BTree tree, BufferPool pool) {
        try {
            images.advance(wal::appendedLsn);
            tree.flush();
            pool.flushAll();
        } catch (VersoException e) {
            assertEquals("53100", e.sqlState());
        }
    }

    private static List<Long> refs(BTree tree) {
        List<Long> refs = new ArrayList<>();
        try (IndexCursor c = tree.scan(KeyRange.all(), false)) {
            while (c.next()) {
                refs.add(c.ref());
            }
        }
        return refs;
    }
}
