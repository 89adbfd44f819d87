package org.verso.storage.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageChannel;
import org.verso.storage.io.PageKind;

/** The append region's page sequence when the pool cannot give it a page. */
class AppendRegionTest {
    private static final int PAGE = 4096;

    /** A channel whose writes fail with ENOSPC while {@code full} is set. */
    private static final class FillableChannel implements PageChannel {
        private final MemoryPageChannel inner = new MemoryPageChannel();
        volatile boolean full;

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return inner.read(dst, position);
        }

        @Override
        public void write(ByteBuffer src, long position) throws IOException {
            if (full) {
                throw new IOException("No space left on device");
            }
            inner.write(src, position);
        }

        @Override
        public void force() throws IOException {
            inner.force();
        }

        @Override
        public long size() throws IOException {
            return inner.size();
        }

        @Override
        public void truncate(long size) throws IOException {
            inner.truncate(size);
        }

        @Override
        public void close() throws IOException {
            inner.close();
        }
    }

    /**
     * A new head page needs a frame; with every frame dirty and the disk full, evicting one fails. The failed append
     * must not use up a page number: a skipped number is a page never written between written ones, which the next
     * open reads as a torn page (XX001), losing the records after it.
     */
    @Test
    void anAppendThatCannotPinAPageSkipsNoPageNumber() throws Exception {
        IoAccounting io = new IoAccounting();
        BufferPool pool = new BufferPool(PAGE, 16L * PAGE);
        PageFile heap = new PageFile(1, "heap", PageKind.HEAP, PAGE, new MemoryPageChannel(), io);
        FillableChannel otherChannel = new FillableChannel();
        PageFile other = new PageFile(2, "other", PageKind.HEAP, PAGE, otherChannel, io);
        AppendRegion region = new AppendRegion(heap, pool);
        int record = 1000;
        for (int i = 0; i < 3; i++) {
            region.append(record, (page, at) -> page.put(at, (byte) 1));
        }
        region.seal();
        // Every frame dirty with a page of a file that can no longer be written.
        for (long p = 0; p < pool.frameCount(); p++) {
            Page page = pool.pinNew(other, p);
            pool.unpin(page);
        }
        otherChannel.full = true;
        VersoException e = assertThrows(VersoException.class,
            () -> region.append(record, (page, at) -> page.put(at, (byte) 2)));
        assertEquals("53100", e.sqlState());
        otherChannel.full = false;
        region.append(record, (page, at) -> page.put(at, (byte) 3));
        region.seal();
        assertEquals(2, region.pageCount(), "the first page, then the page the failed append could not pin");
        List<Byte> marks = new ArrayList<>();
        region.forEach((address, page, offset, length) -> marks.add(page.get(offset)));
        assertEquals(List.of((byte) 1, (byte) 1, (byte) 1, (byte) 3), marks);
    }
}
