package org.verso.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.verso.common.ErrorCode;
import org.verso.storage.io.ChannelFactory;

/**
 * The control file ({@code control.bin}): where recovery starts, and the sizes the database was created with.
 * Written when the database is created (at the end of its first recovery) and replaced atomically at the end of
 * every checkpoint.
 * <pre>
 * offset  size  field
 *  0      4     magic 0x5643544C ("VCTL")
 *  4      4     format version, 3
 *  8      8     redo LSN: every change logged before it is in the data files
 * 16      4     page size in bytes, fixed when the database is created
 * 20      8     commit-log pages made durable by that checkpoint: pages at and after it may be torn by a crash and
 *               are rebuilt from the log, whose COMMIT records for them all lie after the redo LSN
 * 28      8     log segment size in bytes, fixed when the database is created: it decides which segment file holds
 *               which log position
 * 36      4     CRC32C of bytes [0, 36)
 * </pre>
 * A format 2 file (32 bytes, no segment size, CRC at 28) is still read; the segment size is then the one the open
 * asks for, and the next checkpoint writes format 3.
 */
final class ControlFile {
    static final String NAME = "control.bin";
    private static final int MAGIC = 0x5643544C;
    private static final int FORMAT = 3;
    private static final int SIZE = 40;
    private static final int CRC_AT = 36;
    private static final int FORMAT_2 = 2;
    private static final int FORMAT_2_SIZE = 32;
    private static final int FORMAT_2_CRC_AT = 28;

    /** What a control file holds; {@code walSegmentBytes} is 0 when a format 2 file did not record it. */
    record Contents(long redoLsn, int pageSize, long commitLogPages, long walSegmentBytes) {
    }

    private ControlFile() {
    }

    static byte[] encode(long redoLsn, int pageSize, long commitLogPages, long walSegmentBytes) {
        ByteBuffer buf = ByteBuffer.allocate(SIZE);
        buf.putInt(MAGIC).putInt(FORMAT).putLong(redoLsn).putInt(pageSize).putLong(commitLogPages)
            .putLong(walSegmentBytes);
        CRC32C crc = new CRC32C();
        crc.update(buf.array(), 0, CRC_AT);
        buf.putInt((int) crc.getValue());
        return buf.array();
    }

    /** The contents of {@code data}, or null when there is no control file yet (a new database). */
    static Contents decode(byte[] data) {
        if (data == null) {
            return null;
        }
        ByteBuffer buf = ByteBuffer.wrap(data);
        int format = data.length >= 8 ? buf.getInt(4) : -1;
        int size = format == FORMAT_2 ? FORMAT_2_SIZE : SIZE;
        int crcAt = format == FORMAT_2 ? FORMAT_2_CRC_AT : CRC_AT;
        CRC32C crc = new CRC32C();
        crc.update(data, 0, Math.min(crcAt, data.length));
        if (data.length != size || buf.getInt(0) != MAGIC || buf.getInt(crcAt) != (int) crc.getValue()) {
            throw ErrorCode.DATA_CORRUPTED.exception(0, NAME, "invalid control file");
        }
        if (format != FORMAT && format != FORMAT_2) {
            throw ErrorCode.DATA_CORRUPTED.exception(0, NAME, "control file of format " + format
                + "; this version of Verso reads formats " + FORMAT_2 + " and " + FORMAT);
        }
        long walSegmentBytes = format == FORMAT_2 ? 0 : buf.getLong(28);
        return new Contents(buf.getLong(8), buf.getInt(16), buf.getLong(20), walSegmentBytes);
    }

    /** The control file of the database in {@code directory}, or null for a new database that has none yet. */
    static Contents read(Path directory, ChannelFactory channels) {
        try {
            return decode(DatabaseFiles.readWhole(channels, directory.resolve(NAME)));
        } catch (IOException e) {
            throw ErrorCode.CANNOT_OPEN.exception(e, directory, e.getMessage());
        }
    }
}
