package org.verso.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.verso.common.ErrorCode;

/**
 * The control file ({@code control.bin}): where recovery starts, and the page size the database was created with.
 * Written when the database is created (at the end of its first recovery) and replaced atomically at the end of
 * every checkpoint.
 * <pre>
 * offset  size  field
 *  0      4     magic 0x5643544C ("VCTL")
 *  4      4     format version, 2
 *  8      8     redo LSN: every change logged before it is in the data files
 * 16      4     page size in bytes, fixed when the database is created
 * 20      8     commit-log pages made durable by that checkpoint: pages at and after it may be torn by a crash and
 *               are rebuilt from the log, whose COMMIT records for them all lie after the redo LSN
 * 28      4     CRC32C of bytes [0, 28)
 * </pre>
 */
final class ControlFile {
    static final String NAME = "control.bin";
    private static final int MAGIC = 0x5643544C;
    private static final int FORMAT = 2;
    private static final int SIZE = 32;
    private static final int CRC_AT = 28;

    /** What a control file holds. */
    record Contents(long redoLsn, int pageSize, long commitLogPages) {
    }

    private ControlFile() {
    }

    static byte[] encode(long redoLsn, int pageSize, long commitLogPages) {
        ByteBuffer buf = ByteBuffer.allocate(SIZE);
        buf.putInt(MAGIC).putInt(FORMAT).putLong(redoLsn).putInt(pageSize).putLong(commitLogPages);
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
        CRC32C crc = new CRC32C();
        crc.update(data, 0, Math.min(CRC_AT, data.length));
        if (data.length != SIZE || buf.getInt(0) != MAGIC || buf.getInt(CRC_AT) != (int) crc.getValue()) {
            throw ErrorCode.DATA_CORRUPTED.exception(0, NAME, "invalid control file");
        }
        if (buf.getInt(4) != FORMAT) {
            throw ErrorCode.DATA_CORRUPTED.exception(0, NAME, "control file of format " + buf.getInt(4)
                + "; this version of Verso reads format " + FORMAT);
        }
        return new Contents(buf.getLong(8), buf.getInt(16), buf.getLong(20));
    }

    /** The control file of the database in {@code directory}, or null for a new database that has none yet. */
    static Contents read(Path directory) {
        Path file = directory.resolve(NAME);
        try {
            return Files.exists(file) ? decode(Files.readAllBytes(file)) : null;
        } catch (IOException e) {
            throw ErrorCode.CANNOT_OPEN.exception(e, directory, e.getMessage());
        }
    }
}
