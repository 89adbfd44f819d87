package org.verso.storage.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * One logical page file stored as segment files of {@code segmentBytes} each ({@code NAME.<segment as 8 hex
 * digits>}), so that a run of pages that will never be read again is given back to the file system whole, as one
 * erase-unit-sized group, by deleting its segment ({@link #release}). Positions never move: a released segment is a
 * hole in the logical file, and the pages after it keep their numbers.
 *
 * <p>A segment file is created when it is first written, and its name is forced before the write returns, so a
 * checkpoint that forces the data never relies on a name a power loss could undo. A segment below the last one
 * that has no file was released; reading it is an error the caller must not make ({@link #isReleased} tells).
 *
 * <p>Thread safety: positional reads and writes from any thread; creating and releasing segments is serialised.
 */
public final class SegmentedPageChannel implements PageChannel {
    private final ChannelFactory channels;
    private final Path directory;
    private final String name;
    private final long segmentBytes;
    private final IoCounters counters;
    private final Map<Long, PageChannel> open = new ConcurrentHashMap<>();
    private final Set<Long> unforced = ConcurrentHashMap.newKeySet();
    private final Set<Long> released = ConcurrentHashMap.newKeySet();
    // Segments created whose names no directory force has made durable yet; guarded by this.
    private final Set<Long> unforcedNames = new HashSet<>();
    // The highest segment that has a file, or -1; segments below it without a file were released.
    private volatile long lastSegment = -1;
    private volatile boolean closed;

    /**
     * The logical file {@code file} (its segments lie beside it, each named after it), in segments of
     * {@code segmentBytes}; {@code counters} counts the directory forces that creating and releasing segments take.
     */
    public SegmentedPageChannel(ChannelFactory channels, Path file, long segmentBytes, IoCounters counters)
        throws IOException {
        this.channels = channels;
        this.directory = file.getParent();
        this.name = file.getFileName().toString();
        this.segmentBytes = segmentBytes;
        this.counters = counters;
        Set<Long> existing = existingSegments();
        for (long segment : existing) {
            lastSegment = Math.max(lastSegment, segment);
        }
        for (long segment = 0; segment < lastSegment; segment++) {
            if (!existing.contains(segment)) {
                released.add(segment);
            }
        }
    }

    /** The segment numbers that have a file in the directory. */
    private Set<Long> existingSegments() throws IOException {
        Set<Long> found = new HashSet<>();
        String prefix = name + ".";
        try (Stream<Path> files = Files.list(directory)) {
            for (Path p : files.toList()) {
                String file = p.getFileName().toString();
                if (file.startsWith(prefix) && file.length() == prefix.length() + 8) {
                    try {
                        found.add(Long.parseLong(file.substring(prefix.length()), 16));
                    } catch (NumberFormatException e) {
                        // not a segment of this file
                    }
                }
            }
        }
        return found;
    }

    private Path pathOf(long segment) {
        return directory.resolve(String.format("%s.%08x", name, segment));
    }

    @Override
    public long releaseUnitBytes() {
        return segmentBytes;
    }

    @Override
    public boolean isReleased(long position) {
        return released.contains(position / segmentBytes);
    }

    @Override
    public String fileOf(long position) {
        return pathOf(position / segmentBytes).getFileName().toString();
    }

    @Override
    public boolean releasedAny() {
        return !released.isEmpty();
    }

    /** The segment's channel; null if it has no file and {@code create} is false. */
    private PageChannel channel(long segment, boolean create) throws IOException {
        PageChannel ch = open.get(segment);
        if (ch != null) {
            return ch;
        }
        synchronized (this) {
            ch = open.get(segment);
            if (ch != null) {
                return ch;
            }
            if (closed) {
                throw new java.nio.channels.ClosedChannelException();
            }
            Path path = pathOf(segment);
            boolean exists = Files.exists(path);
            if (!exists && !create) {
                return null;
            }
            ch = channels.open(path);
            // The name must be durable before a page written to the segment is relied on. A force that failed
            // leaves a file whose name a power loss may undo: the next use forces again instead of trusting it.
            if (!exists || unforcedNames.contains(segment)) {
                unforcedNames.add(segment);
                try {
                    Directories.force(channels, directory, counters);
                } catch (IOException | RuntimeException e) {
                    ch.close();
                    throw e;
                }
                unforcedNames.remove(segment);
            }
            open.put(segment, ch);
            lastSegment = Math.max(lastSegment, segment);
            return ch;
        }
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        int total = 0;
        while (dst.hasRemaining()) {
            long at = position + total;
            long segment = at / segmentBytes;
            PageChannel ch = channel(segment, false);
            if (ch == null) {
                break;
            }
            int n = (int) Math.min(dst.remaining(), segmentBytes - at % segmentBytes);
            int got = ch.read(dst.slice(dst.position(), n), at % segmentBytes);
            if (got <= 0) {
                break;
            }
            dst.position(dst.position() + got);
            total += got;
            if (got < n) {
                break;
            }
        }
        return total;
    }

    @Override
    public void write(ByteBuffer src, long position) throws IOException {
        long at = position;
        while (src.hasRemaining()) {
            long segment = at / segmentBytes;
            int n = (int) Math.min(src.remaining(), segmentBytes - at % segmentBytes);
            PageChannel ch = channel(segment, true);
            ch.write(src.slice(src.position(), n), at % segmentBytes);
            unforced.add(segment);
            src.position(src.position() + n);
            at += n;
        }
    }

    @Override
    public void force() throws IOException {
        for (Long segment : Set.copyOf(unforced)) {
            PageChannel ch = open.get(segment);
            unforced.remove(segment);
            if (ch != null) {
                ch.force();
            }
        }
    }

    /** The logical size: the end of the last segment's data. */
    @Override
    public long size() throws IOException {
        long last = lastSegment;
        if (last < 0) {
            return 0;
        }
        PageChannel ch = channel(last, false);
        return last * segmentBytes + (ch == null ? 0 : ch.size());
    }

    @Override
    public synchronized void truncate(long size) throws IOException {
        long keep = size == 0 ? -1 : (size - 1) / segmentBytes;
        for (long segment : existingSegments()) {
            if (segment > keep) {
                delete(segment);
            }
        }
        released.removeIf(segment -> segment >= keep);
        if (keep >= 0) {
            PageChannel ch = channel(keep, true);
            ch.truncate(size - keep * segmentBytes);
        }
        lastSegment = keep;
        Directories.force(channels, directory, counters);
    }

    /**
     * Gives back the whole segments within bytes {@code [from, to)}, which will never be read again: their files
     * are deleted and the directory forced. Returns the bytes released. The last segment is never released.
     */
    @Override
    public synchronized long release(long from, long to) throws IOException {
        long first = (from + segmentBytes - 1) / segmentBytes;
        long end = Math.min(to / segmentBytes, lastSegment);
        long bytes = 0;
        for (long segment = first; segment < end; segment++) {
            if (!released.contains(segment)) {
                delete(segment);
                released.add(segment);
                bytes += segmentBytes;
            }
        }
        if (bytes > 0) {
            Directories.force(channels, directory, counters);
        }
        return bytes;
    }

    private void delete(long segment) throws IOException {
        PageChannel ch = open.remove(segment);
        unforced.remove(segment);
        if (ch != null) {
            ch.close();
        }
        channels.delete(pathOf(segment));
    }

    /** Deletes every segment of the logical file and closes it; the caller forces the directory. */
    public synchronized void deleteAll() throws IOException {
        // A reader that finds a segment gone fails as on a closed file, never reading it as empty.
        closed = true;
        for (long segment : existingSegments()) {
            delete(segment);
        }
        for (Long segment : Set.copyOf(open.keySet())) {
            delete(segment);
        }
        released.clear();
        lastSegment = -1;
    }

    @Override
    public synchronized void close() throws IOException {
        closed = true;
        IOException failure = null;
        for (PageChannel ch : open.values()) {
            try {
                ch.close();
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        open.clear();
        if (failure != null) {
            throw failure;
        }
    }
}
