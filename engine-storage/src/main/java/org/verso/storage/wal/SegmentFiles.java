package org.verso.storage.wal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.verso.common.ErrorCode;
import org.verso.common.IoFailures;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.io.Directories;
import org.verso.storage.io.IoCounters;
import org.verso.storage.io.PageChannel;

/**
 * The files that hold the log stream: segment {@code n} (file {@code wal/<n as 16 hex digits>.wal}) holds stream
 * positions {@code [n * size, (n + 1) * size)}. A write that crosses a boundary is split. Segments wholly before
 * the last checkpoint's redo position are renamed to serve as future segments (recycled), so steady-state logging
 * overwrites allocated files instead of growing new ones. A new segment file starts at {@value #FIRST_EXTENT} bytes
 * (or the segment size, if smaller) and doubles, zero-filled, as writes reach its end: a new database's log takes
 * little room, and most forces still find the blocks they write allocated. Only commits are served so: other writes
 * (a full log buffer, the write-ahead rule of a page, a checkpoint) grow the file with their own bytes, not zeros
 * first. The doubling is done ahead of the writer: once writes pass half of a file's extent, a background thread
 * zero-fills and forces the next extent, so that a commit does not wait for megabytes of zeros (it does only if it
 * catches up with the extension). Once writes pass half of a segment, the same thread makes the next segment's file
 * ready (renamed from a spare or created, its first extent zero-filled, the directory forced), so that the commit
 * that first writes to it does not wait either.
 *
 * <p>Thread safety: writes and forces are called by one flusher at a time; reads only during recovery. The
 * background thread writes only zeros past the extent the flusher may write to, and the flusher alone reads and
 * changes this object's state, taking an extension's result when it is done.
 */
final class SegmentFiles implements AutoCloseable {
    private static final int SPARE_SEGMENTS = 2;
    /** The bytes a new segment file is first given; it doubles from there up to the segment size. */
    static final long FIRST_EXTENT = 256 * 1024;

    private final Path directory;
    private final long segmentSize;
    private final ChannelFactory channels;
    private final IoCounters counters;
    private final TreeMap<Long, PageChannel> open = new TreeMap<>();
    private final Set<Long> unforced = new HashSet<>();
    // Per open segment, the bytes of its file that are allocated: zero-filled and forced, or written (their size
    // forced by the next force).
    private final Map<Long, Long> allocated = new HashMap<>();
    // Segments whose file was last grown by the log written into it, not by zeros.
    private final Set<Long> grownByWrites = new HashSet<>();
    private long lastWriteEnd;
    // The extension being zero-filled ahead of the writer, or null; its thread is started on first use.
    private Extension ahead;
    // The next segment's file, being made ready by the same thread, or null.
    private Preparation next;
    private ExecutorService extender;

    /** Bytes {@code [from, to)} of {@code segment}'s file, being zero-filled and forced by {@code done}. */
    private record Extension(long segment, long to, Future<?> done) {
    }

    /** {@code segment}'s file, being created (or taken from a spare) by {@code done}. */
    private record Preparation(long segment, Future<Ready> done) {
    }

    /** A segment file whose name is durable, open, with {@code extent} bytes allocated and forced. */
    private record Ready(PageChannel channel, long extent) {
    }

    /** Segment files in {@code directory}; the next write is expected at stream position {@code end}. */
    SegmentFiles(Path directory, long segmentSize, ChannelFactory channels, IoCounters counters, long end) {
        this.lastWriteEnd = end;
        this.directory = directory;
        this.segmentSize = segmentSize;
        this.channels = channels;
        this.counters = counters;
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, directory, e.getMessage());
        }
    }

    /** The name of the segment file that holds log position {@code lsn}. */
    String fileNameOf(long lsn) {
        return fileName(lsn / segmentSize);
    }

    /**
     * Where the log ends, for messages: the LSN and its segment, and, if the record that ended replay may continue
     * into a later segment by its header ({@code damagedEnd}), that segment too, since the damage may lie there.
     */
    String describeEnd(long end, long damagedEnd) {
        String where = "LSN " + end + ", in wal/" + fileNameOf(end);
        if (damagedEnd > end && !fileNameOf(damagedEnd - 1).equals(fileNameOf(end))) {
            where += ", where replay stopped at a record that is not valid and may continue into wal/"
                + fileNameOf(damagedEnd - 1);
        }
        return where;
    }

    private static String fileName(long segment) {
        return String.format("%016x.wal", segment);
    }

    private PageChannel channel(long segment) throws IOException {
        PageChannel ch = open.get(segment);
        if (ch == null) {
            Ready ready = next != null && next.segment() == segment ? finishPreparation() : null;
            if (ready == null) {
                ready = prepare(segment); // not prepared ahead in time, or the preparation failed: on this path
            }
            ch = ready.channel();
            open.put(segment, ch);
            allocated.put(segment, ready.extent());
        }
        return ch;
    }

    /**
     * Makes {@code segment}'s file ready for writes: renamed from a spare, or created with its first extent
     * zero-filled, or the existing file; then forces the directory. The segment's name must be durable before a
     * commit written to it is acknowledged; the channel is handed out only once it is, so that a force that failed
     * (a full disk, an I/O error) is tried again by the next write instead of leaving a segment whose records a crash
     * would lose with its name.
     */
    private Ready prepare(long segment) throws IOException {
        Path path = directory.resolve(fileName(segment));
        boolean fresh = false;
        if (!Files.exists(path)) {
            Path spare = spareSegment();
            if (spare != null) {
                channels.move(spare, path);
            } else {
                fresh = true;
            }
        }
        PageChannel ch = channels.open(path);
        try {
            long extent;
            if (fresh) {
                extent = Math.min(segmentSize, FIRST_EXTENT);
                zeroFill(ch, 0, extent);
            } else {
                extent = ch.size();
            }
            Directories.force(channels, directory, counters);
            return new Ready(ch, extent);
        } catch (IOException | RuntimeException e) {
            closeQuietly(ch, e);
            throw e;
        }
    }

    /**
     * Waits for the preparation of the next segment, if any, and returns its file, or null if it failed (the writer
     * then prepares the file itself and meets the error, if it persists).
     */
    private Ready finishPreparation() {
        if (next == null) {
            return null;
        }
        Future<Ready> done = next.done();
        next = null;
        try {
            return awaitKeepingInterrupt(done);
        } catch (ExecutionException e) {
            return null;
        }
    }

    /** Takes the next segment's file, once ready, among the open ones (a failed preparation leaves nothing). */
    private void adoptPreparation() {
        if (next == null) {
            return;
        }
        long segment = next.segment();
        Ready ready = finishPreparation();
        if (ready != null) {
            open.put(segment, ready.channel());
            allocated.put(segment, ready.extent());
        }
    }

    private static void closeQuietly(PageChannel ch, Exception cause) {
        try {
            ch.close();
        } catch (IOException e) {
            cause.addSuppressed(e);
        }
    }

    /**
     * Fills bytes {@code [from, to)} of a segment with zeros and forces them, so that commits overwrite allocated
     * blocks: an fdatasync then need not also commit a change of the file's size, which costs about as much again
     * on ext4. Zero bytes read as an invalid record, so a preallocated tail is never mistaken for log.
     */
    private void zeroFill(PageChannel ch, long from, long to) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect((int) Math.min(1 << 20, to - from));
        for (long at = from; at < to; at += zeros.capacity()) {
            ch.write(zeros.clear().limit((int) Math.min(zeros.capacity(), to - at)), at);
        }
        ch.force();
        counters.recordWrite((int) ((to - from + 4095) / 4096), to - from, true);
        counters.recordFsync();
    }

    /**
     * Makes room for a write ending at {@code end} of {@code segment}. For a {@code commit}, whose force is to find
     * the blocks it writes allocated and the file's size durable already, the file is doubled (at least to
     * {@code end}, at most to the segment size) before the write reaches past what is allocated, and the next
     * extension is zero-filled ahead in the background. Any other write (a full log buffer, the write-ahead rule of
     * a page being written, a checkpoint) grows the file with its own bytes: zeros written first would be
     * overwritten at once, so a bulk load would give the device its log twice. A commit that follows such growth
     * grows the file too, and the extension ahead of it restores the zeros for the commits after it.
     */
    private void extend(long segment, PageChannel ch, long end, boolean commit) throws IOException {
        if (ahead != null && (ahead.done().isDone()
            || ahead.segment() == segment && end > allocated.getOrDefault(segment, 0L))) {
            finishAhead();
        }
        long extent = allocated.getOrDefault(segment, 0L);
        if (end > extent && (!commit || grownByWrites.contains(segment))) {
            // Not a commit, or a commit after such writes, which would find no zeros ahead anyway: the write grows
            // the file itself.
            allocated.put(segment, end);
            grownByWrites.add(segment);
            extent = end;
        } else if (end > extent) { // not extended ahead in time (or the extension failed): extend on the commit path
            extent = Math.min(segmentSize, Math.max(end, 2 * Math.max(extent, FIRST_EXTENT)));
            zeroFill(ch, allocated.getOrDefault(segment, 0L), extent);
            allocated.put(segment, extent);
        }
        if (commit && ahead == null && extent < segmentSize && end >= extent / 2) {
            long from = extent;
            long to = Math.min(segmentSize, 2 * extent);
            ahead = new Extension(segment, to, extender().submit(() -> {
                zeroFill(ch, from, to);
                return null;
            }));
        }
        // Halfway through a segment, its successor's file is made ready too (created or taken from a spare, its name
        // forced), so that the commit that first writes to it does not wait for a directory force.
        if (next == null && end >= segmentSize / 2 && !open.containsKey(segment + 1)) {
            long following = segment + 1;
            next = new Preparation(following, extender().submit(() -> prepare(following)));
        }
    }

    /**
     * Waits for the extension ahead, if any, and takes its result: the extent it made, or nothing if it failed (the
     * writer then extends the file itself and meets the error, if it persists).
     */
    private void finishAhead() {
        if (ahead == null) {
            return;
        }
        Extension done = ahead;
        ahead = null;
        try {
            awaitKeepingInterrupt(done.done());
            if (open.containsKey(done.segment())) {
                allocated.merge(done.segment(), done.to(), Math::max);
                grownByWrites.remove(done.segment());
            }
        } catch (ExecutionException e) {
            // The zeros may be partly written; the extent stays as it was, and the writer fills it again.
        }
    }

    /**
     * The result of background work the flusher needs, waited for to its end: an interrupt does not end the wait, as
     * it does not end the flush that waits; it is kept for the caller.
     */
    private static <T> T awaitKeepingInterrupt(Future<T> work) throws ExecutionException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return work.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private ExecutorService extender() {
        if (extender == null) {
            extender = Executors.newSingleThreadExecutor(task -> {
                Thread thread = new Thread(task, "verso-wal-extender");
                thread.setDaemon(true);
                return thread;
            });
        }
        return extender;
    }

    /** A recycled segment file (named {@code *.spare}), or null. */
    private Path spareSegment() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".spare")).findFirst().orElse(null);
        }
    }

    /** Writes {@code data} (position to limit) at stream position {@code start}. */
    void write(ByteBuffer data, long start, boolean commit) {
        long position = start;
        int bytes = data.remaining();
        try {
            while (data.hasRemaining()) {
                long segment = position / segmentSize;
                int offset = (int) (position % segmentSize);
                int n = (int) Math.min(data.remaining(), segmentSize - offset);
                ByteBuffer part = data.slice(data.position(), n);
                PageChannel ch = channel(segment);
                extend(segment, ch, offset + n, commit);
                ch.write(part, offset);
                unforced.add(segment);
                data.position(data.position() + n);
                position += n;
            }
        } catch (IOException e) {
            throw failure(e);
        }
        counters.recordWrite((bytes + 4095) / 4096, bytes, start == lastWriteEnd);
        lastWriteEnd = start + bytes;
    }

    /** Forces every segment written since the last force. */
    void force() {
        try {
            for (Long segment : unforced) {
                open.get(segment).force();
                counters.recordFsync();
            }
            unforced.clear();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    /** Reads into {@code dst} from stream position {@code position}; returns bytes read (short at the end). */
    int read(ByteBuffer dst, long position) {
        int total = 0;
        try {
            while (dst.hasRemaining()) {
                long segment = (position + total) / segmentSize;
                Path path = directory.resolve(fileName(segment));
                if (!open.containsKey(segment) && !Files.exists(path)) {
                    break;
                }
                int offset = (int) ((position + total) % segmentSize);
                int n = (int) Math.min(dst.remaining(), segmentSize - offset);
                ByteBuffer part = dst.slice(dst.position(), n);
                int got = channel(segment).read(part, offset);
                if (got <= 0) {
                    break; // the file ends before the segment does: its extension never became durable
                }
                dst.position(dst.position() + got);
                total += got;
                if (got < n) {
                    break;
                }
            }
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, directory, e.getMessage());
        }
        return total;
    }

    /** Retires segments that end at or before {@code position}: keeps a few as spares, deletes the rest. */
    void recycleBefore(long position) {
        finishAhead(); // no zeros are written into a file being renamed or deleted
        adoptPreparation(); // and no spare is taken while the directory is listed
        long firstNeeded = position / segmentSize;
        boolean changed = false;
        try (Stream<Path> files = Files.list(directory)) {
            for (Path p : files.toList()) {
                String name = p.getFileName().toString();
                if (!name.endsWith(".wal")) {
                    continue;
                }
                long segment = Long.parseLong(name.substring(0, name.length() - 4), 16);
                if (segment >= firstNeeded) {
                    continue;
                }
                PageChannel ch = open.remove(segment);
                if (ch != null) {
                    ch.close();
                }
                unforced.remove(segment);
                allocated.remove(segment);
                grownByWrites.remove(segment);
                if (spareCount() < SPARE_SEGMENTS) {
                    channels.move(p, directory.resolve(name + ".spare"));
                } else {
                    channels.delete(p);
                }
                changed = true;
            }
            if (changed) {
                Directories.force(channels, directory, counters);
            }
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, directory, e.getMessage());
        }
    }

    private long spareCount() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".spare")).count();
        }
    }

    private RuntimeException failure(IOException e) {
        return IoFailures.isDiskFull(e) ? IoFailures.of(e, directory.resolve("wal")) : IoFailures.of(e, directory);
    }

    @Override
    public void close() {
        finishAhead();
        adoptPreparation(); // closed with the others below
        if (extender != null) {
            extender.shutdown();
        }
        try {
            for (PageChannel ch : open.values()) {
                ch.close();
            }
            open.clear();
            allocated.clear();
            grownByWrites.clear();
        } catch (IOException e) {
            throw ErrorCode.IO_ERROR.exception(e, directory, e.getMessage());
        }
    }
}
