package org.verso.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.common.VersoException;
import org.verso.storage.io.FilePageChannel;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.PageFile;
import org.verso.storage.page.PageHeader;

class PageFileTest {
    private static final int PAGE = 4096;

    @Test
    void checksumDetectsAFlippedByte(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("t.heap");
        IoAccounting io = new IoAccounting();
        try (PageFile file = new PageFile(0, "t.heap", PageKind.HEAP, PAGE, new FilePageChannel(path), io)) {
            ByteBuffer page = ByteBuffer.allocateDirect(PAGE);
            PageHeader.init(page, PageKind.HEAP.code(), 0);
            page.put(100, (byte) 42);
            file.writePage(0, page);
            file.readPage(0, page);
            assertEquals(42, page.get(100));
        }
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {43}), 100);
        }
        try (PageFile file = new PageFile(0, "t.heap", PageKind.HEAP, PAGE, new FilePageChannel(path), io)) {
            VersoException e = assertThrows(VersoException.class,
                () -> file.readPage(0, ByteBuffer.allocateDirect(PAGE)));
            assertEquals("XX001", e.sqlState());
            assertTrue(e.getMessage().contains("page 0") && e.getMessage().contains("t.heap"), e.getMessage());
        }
    }

    @Test
    void writesAreClassifiedSequentialOrRandom(@TempDir Path dir) throws IOException {
        IoAccounting io = new IoAccounting();
        try (PageFile file = new PageFile(0, "f", PageKind.INDEX, PAGE, new FilePageChannel(dir.resolve("f")), io)) {
            ByteBuffer page = ByteBuffer.allocateDirect(PAGE);
            for (long p : new long[] {0, 1, 2, 7, 8, 3}) {
                PageHeader.init(page, PageKind.INDEX.code(), p);
                file.writePage(p, page);
            }
            file.force();
            assertEquals(6, file.counters().pagesWritten());
            assertEquals(4, file.counters().sequentialWrites(), "0,1,2 and 8 continue the previous write");
            assertEquals(2, file.counters().randomWrites(), "7 and 3 jump");
            assertEquals(6L * PAGE, file.counters().bytesWritten());
            assertEquals(1, file.counters().fsyncs());
            assertEquals(6, io.total(PageKind.INDEX).pagesWritten());
            assertEquals(0, io.total(PageKind.HEAP).pagesWritten());
        }
    }
}
