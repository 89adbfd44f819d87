package org.verso.storage;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * {@code indexes/counts.bin}: the number of entries of every B+tree at a checkpoint, so that opening an index does
 * not have to count them by reading every node. Written after the checkpoint's control file, with that checkpoint's
 * redo point; at open a count is trusted only if the redo point is the one recovery started from and recovery
 * replayed no record of the index, that is, after a clean close or a crash that did not touch the index.
 *
 * <pre>
 * int magic, int format, long redoLsn, int count, count x (long indexId, long entries), int CRC32C of the rest
 * </pre>
 * A file that fails its check is ignored (every index is then counted).
 */
final class IndexCounts {
    static final String NAME = "indexes/counts.bin";
    private static final int MAGIC = 0x56494358; // "VICX"
    private static final int FORMAT = 1;

    private IndexCounts() {
    }

    /** The counts recorded with {@code redoLsn}. */
    static byte[] encode(long redoLsn, Map<Long, Long> counts) {
        ByteBuffer b = ByteBuffer.allocate(4 + 4 + 8 + 4 + 16 * counts.size() + 4);
        b.putInt(MAGIC).putInt(FORMAT).putLong(redoLsn).putInt(counts.size());
        counts.forEach((id, n) -> b.putLong(id).putLong(n));
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, b.position());
        b.putInt((int) crc.getValue());
        return b.array();
    }

    /** The counts in {@code bytes} if they were recorded with {@code redoLsn}; empty otherwise. */
    static Map<Long, Long> decode(byte[] bytes, long redoLsn) {
        Map<Long, Long> counts = new HashMap<>();
        if (bytes == null || bytes.length < 24) {
            return counts;
        }
        ByteBuffer b = ByteBuffer.wrap(bytes);
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - 4);
        if (b.getInt(bytes.length - 4) != (int) crc.getValue() || b.getInt() != MAGIC || b.getInt() != FORMAT
            || b.getLong() != redoLsn) {
            return counts;
        }
        int n = b.getInt();
        if (bytes.length != 24 + 16 * n) {
            return counts;
        }
        for (int i = 0; i < n; i++) {
            counts.put(b.getLong(), b.getLong());
        }
        return counts;
    }
}
