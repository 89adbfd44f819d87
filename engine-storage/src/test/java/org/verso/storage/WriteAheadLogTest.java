package org.verso.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.io.FilePageChannel;
import org.verso.storage.io.ForwardingPageChannel;
import org.verso.storage.io.IoCounters;
import org.verso.storage.io.PageChannel;
import org.verso.storage.wal.Durability;
import org.verso.storage.wal.LogReader;
import org.verso.storage.wal.LogRecord;
import org.verso.storage.wal.RecordType;
import org.verso.storage.txlog.CommitLog;
import org.verso.storage.wal.WriteAheadLog;

class WriteAheadLogTest {
    private static final long SEGMENT = 64 * 1024;

    private static WriteAheadLog open(Path dir, long end, long last, IoCounters counters) {
        return new WriteAheadLog(dir, SEGMENT, ChannelFactory.FILES, counters, Durability.SYNC, end, last);
    }

    /** Appends a COMMIT record as the commit log writes it. */
    private static long logCommit(WriteAheadLog wal, long txid, long commitTs) {
        return wal.append(CommitLog.COMMIT_RECORD, 16, (buf, at) -> {
            buf.putLong(at, txid);
            buf.putLong(at + 8, commitTs);
        });
    }

    private static List<Long> readTxids(Path dir) {
        return readTxids(dir, SEGMENT);
    }

    private static List<Long> readTxids(Path dir, long segmentBytes) {
        List<Long> txids = new ArrayList<>();
        try (LogReader reader = WriteAheadLog.reader(dir, segmentBytes, ChannelFactory.FILES, new IoCounters())) {
            reader.read(0, (type, payload, end) -> txids.add(payload.getLong(0)));
        }
        return txids;
    }

    /** Writes 1000 commit records (crossing segment boundaries); returns each record's start position. */
    private static long[] writeCommits(Path dir) {
        long[] starts = new long[1000];
        try (WriteAheadLog wal = open(dir, 0, -1, new IoCounters())) {
            for (int i = 0; i < starts.length; i++) {
                long end = logCommit(wal, i, i + 1);
                starts[i] = end - (LogRecord.HEADER + 16);
            }
            wal.flushTo(wal.appendedLsn());
        }
        return starts;
    }

    private static void flipByte(Path dir, long position) throws IOException {
        Path segment = dir.resolve(String.format("%016x.wal", position / SEGMENT));
        try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, position % SEGMENT);
            b.put(0, (byte) (b.get(0) ^ 0x10));
            ch.write(b.flip(), position % SEGMENT);
        }
    }

    @Test
    void everyRecordIsReadBackAcrossSegments(@TempDir Path dir) {
        writeCommits(dir);
        List<Long> txids = readTxids(dir);
        assertEquals(1000, txids.size());
        for (int i = 0; i < 1000; i++) {
            assertEquals(i, txids.get(i));
        }
    }

    @Test
    void aFlippedByteEndsReplayAtThatRecord(@TempDir Path dir) throws IOException {
        long[] starts = writeCommits(dir);
        flipByte(dir, starts[600] + LogRecord.HEADER + 3);
        assertEquals(600, readTxids(dir).size(), "records before the damaged one are replayed, none after");
    }

    /**
     * A power cut can leave a segment file shorter than the log that was written to it (its last extension was never
     * made durable). Where it ends exactly at a record's start, reading there finds end of file, not a short record:
     * that ends the log like a torn tail, it is no failure of the reader.
     */
    @Test
    void aSegmentFileEndingAtARecordStartEndsTheLogThere(@TempDir Path dir) throws IOException {
        long[] starts = writeCommits(dir);
        int record = 700;
        while (starts[record] % SEGMENT == 0) {
            record++; // a cut at offset 0 would leave an empty file, which another test covers
        }
        long cut = starts[record];
        Path segment = dir.resolve(String.format("%016x.wal", cut / SEGMENT));
        try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.WRITE)) {
            ch.truncate(cut % SEGMENT);
        }
        // A channel may answer a read at its end with -1, as a FileChannel does, or with 0.
        ChannelFactory endOfFileIsMinusOne = path -> new ForwardingPageChannel(new FilePageChannel(path)) {
            @Override
            public int read(ByteBuffer dst, long position) throws IOException {
                int n = super.read(dst, position);
                return n == 0 && dst.hasRemaining() ? -1 : n;
            }
        };
        try (LogReader reader = WriteAheadLog.reader(dir, SEGMENT, endOfFileIsMinusOne, new IoCounters())) {
            List<Long> txids = new ArrayList<>();
            reader.read(0, (type, payload, e) -> txids.add(payload.getLong(0)));
            assertEquals(record, txids.size(), "the records before the file's end are replayed");
            assertEquals(cut, reader.endLsn());
        }
    }

    @Test
    void aTornTailIsIgnoredAndAppendingResumesThere(@TempDir Path dir) throws IOException {
        long[] starts = writeCommits(dir);
        long cut = starts[999] + 10;
        Path last = dir.resolve(String.format("%016x.wal", cut / SEGMENT));
        try (FileChannel ch = FileChannel.open(last, StandardOpenOption.WRITE)) {
            ch.truncate(cut % SEGMENT);
        }
        long end;
        long lastStart;
        try (LogReader reader = WriteAheadLog.reader(dir, SEGMENT, ChannelFactory.FILES, new IoCounters())) {
            reader.read(0, (type, payload, e) -> { });
            end = reader.endLsn();
            lastStart = reader.lastRecordStart();
        }
        assertEquals(starts[999], end);
        try (WriteAheadLog wal = open(dir, end, lastStart, new IoCounters())) {
            logCommit(wal, 5000, 5001);
            wal.flushTo(wal.appendedLsn());
        }
        List<Long> txids = readTxids(dir);
        assertEquals(1000, txids.size());
        assertEquals(5000L, txids.get(999));
    }

    private static final RecordType TEST_PAYLOAD = RecordType.declare(90, "test payload");

    /**
     * Threads append records of every size at once, from a few bytes to a third of the log buffer (so appends keep
     * meeting a full buffer and a leader taking it), while some wait for their records to be durable and some
     * payload writers fail half-way. Read back, every record that was appended is there once, whole, in its
     * thread's order, and every failed one left a filler in its place, so the log has no hole.
     */
    @Test
    void concurrentAppendsOfEverySizeAreReadBackWholeAndInOrder(@TempDir Path dir) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("WriteAheadLogTest concurrent appends seed=" + seed);
        int threads = 8;
        int perThread = 300;
        long segmentBytes = 4L << 20;
        java.util.concurrent.atomic.AtomicInteger failed = new java.util.concurrent.atomic.AtomicInteger();
        long end;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (WriteAheadLog wal = new WriteAheadLog(dir, segmentBytes, ChannelFactory.FILES, new IoCounters(),
            Durability.SYNC, 0, -1)) {
            java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(threads);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                java.util.SplittableRandom random = new java.util.SplittableRandom(seed + t);
                futures.add(pool.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    for (int i = 0; i < perThread; i++) {
                        int length = random.nextInt(50) == 0 ? 16 + random.nextInt(WriteAheadLog.BUFFER_BYTES / 3)
                            : 16 + random.nextInt(200);
                        boolean fail = random.nextInt(40) == 0;
                        long seq = i;
                        try {
                            long lsn = wal.append(TEST_PAYLOAD, length, (buf, at) -> {
                                buf.putLong(at, thread);
                                buf.putLong(at + 8, seq);
                                for (int b = 16; b < length; b++) {
                                    if (fail && b == length / 2 + 8) {
                                        throw new IllegalStateException("payload writer failed");
                                    }
                                    buf.put(at + b, (byte) (thread * 31 + seq + b));
                                }
                                if (fail) {
                                    throw new IllegalStateException("payload writer failed");
                                }
                            });
                            if (fail) {
                                throw new AssertionError("a failing payload writer's append returned " + lsn);
                            }
                            if (random.nextInt(4) == 0) {
                                wal.awaitCommit(lsn);
                                assertTrue(wal.durableLsn() >= lsn);
                            }
                        } catch (IllegalStateException e) {
                            assertTrue(fail, "unexpected failure: " + e);
                            failed.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(120, TimeUnit.SECONDS);
            }
            end = wal.appendedLsn();
            wal.flushTo(end);
        } finally {
            pool.shutdown();
        }
        long[] next = new long[threads];
        int[] fillers = {0};
        int[] records = {0};
        try (LogReader reader = WriteAheadLog.reader(dir, segmentBytes, ChannelFactory.FILES, new IoCounters())) {
            reader.read(0, (type, payload, e) -> {
                if (type == WriteAheadLog.FILLER.code()) {
                    fillers[0]++;
                    return;
                }
                assertEquals(TEST_PAYLOAD.code(), type);
                int thread = (int) payload.getLong(0);
                long seq = payload.getLong(8);
                assertTrue(seq >= next[thread], "thread " + thread + ": record " + seq + " after " + next[thread]);
                for (int b = 16; b < payload.remaining(); b++) {
                    if (payload.get(b) != (byte) (thread * 31 + seq + b)) {
                        throw new AssertionError("thread " + thread + " record " + seq + " byte " + b);
                    }
                }
                next[thread] = seq + 1;
                records[0]++;
            });
            assertEquals(end, reader.endLsn(), "the log is read to its end: no hole stopped replay");
        }
        assertEquals(failed.get(), fillers[0]);
        assertEquals(threads * perThread - failed.get(), records[0], "every appended record is read back");
        assertTrue(failed.get() > 0, "some payload writers failed");
        System.out.println("concurrent appends: " + failed.get() + " fillers, log of " + end + " bytes");
    }

    /**
     * An append whose payload writer fails leaves a filler record where its bytes were reserved; recovery replays
     * past it to the records after it.
     */
    @Test
    void recoveryPassesOverTheFillerOfAFailedAppend(@TempDir Path dir) throws IOException {
        StorageOptions options = StorageOptions.defaults(4096, 1 << 20);
        try (StorageEngine storage = StorageEngine.open(dir, options)) {
            storage.recover(java.util.Set.of(), java.util.Set.of());
            IllegalStateException failure = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> storage.redoLog().append(TEST_PAYLOAD, 64, (buf, at) -> {
                    throw new IllegalStateException("payload writer failed");
                }));
            assertEquals("payload writer failed", failure.getMessage());
            long lsn = storage.commitLog().logCommit(7, 8);
            storage.redoLog().flushTo(lsn);
            storage.commitLog().confirm(7, 8);
        }
        // Without its control file the database replays its whole log, the filler included.
        Files.delete(dir.resolve(ControlFile.NAME));
        try (StorageEngine storage = StorageEngine.open(dir, options)) {
            storage.recover(java.util.Set.of(), java.util.Set.of());
            assertEquals(8, storage.commitLog().maxLoggedTimestamp(), "the commit after the filler was replayed");
        }
    }

    /**
     * Runs {@code threads} committers that start together and each commit {@code perThread} times, waiting for every
     * commit to be durable; transaction ids are thread * 1000 + i.
     */
    private static void commitInThreads(WriteAheadLog wal, int threads, int perThread) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    for (int i = 0; i < perThread; i++) {
                        long lsn = logCommit(wal, thread * 1000L + i, 1);
                        wal.awaitCommit(lsn);
                        assertTrue(wal.durableLsn() >= lsn);
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void concurrentCommitsShareForces(@TempDir Path dir) throws Exception {
        IoCounters counters = new IoCounters();
        int threads = 16;
        int perThread = 200;
        try (WriteAheadLog wal = open(dir, 0, -1, counters)) {
            commitInThreads(wal, threads, perThread);
        }
        assertEquals(threads * perThread, readTxids(dir).size());
        System.out.println("group commit: " + threads * perThread + " commits, " + counters.fsyncs() + " fsyncs");
        assertTrue(counters.fsyncs() < threads * perThread, "some forces were shared: " + counters.fsyncs());
    }

    /**
     * Eight threads commit in a loop on a log whose force takes 4 ms. Without gathering, the threads that one force
     * served commit again while the next runs, so they fall into two groups that take turns, about four commits per
     * force; the leader's wait for the others makes one force serve nearly all eight.
     */
    @Test
    void aLeaderGathersTheCommittersItsPreviousFlushServed(@TempDir Path dir) throws Exception {
        IoCounters counters = new IoCounters();
        ChannelFactory slowForce = path -> new ForwardingPageChannel(new FilePageChannel(path)) {
            @Override
            public void force() throws IOException {
                super.force();
                if (path.getFileName().toString().endsWith(".wal")) {
                    java.util.concurrent.locks.LockSupport.parkNanos(4_000_000);
                }
            }
        };
        int threads = 8;
        int perThread = 40;
        try (WriteAheadLog wal = new WriteAheadLog(dir, SEGMENT, slowForce, counters, Durability.SYNC, 0, -1)) {
            wal.awaitCommit(logCommit(wal, 99_999, 1)); // the segment is made ready before the committers start
            long forcesBefore = counters.fsyncs();
            commitInThreads(wal, threads, perThread);
            long forces = counters.fsyncs() - forcesBefore;
            double perForce = (double) threads * perThread / forces;
            System.out.printf("gathering: %d commits, %d forces, %.1f commits per force%n", threads * perThread,
                forces, perForce);
            assertTrue(perForce >= 6, "commits per force: " + perForce);
        }
        assertEquals(threads * perThread + 1, readTxids(dir).size());
    }

    /**
     * Committers are interrupted at random while they write, force or wait for the group-commit leader: every
     * commit still becomes durable, and every interrupt is still pending in its thread afterwards.
     */
    @Test
    void interruptedCommittersNeitherFailNorBreakTheLog(@TempDir Path dir) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("WriteAheadLogTest interrupts seed=" + seed);
        int threads = 8;
        int perThread = 300;
        java.util.concurrent.atomic.AtomicInteger interruptsKept = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        try (WriteAheadLog wal = open(dir, 0, -1, new IoCounters())) {
            List<Thread> committers = new ArrayList<>();
            java.util.concurrent.atomic.AtomicReference<Throwable> failure =
                new java.util.concurrent.atomic.AtomicReference<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                committers.add(new Thread(() -> {
                    try {
                        for (int i = 0; i < perThread; i++) {
                            long lsn = logCommit(wal, thread * 1000L + i, 1);
                            wal.awaitCommit(lsn);
                            assertTrue(wal.durableLsn() >= lsn);
                            if (Thread.interrupted()) {
                                interruptsKept.incrementAndGet();
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }));
            }
            java.util.Random chaos = new java.util.Random(seed);
            Thread interrupter = new Thread(() -> {
                while (!done.get()) {
                    committers.get(chaos.nextInt(threads)).interrupt();
                    for (int spin = chaos.nextInt(50_000); spin > 0; spin--) {
                        Thread.onSpinWait();
                    }
                }
            });
            committers.forEach(Thread::start);
            interrupter.start();
            for (Thread c : committers) {
                c.join(120_000);
            }
            done.set(true);
            interrupter.join();
            if (failure.get() != null) {
                throw new AssertionError("a commit failed under interrupts", failure.get());
            }
            assertTrue(interruptsKept.get() > 0, "interrupts reached the committers and were kept");
        }
        assertEquals(threads * perThread, readTxids(dir).size(), "every commit is in the log");
    }

    /**
     * A new segment file starts small and doubles as the log reaches its end, never past the segment size, and is
     * always allocated beyond what was written; after a reopen, appending goes on from the file as it is.
     */
    @Test
    void aNewSegmentStartsSmallAndGrowsAheadOfTheWriter(@TempDir Path dir) throws IOException {
        long segment = 4L << 20;
        Path first = dir.resolve(String.format("%016x.wal", 0));
        // The extents the background extension made, in order: the size of the file when it forces it. Sampling the
        // size from the writer instead missed an extent that the next one followed at once, on a busy machine.
        List<Long> extents = java.util.Collections.synchronizedList(new ArrayList<>());
        long end;
        // The file's size is read only between extensions: the background extension writes its zeros in chunks.
        AtomicBoolean extending = new AtomicBoolean();
        ChannelFactory tracking = path -> new ForwardingPageChannel(new FilePageChannel(path)) {
            @Override
            public void write(ByteBuffer src, long position) throws IOException {
                if (Thread.currentThread().getName().equals("verso-wal-extender")) {
                    extending.set(true);
                }
                super.write(src, position);
            }

            @Override
            public void force() throws IOException {
                super.force();
                if (Thread.currentThread().getName().equals("verso-wal-extender")) {
                    if (path.equals(first)) {
                        extents.add(size());
                    }
                    extending.set(false);
                }
            }
        };
        try (WriteAheadLog wal = new WriteAheadLog(dir, segment, tracking, new IoCounters(),
            Durability.SYNC, 0, -1)) {
            logCommit(wal, 0, 1);
            wal.awaitCommit(wal.appendedLsn());
            assertEquals(WriteAheadLog.FIRST_SEGMENT_BYTES, Files.size(first), "a new segment's first extent");
            // Into the second segment only so far that, one extension ahead of the log, its file is not full yet.
            for (int i = 1; wal.appendedLsn() < segment * 9 / 8; i++) {
                logCommit(wal, i, i + 1);
                if (i % 500 == 0) {
                    wal.awaitCommit(wal.appendedLsn());
                    while (extending.get()) {
                        Thread.onSpinWait();
                    }
                    long size = Files.size(first);
                    assertTrue(size >= Math.min(segment, wal.appendedLsn()), size + " bytes, log at "
                        + wal.appendedLsn());
                }
            }
            wal.awaitCommit(wal.appendedLsn());
            end = wal.appendedLsn();
        }
        assertEquals(List.of(512L << 10, 1L << 20, 2L << 20, 4L << 20), extents,
            "the file doubles up to the segment size, each extent made ahead of the writer");
        Path second = dir.resolve(String.format("%016x.wal", 1));
        long secondSize = Files.size(second);
        assertTrue(secondSize < segment && secondSize >= end - segment, secondSize + " bytes");
        try (WriteAheadLog wal = new WriteAheadLog(dir, segment, ChannelFactory.FILES, new IoCounters(),
            Durability.SYNC, end, -1)) {
            while (wal.appendedLsn() < segment * 2 + 1000) {
                logCommit(wal, 7, 8);
            }
            wal.awaitCommit(wal.appendedLsn());
        }
        assertEquals(segment, Files.size(second), "reopened, the segment grew on to its full size");
    }

    /**
     * Once writes pass half of a segment file's extent, the next extent is zero-filled by a background thread: the
     * committing thread writes zeros only to start a new segment file, never to grow one, when it leaves the
     * extension time to finish. Every zero-filled range starts where the file's previous extent ended.
     */
    @Test
    void extentsAreZeroFilledAheadOfTheWriterOffTheCommitPath(@TempDir Path dir) throws Exception {
        long segment = 4L << 20;
        Path first = dir.resolve(String.format("%016x.wal", 0));
        List<String> zeroWrites = java.util.Collections.synchronizedList(new ArrayList<>());
        ChannelFactory recording = path -> new ForwardingPageChannel(new FilePageChannel(path)) {
            @Override
            public void write(ByteBuffer src, long position) throws IOException {
                if (isZero(src)) {
                    zeroWrites.add(Thread.currentThread().getName() + "@" + position);
                }
                super.write(src, position);
            }
        };
        try (WriteAheadLog wal = new WriteAheadLog(dir, segment, recording, new IoCounters(), Durability.SYNC, 0,
            -1)) {
            for (int i = 0; wal.appendedLsn() < segment - 64 * 1024; i++) {
                logCommit(wal, i, i + 1);
                if (i % 500 == 0) {
                    wal.awaitCommit(wal.appendedLsn());
                    long size = Files.size(first);
                    if (wal.appendedLsn() >= size / 2 && size < segment) {
                        // The extension was handed to the background thread; give it the time a commit would.
                        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                        while (Files.size(first) == size && System.nanoTime() < deadline) {
                            Thread.sleep(1);
                        }
                    }
                }
            }
            wal.awaitCommit(wal.appendedLsn());
        }
        String self = Thread.currentThread().getName();
        List<String> mine = zeroWrites.stream().filter(w -> w.startsWith(self + "@")).toList();
        assertEquals(List.of(self + "@0"), mine, "the writer only started the file: " + zeroWrites);
        List<Long> extended = zeroWrites.stream().filter(w -> w.startsWith("verso-wal-extender@"))
            .map(w -> Long.parseLong(w.substring(w.indexOf('@') + 1))).distinct().toList();
        assertTrue(extended.containsAll(List.of(256L << 10, 512L << 10, 1L << 20, 2L << 20)), zeroWrites.toString());
        assertEquals(segment, Files.size(first));
    }

    /**
     * Log written for anything but a commit (a full log buffer, the write-ahead rule of a page being evicted, a
     * checkpoint), as a bulk load writes it, grows the segment file by its own bytes: zeros written ahead of it
     * would be overwritten at once and double what the device is given. Commits still find the file zero-filled
     * ahead of them.
     */
    @Test
    void logThatIsNotForcedYetIsWrittenOnceWithoutZerosAhead(@TempDir Path dir) throws Exception {
        long segment = 8L << 20;
        List<Long> zeroWritesAt = java.util.Collections.synchronizedList(new ArrayList<>());
        ChannelFactory recording = path -> new ForwardingPageChannel(new FilePageChannel(path)) {
            @Override
            public void write(ByteBuffer src, long position) throws IOException {
                if (isZero(src)) {
                    zeroWritesAt.add(position);
                }
                super.write(src, position);
            }
        };
        IoCounters counters = new IoCounters();
        long bulkEnd;
        int records = 0;
        try (WriteAheadLog wal = new WriteAheadLog(dir, segment, recording, counters, Durability.SYNC, 0, -1)) {
            // About 5 MB of records and no commit: writes come from full log buffers and from forces as the
            // write-ahead rule makes them when the pool writes a page.
            while (wal.appendedLsn() < 5L << 20) {
                logCommit(wal, records, records + 1);
                records++;
                if (records % 10_000 == 0) {
                    wal.flushTo(wal.appendedLsn());
                }
            }
            bulkEnd = counters.bytesWritten();
            assertTrue(bulkEnd > 3L << 20, bulkEnd + " bytes written");
            assertTrue(zeroWritesAt.stream().allMatch(at -> at == 0), "zeros only for a file's first extent, when it"
                + " was created: " + zeroWritesAt);
            assertTrue(bulkEnd <= wal.appendedLsn() + 2 * WriteAheadLog.FIRST_SEGMENT_BYTES, bulkEnd
                + " bytes written for " + wal.appendedLsn() + " of log");
            // Then commits: the file is zero-filled ahead of them again, past the log written.
            long written = counters.bytesWritten() - WriteAheadLog.FIRST_SEGMENT_BYTES;
            for (int i = 0; i < 2_000; i++) {
                logCommit(wal, records, records + 1);
                records++;
                if (i % 100 == 0) {
                    wal.awaitCommit(wal.appendedLsn());
                }
            }
            wal.awaitCommit(wal.appendedLsn());
            long after = written;
            assertTrue(zeroWritesAt.stream().anyMatch(at -> at >= after), "zero-filled ahead of the commits: "
                + zeroWritesAt);
        }
        List<Long> txids = readTxids(dir, segment);
        assertEquals(records, txids.size());
        for (int i = 0; i < records; i++) {
            assertEquals(i, txids.get(i));
        }
    }

    private static boolean isZero(ByteBuffer buffer) {
        for (int i = buffer.position(); i < buffer.limit(); i++) {
            if (buffer.get(i) != 0) {
                return false;
            }
        }
        return true;
    }

    @Test
    void segmentsBeforeTheRedoPointAreRecycled(@TempDir Path dir) throws IOException {
        try (WriteAheadLog wal = open(dir, 0, -1, new IoCounters())) {
            for (int i = 0; i < 5000; i++) {
                logCommit(wal, i, i);
            }
            wal.flushTo(wal.appendedLsn());
            wal.recycleBefore(wal.appendedLsn());
            for (int i = 0; i < 5000; i++) {
                logCommit(wal, i, i);
            }
            wal.flushTo(wal.appendedLsn());
        }
        try (var files = Files.list(dir)) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertTrue(names.stream().anyMatch(n -> n.endsWith(".spare")) || names.size() <= 6, names.toString());
        }
    }

    @Test
    void aSegmentsFileIsMadeReadyAheadOfTheCommitThatFirstWritesToIt(@TempDir Path dir) throws IOException {
        List<String> forcingThreads = Collections.synchronizedList(new ArrayList<>());
        ChannelFactory recording = new ChannelFactory() {
            @Override
            public PageChannel open(Path path) throws IOException {
                return new FilePageChannel(path);
            }

            @Override
            public void forceDirectory(Path directory) throws IOException {
                forcingThreads.add(Thread.currentThread().getName());
                ChannelFactory.FILES.forceDirectory(directory);
            }
        };
        try (WriteAheadLog wal = new WriteAheadLog(dir, SEGMENT, recording, new IoCounters(), Durability.SYNC, 0,
            -1)) {
            for (int i = 0; wal.appendedLsn() < 6 * SEGMENT; i++) {
                logCommit(wal, i, i + 1);
                wal.flushTo(wal.appendedLsn());
            }
            wal.recycleBefore(4 * SEGMENT); // segments 0 to 3 become spares or go
            while (wal.appendedLsn() < 9 * SEGMENT) {
                logCommit(wal, 1, 1);
                wal.flushTo(wal.appendedLsn());
            }
        }
        // Segment 0 is created by the first commit, and recycling forces once, both on the committing side; each of
        // segments 1 to 9, new or a spare renamed into place, was made ready (its name forced) by the background
        // thread before the log reached it.
        assertTrue(!forcingThreads.isEmpty() && !forcingThreads.get(0).equals("verso-wal-extender"),
            forcingThreads.toString());
        assertEquals(9, forcingThreads.stream().filter("verso-wal-extender"::equals).count(),
            forcingThreads.toString());
        assertEquals(11, forcingThreads.size(), forcingThreads.toString());
    }

    @Test
    void everySegmentCreatedOrRenamedIntoPlaceIsFollowedByADirectoryForce(@TempDir Path dir) {
        IoCounters counters = new IoCounters();
        try (WriteAheadLog wal = open(dir, 0, -1, counters)) {
            long segmentsBefore = 1; // the first write opens segment 0
            for (int i = 0; i < 3000; i++) {
                logCommit(wal, i, i + 1);
            }
            // Ending in the first half of a segment: its successor is made ready only once writes pass the half.
            while (wal.appendedLsn() % SEGMENT >= SEGMENT / 2) {
                logCommit(wal, 1, 1);
            }
            wal.flushTo(wal.appendedLsn());
            long segments = wal.appendedLsn() / SEGMENT + segmentsBefore;
            assertEquals(segments, counters.directoryForces(), "one force per segment created");
            long forcedBeforeRecycling = counters.directoryForces();
            wal.recycleBefore(wal.appendedLsn() - wal.appendedLsn() % SEGMENT);
            assertEquals(forcedBeforeRecycling + 1, counters.directoryForces(), "recycling renames, then forces once");
            long end = wal.appendedLsn();
            while (wal.appendedLsn() / SEGMENT == end / SEGMENT) {
                logCommit(wal, 1, 1);
            }
            wal.flushTo(wal.appendedLsn());
            assertEquals(forcedBeforeRecycling + 2, counters.directoryForces(),
                "a spare renamed into place as the next segment is forced before it is used");
        }
    }
}
