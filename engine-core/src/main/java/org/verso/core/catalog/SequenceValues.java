package org.verso.core.catalog;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32C;
import org.verso.common.ErrorCode;
import org.verso.storage.StorageEngine;

/**
 * Hands out sequence values so that none is ever handed out twice, across sessions, restarts and crashes.
 *
 * <p>Values are allocated in blocks of {@value #BLOCK} steps. Before the first value of a block is handed out, the
 * block's end (the high-water mark: no value at or beyond it has ever been handed out) is written to
 * {@code sequences.bin} and forced. After a restart a sequence continues at its high-water mark, so a crash skips
 * at most the rest of one block and never repeats a value; a clean close records the exact next values. Sequence values are not transactional: a rolled-back
 * transaction does not give its values back (as in PostgreSQL).
 *
 * <p>File format ({@code sequences.bin}), big-endian: int magic 0x56534551 ("VSEQ"), int count, per sequence
 * {long id, long high-water mark}, int CRC32C of everything before it. The file is replaced atomically.
 *
 * <p>Thread safety: thread safe; values are handed out under the object's monitor.
 */
public final class SequenceValues {
    static final String FILE = "sequences.bin";
    private static final int MAGIC = 0x56534551;
    /** Steps per persisted block: a crash skips at most this many values of each sequence. */
    static final int BLOCK = 32;

    private final StorageEngine storage;
    /** Sequence id -> persisted high-water mark. */
    private final Map<Long, Long> highWater = new HashMap<>();
    /** Sequence id -> the next value to hand out, for sequences used since the database opened. */
    private final Map<Long, Long> next = new HashMap<>();

    private SequenceValues(StorageEngine storage) {
        this.storage = storage;
    }

    /** Reads the high-water marks of {@code storage}. */
    public static SequenceValues load(StorageEngine storage) {
        SequenceValues values = new SequenceValues(storage);
        byte[] data = storage.readMetadata(FILE);
        if (data != null) {
            values.decode(data);
        }
        return values;
    }

    /**
     * The next value of the sequence. Past its bound (or the BIGINT range) it fails with 2200H, or starts again at
     * the other bound if it cycles; a cycling sequence hands values out again, which is what CYCLE asks for.
     */
    public synchronized long next(SequenceDefinition sequence) {
        long value = next.computeIfAbsent(sequence.id(), id -> highWater.getOrDefault(id, sequence.start()));
        if (!sequence.contains(value)) {
            if (!sequence.cycle()) {
                throw ErrorCode.SEQUENCE_EXHAUSTED.exception(sequence.name());
            }
            value = sequence.cycleStart();
            highWater.remove(sequence.id()); // the new round's first block is written below
        }
        long following;
        try {
            following = Math.addExact(value, sequence.increment());
        } catch (ArithmeticException e) {
            if (!sequence.cycle()) {
                throw ErrorCode.SEQUENCE_EXHAUSTED.exception(sequence.name());
            }
            following = sequence.cycleStart();
        }
        Long mark = highWater.get(sequence.id());
        if (mark == null || !before(value, mark, sequence.increment())) {
            long blockEnd;
            try {
                blockEnd = Math.addExact(value, Math.multiplyExact(sequence.increment(), (long) BLOCK));
            } catch (ArithmeticException e) {
                blockEnd = following;
            }
            highWater.put(sequence.id(), blockEnd);
            persist();
        }
        next.put(sequence.id(), following);
        return value;
    }

    /**
     * At a clean close: lowers each used sequence's high-water mark to its next value, so a restart continues
     * exactly where the sequence stopped instead of after the rest of its block.
     */
    public synchronized void close() {
        if (!next.isEmpty()) {
            highWater.putAll(next);
            next.clear();
            persist();
        }
    }

    /**
     * ALTER SEQUENCE ... RESTART: the next value handed out is {@code value}. The restart is written and forced at
     * once, so that after a crash the sequence continues from it and not from its old high-water mark; values
     * handed out before may then be handed out again, which is what a restart asks for.
     */
    public synchronized void restart(SequenceDefinition sequence, long value) {
        next.put(sequence.id(), value);
        highWater.put(sequence.id(), value);
        persist();
    }

    /** Forgets a dropped sequence. */
    public synchronized void remove(SequenceDefinition sequence) {
        next.remove(sequence.id());
        if (highWater.remove(sequence.id()) != null) {
            persist();
        }
    }

    /** Whether {@code value} comes before {@code mark} in the sequence's direction. */
    private static boolean before(long value, long mark, long increment) {
        return increment > 0 ? value < mark : value > mark;
    }

    private void persist() {
        ByteBuffer buf = ByteBuffer.allocate(12 + 16 * highWater.size());
        buf.putInt(MAGIC).putInt(highWater.size());
        highWater.forEach((id, mark) -> buf.putLong(id).putLong(mark));
        CRC32C crc = new CRC32C();
        crc.update(buf.array(), 0, buf.position());
        buf.putInt((int) crc.getValue());
        storage.writeMetadata(FILE, buf.array());
    }

    private void decode(byte[] data) {
        ByteBuffer buf = ByteBuffer.wrap(data);
        CRC32C crc = new CRC32C();
        crc.update(data, 0, Math.max(0, data.length - 4));
        if (data.length < 12 || buf.getInt() != MAGIC || buf.getInt(data.length - 4) != (int) crc.getValue()) {
            throw ErrorCode.DATA_CORRUPTED.exception(0, FILE, "unreadable sequence high-water marks");
        }
        int count = buf.getInt();
        if (data.length != 12 + 16 * count) {
            throw ErrorCode.DATA_CORRUPTED.exception(0, FILE, "truncated sequence high-water marks");
        }
        for (int i = 0; i < count; i++) {
            highWater.put(buf.getLong(), buf.getLong());
        }
    }
}
