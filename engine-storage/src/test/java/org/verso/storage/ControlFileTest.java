package org.verso.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;

class ControlFileTest {
    @Test
    void roundTripsEveryField() {
        ControlFile.Contents written = new ControlFile.Contents(123_456_789L, 16384, 42, 1 << 20, 17, 9_876_543L,
            1 << 21, 64, 31_337, 16);
        assertEquals(written, ControlFile.decode(ControlFile.encode(written)));
    }

    @Test
    void readsFormatThreeWithTheWholeCommitLogAsItsFloor() {
        ByteBuffer buf = ByteBuffer.allocate(40);
        buf.putInt(0x5643544C).putInt(3).putLong(777).putInt(8192).putLong(3).putLong(1 << 20);
        CRC32C crc = new CRC32C();
        crc.update(buf.array(), 0, 36);
        buf.putInt((int) crc.getValue());
        assertEquals(new ControlFile.Contents(777, 8192, 3, 1 << 20, 0, 0, 0, 0, -1, 0), ControlFile.decode(buf.array()));
    }

    @Test
    void readsFormatFourWithNothingOfTheCommitLogGivenBack() {
        ByteBuffer buf = ByteBuffer.allocate(64);
        buf.putInt(0x5643544C).putInt(4).putLong(777).putInt(8192).putLong(3).putLong(1 << 20).putLong(2)
            .putLong(99).putLong(1 << 21);
        CRC32C crc = new CRC32C();
        crc.update(buf.array(), 0, 60);
        buf.putInt((int) crc.getValue());
        assertEquals(new ControlFile.Contents(777, 8192, 3, 1 << 20, 2, 99, 1 << 21, 0, -1, 0),
            ControlFile.decode(buf.array()));
    }

    @Test
    void readsTheFormerFormatWithoutASegmentSize() {
        ByteBuffer buf = ByteBuffer.allocate(32);
        buf.putInt(0x5643544C).putInt(2).putLong(777).putInt(8192).putLong(3);
        CRC32C crc = new CRC32C();
        crc.update(buf.array(), 0, 28);
        buf.putInt((int) crc.getValue());
        assertEquals(new ControlFile.Contents(777, 8192, 3, 0, 0, 0, 0, 0, -1, 0), ControlFile.decode(buf.array()));
    }

    @Test
    void aDamagedOrUnknownFileIsReportedAsCorruption() {
        byte[] data = ControlFile.encode(new ControlFile.Contents(1, 8192, 0, 1 << 20, 0, 0, 1 << 20, 0, -1, 0));
        data[10] ^= 1;
        assertEquals("XX001", assertThrows(VersoException.class, () -> ControlFile.decode(data)).sqlState());
        byte[] future = ControlFile.encode(new ControlFile.Contents(1, 8192, 0, 1 << 20, 0, 0, 1 << 20, 0, -1, 0));
        ByteBuffer.wrap(future).putInt(4, 9);
        assertEquals("XX001", assertThrows(VersoException.class, () -> ControlFile.decode(future)).sqlState());
        assertEquals("XX001", assertThrows(VersoException.class, () -> ControlFile.decode(new byte[3])).sqlState());
    }
}
