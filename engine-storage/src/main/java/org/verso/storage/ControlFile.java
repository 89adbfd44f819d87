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
 *  4      4     format version, 5
 *  8      8     redo LSN: every change logged before it is in the data files
 * 16      4     page size in bytes, fixed when the database is created
 * 20      8     commit-log pages made durable by that checkpoint: pages at and after it may be torn by a crash and
 *               are rebuilt from the log, whose COMMIT records for them all lie after the redo LSN
 * 28      8     log segment size in bytes, fixed when the database is created: it decides which segment file holds
 *               which log position
 * 36      8     commit-log floor: the entries of the commits logged after the redo LSN all lie at or after this page,
 *               so opening reads the commit log from there ({@link org.verso.storage.txlog.CommitHorizon})
 * 44      8     the largest commit timestamp drawn before the checkpoint, which the clock starts past
 * 52      8     heap segment size in bytes, fixed when the database is created: it decides which segment file holds
 *               which page of a heap
 * 60      8     commit-log start: the pages before it were given back, no open asks about their entries
 * 68      8     the largest txid of an entry on a page given back, or -1: a transaction at or below it that has no
 *               entry may have committed, so a heap that must be replayed whole cannot be told from the commit log
 * 76      8     commit-log segment size in pages, fixed when the database is created
 * 84      4     CRC32C of bytes [0, 84)
 * </pre>
 * Files of formats 2 (32 bytes, no segment size, CRC at 28), 3 (40 bytes, CRC at 36) and 4 (64 bytes, CRC at 60)
 * are still read, with nothing given back; formats 2 and 3 with a floor of 0 (the commit log is read whole) and no
 * timestamp. The next checkpoint writes format 5.
 */
final class ControlFile {
    static final String NAME = "control.bin";
    private static final int MAGIC = 0x5643544C;
    private static final int FORMAT = 5;
    private static final int SIZE = 88;
    private static final int CRC_AT = 84;
    private static final int FORMAT_4 = 4;
    private static final int FORMAT_4_SIZE = 64;
    private static final int FORMAT_4_CRC_AT = 60;
    private static final int FORMAT_3 = 3;
    private static final int FORMAT_3_SIZE = 40;
    private static final int FORMAT_3_CRC_AT = 36;
    private static final int FORMAT_2 = 2;
    private static final int FORMAT_2_SIZE = 32;
    private static final int FORMAT_2_CRC_AT = 28;

    /**
     * What a control file holds; {@code walSegmentBytes} is 0 when a format 2 file did not record it, and
     * {@code commitLogFloor}, {@code maxCommitTs} and {@code heapSegmentBytes} are 0 for a file of format 2 or 3;
     * {@code commitLogStart} and {@code commitLogSegmentPages} are 0 and {@code forgottenTxid} -1 for formats before
     * 5 (whose commit log is one plain file).
     */
    record Contents(long redoLsn, int pageSize, long commitLogPages, long walSegmentBytes, long commitLogFloor,
                    long maxCommitTs, long heapSegmentBytes, long commitLogStart, long forgottenTxid,
                    int commitLogSegmentPages) {
    }

    private ControlFile() {
    }

    static byte[] encode(Contents contents) {
        ByteBuffer buf = ByteBuffer.allocate(SIZE);
        buf.putInt(MAGIC).putInt(FORMAT).putLong(contents.redoLsn()).putInt(contents.pageSize())
            .putLong(contents.commitLogPages()).putLong(contents.walSegmentBytes())
            .putLong(contents.commitLogFloor()).putLong(contents.maxCommitTs()).putLong(contents.heapSegmentBytes())
            .putLong(contents.commitLogStart()).putLong(contents.forgottenTxid())
            .putLong(contents.commitLogSegmentPages());
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
        int size = format == FORMAT_2 ? FORMAT_2_SIZE : format == FORMAT_3 ? FORMAT_3_SIZE
            : format == FORMAT_4 ? FORMAT_4_SIZE : SIZE;
        int crcAt = format == FORMAT_2 ? FORMAT_2_CRC_AT : format == FORMAT_3 ? FORMAT_3_CRC_AT
            : format == FORMAT_4 ? FORMAT_4_CRC_AT : CRC_AT;
        CRC32C crc = new CRC32C();
        crc.update(data, 0, Math.min(crcAt, data.length));
        if (data.length != size || buf.getInt(0) != MAGIC || buf.getInt(crcAt) != (int) crc.getValue()) {
            throw ErrorCode.DATA_CORRUPTED.exception(0, NAME, "invalid control file");
        }
        if (format != FORMAT && format != FORMAT_4 && format != FORMAT_3 && format != FORMAT_2) {
            throw ErrorCode.DATA_CORRUPTED.exception(0, NAME, "control file of format " + format
                + "; this version of Verso reads formats " + FORMAT_2 + " to " + FORMAT);
        }
        long walSegmentBytes = format == FORMAT_2 ? 0 : buf.getLong(28);
        boolean four = format == FORMAT || format == FORMAT_4;
        long floor = four ? buf.getLong(36) : 0;
        long maxCommitTs = four ? buf.getLong(44) : 0;
        long heapSegmentBytes = four ? buf.getLong(52) : 0;
        long start = format == FORMAT ? buf.getLong(60) : 0;
        long forgottenTxid = format == FORMAT ? buf.getLong(68) : -1;
        int segmentPages = format == FORMAT ? (int) buf.getLong(76) : 0;
        return new Contents(buf.getLong(8), buf.getInt(16), buf.getLong(20), walSegmentBytes, floor, maxCommitTs,
            heapSegmentBytes, start, forgottenTxid, segmentPages);
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
