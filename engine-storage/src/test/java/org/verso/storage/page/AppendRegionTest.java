package org.verso.storage.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.FailingPageChannel;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;

/** The append region's page sequence when the pool cannot give it a page. */
class AppendRegionTest {
    private static final int PAGE = 4096;

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
        FailingPageChannel otherChannel = new FailingPageChannel("No space left on device");
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
        otherChannel.failWrites(true);
        VersoException e = assertThrows(VersoException.class,
            () -> region.append(record, (page, at) -> page.put(at, (byte) 2)));
        assertEquals("53100", e.sqlState());
        otherChannel.failWrites(false);
        region.append(record, (page, at) -> page.put(at, (byte) 3));
        region.seal();
        assertEquals(2, region.pageCount(), "the first page, then the page the failed append could not pin");
        List<Byte> marks = new ArrayList<>();
        region.forEach((address, page, offset, length) -> marks.add(page.get(offset)));
        assertEquals(List.of((byte) 1, (byte) 1, (byte) 1, (byte) 3), marks);
    }
}
