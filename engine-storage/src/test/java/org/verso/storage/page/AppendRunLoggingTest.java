package org.verso.storage.page;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;
import org.verso.storage.wal.RecordingLog;
import org.verso.storage.wal.RecordingLog.Entry;

/**
 * An append region logs the records of a page together, as one run, when a writer asks (its commit) or the page is
 * sealed; recovery puts the runs back. Each test replays what was logged onto an empty file and compares it with
 * what was appended.
 */
class AppendRunLoggingTest {
    private static final int PAGE = 4096;
    private static final long STREAM = 7;

    @Test
    void aPageOfRecordsIsLoggedAsOneRunAndReplayedRecordForRecord() throws Exception {
        long seed = System.nanoTime();
        System.out.println("AppendRunLoggingTest seed " + seed);
        Random random = new Random(seed);
        RecordingLog log = new RecordingLog();
        AppendRegion region = region(log);
        List<byte[]> appended = new ArrayList<>();
        int logCalls = 0;
        for (int i = 0; i < 2_000; i++) {
            byte[] record = new byte[1 + random.nextInt(300)];
            random.nextBytes(record);
            region.append(record.length, (page, at) -> page.put(at, record));
            appended.add(record);
            if (random.nextInt(25) == 0) {
                region.logAppends();
                logCalls++;
            }
        }
        region.logAppends();
        logCalls++;
        long pages = region.pageCount();
        int runs = log.count(AppendRegion.APPEND_RUN);
        assertTrue(runs <= logCalls + pages, runs + " runs for " + logCalls + " requests and " + pages + " pages");
        assertTrue(runs < appended.size() / 10, runs + " runs for " + appended.size() + " records");
        assertRecords(appended, replay(log.records(log.size()), 1));
    }

    @Test
    void replayingRunsTwiceOrOverWrittenPagesGivesTheSameRecords() throws Exception {
        RecordingLog log = new RecordingLog();
        AppendRegion region = region(log);
        List<byte[]> appended = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            byte[] record = new byte[100 + i];
            java.util.Arrays.fill(record, (byte) i);
            region.append(record.length, (page, at) -> page.put(at, record));
            appended.add(record);
            if (i % 7 == 0) {
                region.logAppends();
            }
        }
        region.seal();
        assertRecords(appended, replay(log.records(log.size()), 2));
    }

    @Test
    void aRunTheLogRefusesStaysUnloggedUntilALaterCallLogsIt() throws Exception {
        RecordingLog log = new RecordingLog();
        AppendRegion region = region(log);
        List<byte[]> appended = new ArrayList<>();
        byte[] small = new byte[500];
        for (int i = 0; i < 3; i++) {
            region.append(small.length, (page, at) -> page.put(at, small));
            appended.add(small);
        }
        log.failAppends(true);
        assertThrows(VersoException.class, region::logAppends);
        byte[] large = new byte[3000];
        java.util.Arrays.fill(large, (byte) 9);
        // The head must be logged before it is sealed: the append that needs a new page fails and changes nothing.
        assertThrows(VersoException.class, () -> region.append(large.length, (page, at) -> page.put(at, large)));
        assertEquals(1, region.pageCount());
        log.failAppends(false);
        region.append(large.length, (page, at) -> page.put(at, large));
        appended.add(large);
        region.logAppends();
        assertEquals(2, log.count(AppendRegion.APPEND_RUN), "the first page's three records, then the second's one");
        assertRecords(appended, replay(log.records(log.size()), 1));
    }

    /** A log written before runs existed holds one record per append; recovery still puts each back. */
    @Test
    void aLogOfSingleRecordsIsStillReplayed() throws Exception {
        List<byte[]> appended = new ArrayList<>();
        BufferPool pool = new BufferPool(PAGE, 256L * PAGE);
        PageFile file = new PageFile(1, "heap", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        var handler = AppendRegion.recordRedoHandler(pool, stream -> stream == STREAM ? file : null);
        int at = PageHeader.SIZE;
        long pageNo = 0;
        for (int i = 0; i < 100; i++) {
            byte[] record = new byte[200 + i];
            java.util.Arrays.fill(record, (byte) i);
            if (at + 4 + record.length > PAGE) {
                pageNo++;
                at = PageHeader.SIZE;
            }
            // [stream id][the address of the record's bytes, after its 4-byte frame][the bytes]
            ByteBuffer payload = ByteBuffer.allocate(16 + record.length);
            payload.putLong(STREAM).putLong(AppendRegion.address(pageNo, at + 4)).put(record).flip();
            handler.redo(payload, i + 1);
            appended.add(record);
            at += 4 + record.length;
        }
        pool.flushAll();
        List<byte[]> records = new ArrayList<>();
        new AppendRegion(file, pool).forEach((address, page, offset, length) -> {
            byte[] bytes = new byte[length];
            page.get(offset, bytes);
            records.add(bytes);
        });
        assertRecords(appended, records);
    }

    /**
     * A page that held records logged before the redo point, and was then damaged, is started afresh by redo: its
     * first later run does not start at the page's first frame. Replaying it onto the empty page would make zeros of
     * the records before it; recovery must fail with XX001 instead.
     */
    @Test
    void aRunAfterAGapOnAPageStartedAfreshFailsAsCorruption() throws Exception {
        RecordingLog log = new RecordingLog();
        AppendRegion region = region(log);
        byte[] record = new byte[100];
        for (int i = 0; i < 3; i++) {
            region.append(record.length, (page, at) -> page.put(at, record));
        }
        region.logAppends(); // before the redo point
        region.append(record.length, (page, at) -> page.put(at, record));
        region.seal(); // after it: the checkpoint seals the head
        List<Entry> afterRedoPoint = log.records(log.size()).subList(1, 2);
        VersoException e = assertThrows(VersoException.class, () -> replay(afterRedoPoint, 1));
        assertEquals("XX001", e.sqlState());
        assertTrue(e.getMessage().contains("heap"), e.getMessage());
    }

    /**
     * Writers append and ask for their records to be logged, as commits do, at random moments and with records of
     * random sizes: once a writer's call returns, every record it appended before the call is in the log.
     */
    @Test
    void aRecordIsLoggedBeforeItsWritersLogCallReturnsWhileOthersAppend() throws Exception {
        long seed = System.nanoTime();
        System.out.println("AppendRunLoggingTest concurrent seed " + seed);
        int writers = 6;
        int perWriter = 3_000;
        RecordingLog log = new RecordingLog();
        AppendRegion region = region(log);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<long[]>>> results = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            Random random = new Random(seed + w);
            results.add(pool.submit(() -> {
                List<long[]> observed = new ArrayList<>(); // {last sequence number appended, log size on return}
                start.await();
                for (int s = 0; s < perWriter; s++) {
                    int sequence = s;
                    int length = 8 + random.nextInt(200);
                    region.append(length, (page, at) -> {
                        page.putInt(at, writer);
                        page.putInt(at + 4, sequence);
                    });
                    if (random.nextInt(8) == 0) {
                        region.logAppends();
                        observed.add(new long[] {s, log.size()});
                    }
                }
                return observed;
            }));
        }
        start.countDown();
        List<List<long[]>> observations = new ArrayList<>();
        for (Future<List<long[]>> result : results) {
            observations.add(result.get(2, TimeUnit.MINUTES));
        }
        pool.shutdown();
        // The index of the log record that first holds each writer's record.
        int[][] loggedIn = new int[writers][perWriter];
        for (int[] row : loggedIn) {
            java.util.Arrays.fill(row, Integer.MAX_VALUE);
        }
        List<Entry> entries = log.records(log.size());
        for (int i = 0; i < entries.size(); i++) {
            ByteBuffer frames = ByteBuffer.wrap(entries.get(i).payload(), 16, entries.get(i).payload().length - 16);
            while (frames.hasRemaining()) {
                int length = frames.getInt();
                int writer = frames.getInt(frames.position());
                int sequence = frames.getInt(frames.position() + 4);
                loggedIn[writer][sequence] = Math.min(loggedIn[writer][sequence], i);
                frames.position(frames.position() + length);
            }
        }
        int checked = 0;
        for (int w = 0; w < writers; w++) {
            int latest = -1;
            int s = 0;
            for (long[] seen : observations.get(w)) {
                for (; s <= seen[0]; s++) {
                    latest = Math.max(latest, loggedIn[w][s]);
                }
                assertTrue(latest < seen[1], "writer " + w + "'s record " + seen[0] + " was not logged when its call "
                    + "returned, seed " + seed);
                checked++;
            }
        }
        assertTrue(checked > writers * perWriter / 20, "only " + checked + " calls checked");
    }

    private static AppendRegion region(RecordingLog log) throws Exception {
        PageFile file = new PageFile(1, "heap", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        return new AppendRegion(file, new BufferPool(PAGE, 256L * PAGE), log, STREAM);
    }

    /** The records a fresh file holds after {@code times} replays of {@code entries}. */
    private static List<byte[]> replay(List<Entry> entries, int times) throws Exception {
        BufferPool pool = new BufferPool(PAGE, 256L * PAGE);
        PageFile file = new PageFile(1, "heap", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        var handler = AppendRegion.redoHandler(pool, stream -> stream == STREAM ? file : null);
        for (int i = 0; i < times; i++) {
            for (Entry entry : entries) {
                if (entry.type() == AppendRegion.APPEND_RUN) {
                    handler.redo(ByteBuffer.wrap(entry.payload()), entry.lsn());
                }
            }
            pool.flushAll(); // the second replay finds the pages on disk
        }
        List<byte[]> records = new ArrayList<>();
        new AppendRegion(file, pool).forEach((address, page, offset, length) -> {
            byte[] bytes = new byte[length];
            page.get(offset, bytes);
            records.add(bytes);
        });
        return records;
    }

    private static void assertRecords(List<byte[]> expected, List<byte[]> actual) {
        assertEquals(expected.size(), actual.size(), "records after replay");
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), actual.get(i), "record " + i);
        }
    }
}
