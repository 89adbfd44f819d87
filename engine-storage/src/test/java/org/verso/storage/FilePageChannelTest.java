package org.verso.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.storage.io.FilePageChannel;

/** O_DIRECT files (or their buffered fallback) read back exactly what was written, aligned or not. */
class FilePageChannelTest {
    @Test
    void directChannelHandlesAlignedAndUnalignedTransfers(@TempDir Path dir) throws IOException {
        try (FilePageChannel ch = new FilePageChannel(dir.resolve("f"), true)) {
            System.out.println("O_DIRECT in use: " + ch.isDirect());
            ByteBuffer page = ByteBuffer.allocateDirect(8192 + 4096).alignedSlice(4096).limit(8192);
            for (int i = 0; i < 8192; i++) {
                page.put(i, (byte) i);
            }
            ch.write(page, 8192);
            assertEquals(16384, ch.size());
            ByteBuffer odd = ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5});
            ch.write(odd, 8195);
            assertEquals(16384, ch.size(), "an unaligned write inside the file does not change its size");
            ByteBuffer tail = ByteBuffer.wrap(new byte[] {9, 9, 9});
            ch.write(tail, 16384);
            assertEquals(16387, ch.size(), "an unaligned append grows the file by exactly its length");
            ByteBuffer back = ByteBuffer.allocate(10);
            assertEquals(10, ch.read(back, 8192));
            assertEquals(0, back.get(0));
            assertEquals(1, back.get(3));
            assertEquals(5, back.get(7));
            assertEquals((byte) 8, back.get(8));
            ByteBuffer end = ByteBuffer.allocate(8);
            assertEquals(3, ch.read(end, 16384));
        }
    }
}
