package org.verso.storage;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.verso.common.ErrorCode;

/**
 * The control file ({@code control.bin}): where recovery starts. Replaced atomically at the end of every checkpoint.
 * <pre>
 * offset  size  field
 *  0      4     magic 0x5643544C ("VCTL")
 *  4      4     format version, 1
 *  8      8     redo LSN: every change logged before it is in the data files
 * 16      4     CRC32C of bytes [0, 16)
 * </pre>
 */
final class ControlFile {
    static final String NAME = "control.bin";
    private static final int MAGIC = 0x5643544C;
    private static final int SIZE = 20;

    private ControlFile() {
    }

    static byte[] encode(long redoLsn) {
        ByteBuffer buf = ByteBuffer.allocate(SIZE);
        buf.putInt(MAGIC).putInt(1).putLong(redoLsn);
        CRC32C crc = new CRC32C();
        crc.update(buf.array(), 0, 16);
        buf.putInt((int) crc.getValue());
        return buf.array();
    }

    /** The redo LSN stored in {@code data}, or 0 when there is no control file yet. */
    static long redoLsn(byte[] data) {
        if (data == null) {
            return 0;
        }
        ByteBuffer buf = ByteBuffer.wrap(data);
        CRC32C crc = new CRC32C();
        crc.update(data, 0, Math.min(16, data.length));
        if (data.length != SIZE || buf.getInt(0) != MAGIC || buf.getInt(16) != (int) crc.getValue()) {
            throw ErrorCode.DATA_CORRUPTED.exception(0, NAME, "invalid control file");
        }
        return buf.getLong(8);
    }
}
