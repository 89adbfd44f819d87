package org.verso.storage.wal;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.verso.common.ErrorCode;

/**
 * The write-ahead log's two in-memory buffers, and appending to them without a lock.
 *
 * <p>One word, the tail, says which buffer is current (its generation), how many of its bytes are taken, and how
 * long the last record is (the next record's backlink is its start). An appender reserves its record's bytes with
 * one compare-and-set on the tail, and then writes the header, the payload and the CRC into them holding nothing,
 * while other appenders fill the bytes after it; it then adds its length to the buffer's count of bytes filled. A
 * flush's leader takes the buffer ({@link #take}) with a compare-and-set too, which moves the tail to the other
 * buffer, and waits until every byte reserved in the one it took is filled before it writes it. So no monitor is
 * shared by appenders, and the CRC and the copy of a record are made in parallel with other appends.
 *
 * <p>A record whose payload writer fails after its bytes are reserved still takes them: it is completed as a
 * {@link #FILLER} record, which recovery passes over, so the log never has a hole that would end replay early.
 *
 * <p>Thread safety: {@link #tryAppend} and {@link #appendedLsn} from any thread; {@link #take} and {@link #release}
 * by the flush's leader only (one at a time, which the log's flush protocol guarantees).
 */
final class AppendBuffers {
    /** A record that only fills the bytes of an append whose payload could not be written; redo ignores it. */
    static final RecordType FILLER = RecordType.declare(0, "filler");

    private static final int POSITION_BITS = 21;
    private static final int LENGTH_BITS = 21;
    private static final long POSITION_MASK = (1L << POSITION_BITS) - 1;
    private static final long LENGTH_MASK = (1L << LENGTH_BITS) - 1;
    private static final int GENERATION_MASK = (1 << (64 - POSITION_BITS - LENGTH_BITS)) - 1;

    /** One buffer: its bytes, the log position of its first byte, and how many of its bytes are filled. */
    static final class Buffer {
        final ByteBuffer bytes;
        // Written before generation, whose volatile write makes it visible to appenders that match the generation.
        long startLsn;
        // The tail's generation while this buffer is current; -1 while it is being made current.
        volatile int generation = -1;
        final AtomicInteger filled = new AtomicInteger();

        Buffer(int capacity) {
            bytes = ByteBuffer.allocateDirect(capacity);
        }
    }

    /** The bytes a leader took: {@code bytes} (filled, position-independent) start at log position {@code startLsn}. */
    record Taken(Buffer buffer, ByteBuffer bytes, long startLsn) {
        long endLsn() {
            return startLsn + bytes.remaining();
        }
    }

    private final int capacity;
    private final AtomicLong tail;
    private volatile Buffer current;
    // The leader's: the buffer the next take makes current; null while a taken one is not yet released.
    private Buffer spare;

    /**
     * Buffers of {@code capacity} bytes each (at most 1 MiB), appending from log position {@code endLsn};
     * {@code lastRecordStart} is the start of the record before it, or -1 if there is none.
     */
    AppendBuffers(int capacity, long endLsn, long lastRecordStart) {
        if (capacity > POSITION_MASK / 2 + 1) {
            throw new IllegalArgumentException("log buffer of " + capacity + " bytes");
        }
        this.capacity = capacity;
        long lastLength = lastRecordStart < 0 ? 0 : endLsn - lastRecordStart;
        if (lastLength < 0 || lastLength > LENGTH_MASK) {
            throw ErrorCode.INTERNAL_ERROR.exception("log ends at " + endLsn + ", its last record at "
                + lastRecordStart);
        }
        Buffer first = new Buffer(capacity);
        first.startLsn = endLsn;
        first.generation = 0;
        current = first;
        spare = new Buffer(capacity);
        tail = new AtomicLong(pack(0, 0, lastLength));
    }

    private static long pack(int generation, int position, long lastLength) {
        return (long) generation << (POSITION_BITS + LENGTH_BITS) | (long) position << LENGTH_BITS | lastLength;
    }

    private static int generation(long tail) {
        return (int) (tail >>> (POSITION_BITS + LENGTH_BITS));
    }

    private static int position(long tail) {
        return (int) (tail >>> LENGTH_BITS & POSITION_MASK);
    }

    private static long lastLength(long tail) {
        return tail & LENGTH_MASK;
    }

    /**
     * Appends a record if the current buffer has room for it; returns the log position just past it, or -1 if the
     * buffer is too full (the caller flushes, which takes it, and tries again).
     */
    long tryAppend(RecordType type, int payloadLength, RedoLog.PayloadWriter payload) {
        int length = LogRecord.HEADER + payloadLength;
        while (true) {
            Buffer buffer = current;
            long t = tail.get();
            int generation = generation(t);
            if (generation != buffer.generation) {
                // A leader has moved the tail and not yet made the other buffer current: a few instructions.
                Thread.onSpinWait();
                continue;
            }
            int at = position(t);
            if (at + length > capacity) {
                return -1;
            }
            if (!tail.compareAndSet(t, pack(generation, at + length, length))) {
                continue;
            }
            long start = buffer.startLsn + at;
            long last = lastLength(t);
            fill(buffer, at, length, start, last == 0 ? -1 : start - last, type, payload);
            return start + length;
        }
    }

    private static void fill(Buffer buffer, int at, int length, long start, long prev, RecordType type,
                             RedoLog.PayloadWriter payload) {
        ByteBuffer bytes = buffer.bytes;
        try {
            bytes.putInt(at + LogRecord.LENGTH, length);
            bytes.putLong(at + LogRecord.START, start);
            bytes.putLong(at + LogRecord.PREV, prev);
            bytes.put(at + LogRecord.TYPE, type.code());
            try {
                payload.write(bytes, at + LogRecord.HEADER);
            } catch (RuntimeException | Error e) {
                bytes.put(at + LogRecord.TYPE, FILLER.code());
                throw e;
            } finally {
                bytes.putInt(at + LogRecord.CRC, LogRecord.crc(bytes, at, length));
            }
        } finally {
            buffer.filled.addAndGet(length);
        }
    }

    /** The log position just past the last record appended (reserved: it may still be being filled). */
    long appendedLsn() {
        while (true) {
            Buffer buffer = current;
            long t = tail.get();
            if (generation(t) == buffer.generation) {
                return buffer.startLsn + position(t);
            }
            Thread.onSpinWait();
        }
    }

    /**
     * Takes the current buffer if anything was appended to it, making the other one current; waits until every
     * record reserved in it is filled. Returns null if nothing was appended since the last take. The leader must
     * {@link #release} what it took before it takes again.
     */
    Taken take() {
        Buffer old = current;
        Buffer fresh = spare;
        if (fresh == null) {
            throw ErrorCode.INTERNAL_ERROR.exception("log buffer taken twice");
        }
        int next = (old.generation + 1) & GENERATION_MASK;
        fresh.generation = -1;
        long t;
        do {
            t = tail.get();
            if (position(t) == 0) {
                return null;
            }
        } while (!tail.compareAndSet(t, pack(next, 0, lastLength(t))));
        int end = position(t);
        fresh.filled.set(0);
        fresh.startLsn = old.startLsn + end;
        fresh.generation = next;
        current = fresh;
        spare = null;
        awaitFilled(old, end);
        return new Taken(old, old.bytes.slice(0, end), old.startLsn);
    }

    /**
     * Waits for the appenders still filling their records in {@code buffer}: they hold no lock, so one that was
     * descheduled in the middle is given the processor rather than spun against.
     */
    private static void awaitFilled(Buffer buffer, int end) {
        for (int spins = 0; buffer.filled.get() != end; spins++) {
            if (spins < 100) {
                Thread.onSpinWait();
            } else if (spins < 200) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(20_000);
            }
        }
    }

    /** Gives back a taken buffer once its bytes are written: the next take makes it current again. */
    void release(Taken taken) {
        spare = taken.buffer();
    }
}
