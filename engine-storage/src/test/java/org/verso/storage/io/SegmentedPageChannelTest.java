package org.verso.storage.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A logical page file kept as segment files: writes and reads cross segment boundaries, whole segments are given
 * back and stay holes after a reopen, and a segment whose name could not be made durable is forced again before it
 * is used, not trusted because its file exists.
 */
class SegmentedPageChannelTest {
    private static final int PAGE = 4096;
    private static final long SEGMENT = 2L * PAGE;

    private static ByteBuffer page(int fill) {
        ByteBuffer b = ByteBuffer.allocate(PAGE);
        for (int i = 0; i < PAGE; i += 4) {
            b.putInt(i, fill);
        }
        return b;
    }

    private static int firstInt(SegmentedPageChannel ch, long pageNo) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(PAGE);
        assertEquals(PAGE, ch.read(b, pageNo * PAGE), "page " + pageNo + " is there whole");
        return b.getInt(0);
    }

    @Test
    void pagesCrossSegmentsAndGivenBackSegmentsStayHoles(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("T1.heap");
        try (SegmentedPageChannel ch = new SegmentedPageChannel(ChannelFactory.FILES, file, SEGMENT,
            new IoCounters())) {
            for (int p = 0; p < 9; p++) {
                ch.write(page(p + 1), (long) p * PAGE);
            }
            ByteBuffer two = ByteBuffer.allocate(2 * PAGE);
            two.put(page(100)).put(page(101)).flip();
            ch.write(two, 3L * PAGE); // pages 3 and 4: across segments 1 and 2
            assertEquals(9L * PAGE, ch.size());
            assertEquals(100, firstInt(ch, 3));
            assertEquals(101, firstInt(ch, 4));
            assertEquals(SEGMENT, ch.releaseUnitBytes());
            // Pages [1, 7): only segments 1 and 2 lie wholly inside.
            assertEquals(2 * SEGMENT, ch.release(PAGE, 7L * PAGE));
            assertFalse(ch.isReleased(PAGE));
            assertTrue(ch.isReleased(2L * PAGE) && ch.isReleased(5L * PAGE));
            assertFalse(ch.isReleased(6L * PAGE));
            assertEquals(1, firstInt(ch, 0));
            assertEquals(7, firstInt(ch, 6));
            assertEquals(0, ch.read(ByteBuffer.allocate(PAGE), 2L * PAGE), "a given-back page reads nothing");
            assertEquals(0, ch.release(8L * PAGE, 10L * PAGE), "the last segment is never given back");
        }
        assertFalse(Files.exists(dir.resolve("T1.heap.00000001")));
        assertTrue(Files.exists(dir.resolve("T1.heap.00000004")));
        try (SegmentedPageChannel ch = new SegmentedPageChannel(ChannelFactory.FILES, file, SEGMENT,
            new IoCounters())) {
            assertTrue(ch.releasedAny());
            assertTrue(ch.isReleased(3L * PAGE), "reopened, the holes are known");
            assertEquals(9L * PAGE, ch.size());
            assertEquals(9, firstInt(ch, 8));
            ch.deleteAll();
        }
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    /** A directory force that fails leaves the new segment's name undurable: its next use forces it again. */
    /**
     * A file deleted under a reader (a dropped table being scanned): the read fails as on a closed channel, which the
     * engine reports as an I/O error of a dropped object, not as an empty page it would call corrupted.
     */
    @Test
    void aReadAfterTheFileWasDeletedFailsAsClosed(@TempDir Path dir) throws IOException {
        SegmentedPageChannel ch = new SegmentedPageChannel(ChannelFactory.FILES, dir.resolve("T1.heap"), SEGMENT,
            new IoCounters());
        ch.write(page(1), 0);
        ch.write(page(2), SEGMENT);
        ch.deleteAll();
        assertThrows(java.nio.channels.ClosedChannelException.class, () -> ch.read(ByteBuffer.allocate(PAGE), 0));
        ch.close();
    }

    @Test
    void aSegmentWhoseNameWasNotForcedIsForcedBeforeItIsUsed(@TempDir Path dir) throws IOException {
        AtomicInteger forces = new AtomicInteger();
        AtomicInteger failNext = new AtomicInteger();
        ChannelFactory channels = new ChannelFactory() {
            @Override
            public PageChannel open(Path path) throws IOException {
                return new FilePageChannel(path);
            }

            @Override
            public void forceDirectory(Path directory) throws IOException {
                if (failNext.getAndSet(0) > 0) {
                    throw new IOException("No space left on device");
                }
                forces.incrementAndGet();
            }
        };
        try (SegmentedPageChannel ch = new SegmentedPageChannel(channels, dir.resolve("T2.heap"), SEGMENT,
            new IoCounters())) {
            ch.write(page(1), 0);
            assertEquals(1, forces.get(), "a new segment's name is forced");
            failNext.set(1);
            assertThrows(IOException.class, () -> ch.write(page(3), 2L * PAGE));
            assertTrue(Files.exists(dir.resolve("T2.heap.00000001")), "the file is there, its name not durable");
            ch.write(page(3), 2L * PAGE);
            assertEquals(2, forces.get(), "the name is forced before the segment is used");
            ch.write(page(4), 3L * PAGE);
            assertEquals(2, forces.get(), "and only once");
            assertEquals(3, firstInt(ch, 2));
        }
    }
}
