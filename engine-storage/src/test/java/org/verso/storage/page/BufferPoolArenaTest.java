package org.verso.storage.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.MemoryPageChannel;
import org.verso.storage.io.PageKind;

/**
 * A pool larger than one direct buffer can hold (2 GiB) is carved out of several; here, with arenas of 8 pages, every
 * frame must still be its own 4 KiB-aligned page, and pages written through frames of different arenas read back
 * whole after they are evicted.
 */
class BufferPoolArenaTest {
    private static final int PAGE = 4096;

    @Test
    void framesOfSeveralArenasAreDistinctAlignedPages() throws Exception {
        BufferPool pool = new BufferPool(PAGE, 61L * PAGE, 8 * PAGE);
        assertEquals(61, pool.frameCount());
        PageFile file = new PageFile(1, "f", PageKind.HEAP, PAGE, new MemoryPageChannel(), new IoAccounting());
        Page[] pinned = new Page[61];
        for (int p = 0; p < pinned.length; p++) {
            pinned[p] = pool.pinNew(file, p);
            ByteBuffer buf = pinned[p].buffer();
            assertEquals(0, buf.alignmentOffset(0, PAGE), "frame of page " + p + " is aligned");
            for (int at = PageHeader.SIZE; at < PAGE; at += 8) {
                buf.putLong(at, p * 1_000_003L + at);
            }
            pool.markDirty(pinned[p]);
        }
        for (int p = 0; p < pinned.length; p++) {
            assertEquals(p * 1_000_003L + PAGE - 8, pinned[p].buffer().getLong(PAGE - 8), "page " + p);
            pool.unpin(pinned[p]);
        }
        // Another 61 pages evict them all; reading them back goes through frames of other arenas.
        for (int p = 61; p < 122; p++) {
            pool.unpin(pool.pinNew(file, p));
        }
        for (int p = 0; p < 61; p++) {
            Page page = pool.pin(file, p);
            for (int at = PageHeader.SIZE; at < PAGE; at += 8) {
                if (page.buffer().getLong(at) != p * 1_000_003L + at) {
                    throw new AssertionError("page " + p + " at " + at);
                }
            }
            pool.unpin(page);
        }
        assertTrue(pool.misses() >= 61);
    }
}
