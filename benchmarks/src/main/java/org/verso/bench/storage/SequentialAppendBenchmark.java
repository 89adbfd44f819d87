package org.verso.bench.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.verso.storage.io.FilePageChannel;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.PageFile;
import org.verso.storage.page.PageHeader;

/**
 * Sequential page writes: how much of a plain {@link FileChannel}'s sequential write rate Verso's page manager
 * keeps when it writes the same number of 8 KiB pages one after another. Every SIAS heap and the commit log grow
 * this way (an {@link AppendRegion} seals its head page and writes it once, after the previous one), so this is the
 * ceiling of the engine's data-file write path.
 *
 * <p>One operation writes one 8 KiB page, so MB/s = ops/s x 8192 / 10^6 and the ratio of two scores is the
 * ratio of their write rates:
 * <ul>
 *   <li>{@code fileChannel} (baseline): a positional {@code FileChannel.write} of one prepared 8 KiB direct
 *       buffer at the next page position;</li>
 *   <li>{@code pageFile}: {@link PageFile#writePage} of one prepared frame (checksum stamp, the same positional
 *       write through {@link FilePageChannel}, I/O counters): the page manager without the buffer pool;</li>
 *   <li>{@code appendRegion}: {@code recordsPerPage} records of {@code recordBytes} appended to an
 *       {@link AppendRegion} over a {@link BufferPool}; together they fill exactly one page, which the region seals
 *       and writes when the next operation's first record does not fit. The region is not logged (as the commit
 *       log's is not), so no WAL work is included.</li>
 * </ul>
 *
 * <p>Files stay bounded: each is truncated to empty when 64 MiB of pages have been written, and at the start of
 * every iteration. With {@code forceAtBound=true} the 64 MiB are forced (fdatasync) before the truncation, so the
 * device write is part of the score; with {@code false} the pages are dropped while still in the page cache and
 * the score measures the software path only.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SequentialAppendBenchmark {
    static final int PAGE_SIZE = 8192;
    static final long SEGMENT_PAGES = (64L << 20) / PAGE_SIZE;

    @Benchmark
    public void fileChannel(RawFile target) throws IOException {
        target.writePage();
    }

    @Benchmark
    public void pageFile(PagedFile target) throws IOException {
        target.writePage();
    }

    @Benchmark
    public void appendRegion(Region target) throws IOException {
        target.appendPage();
    }

    /** Fills {@code buffer} with a non-zero pattern, so no layer can take a shortcut for zero pages. */
    static void fill(ByteBuffer buffer, int from) {
        for (int i = from; i < buffer.capacity(); i++) {
            buffer.put(i, (byte) (i * 31 + 7));
        }
    }

    /** The baseline: a bare FileChannel. */
    @State(Scope.Thread)
    public static class RawFile {
        @Param({"false", "true"})
        public boolean forceAtBound;

        private final ByteBuffer page = ByteBuffer.allocateDirect(PAGE_SIZE);
        private Path dir;
        private FileChannel channel;
        private long pages;

        @Setup(Level.Trial)
        public void open() throws IOException {
            dir = Scratch.create("seq-raw");
            channel = FileChannel.open(dir.resolve("raw.dat"), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
            fill(page, 0);
        }

        @Setup(Level.Iteration)
        public void emptyFile() throws IOException {
            channel.truncate(0);
            pages = 0;
        }

        void writePage() throws IOException {
            if (pages == SEGMENT_PAGES) {
                if (forceAtBound) {
                    channel.force(false);
                }
                emptyFile();
            }
            long at = pages * PAGE_SIZE;
            page.clear();
            while (page.hasRemaining()) {
                at += channel.write(page, at);
            }
            pages++;
        }

        @TearDown(Level.Trial)
        public void close() throws IOException {
            channel.close();
            Scratch.delete(dir);
        }
    }

    /** {@link PageFile#writePage} without the buffer pool. */
    @State(Scope.Thread)
    public static class PagedFile {
        @Param({"false", "true"})
        public boolean forceAtBound;

        private final ByteBuffer frame = ByteBuffer.allocateDirect(PAGE_SIZE);
        private final IoAccounting accounting = new IoAccounting();
        private Path dir;
        private FilePageChannel channel;
        private PageFile file;
        private long pageNo;

        @Setup(Level.Trial)
        public void open() throws IOException {
            dir = Scratch.create("seq-pagefile");
            channel = new FilePageChannel(dir.resolve("pages.dat"));
            PageHeader.init(frame, PageKind.HEAP.code(), 0);
            fill(frame, PageHeader.SIZE);
        }

        @Setup(Level.Iteration)
        public void emptyFile() throws IOException {
            channel.truncate(0);
            // A new PageFile over the emptied channel, so its sequential/random accounting starts at offset 0.
            file = new PageFile(1, "pages.dat", PageKind.HEAP, PAGE_SIZE, channel, accounting);
            pageNo = 0;
        }

        void writePage() throws IOException {
            if (pageNo == SEGMENT_PAGES) {
                if (forceAtBound) {
                    file.force();
                }
                emptyFile();
            }
            file.writePage(pageNo++, frame);
        }

        @TearDown(Level.Trial)
        public void close() {
            System.out.println("[pageFile] engine counters: " + accounting.total(PageKind.HEAP));
            file.close();
            Scratch.delete(dir);
        }
    }

    /** An {@link AppendRegion} over a {@link PageFile} and a {@link BufferPool}. */
    @State(Scope.Thread)
    public static class Region {
        @Param({"false", "true"})
        public boolean forceAtBound;

        /** Payload bytes per record; each size divides a page body (8160 bytes, 4-byte frame per record) exactly. */
        @Param({"1016", "81"})
        public int recordBytes;

        private final IoAccounting accounting = new IoAccounting();
        private final BufferPool pool = new BufferPool(PAGE_SIZE, 4L << 20);
        private Path dir;
        private FilePageChannel channel;
        private PageFile file;
        private AppendRegion region;
        private ByteBuffer payload;
        private AppendRegion.RecordWriter writer;
        private int recordsPerPage;

        @Setup(Level.Trial)
        public void open() throws IOException {
            int body = PAGE_SIZE - PageHeader.SIZE;
            if (body % (recordBytes + 4) != 0) {
                throw new IllegalArgumentException("recordBytes + 4 must divide " + body + ": " + recordBytes);
            }
            recordsPerPage = body / (recordBytes + 4);
            payload = ByteBuffer.allocateDirect(recordBytes);
            fill(payload, 0);
            writer = (page, at) -> page.put(at, payload, 0, recordBytes);
            dir = Scratch.create("seq-region");
            channel = new FilePageChannel(dir.resolve("region.dat"));
        }

        @Setup(Level.Iteration)
        public void emptyFile() throws IOException {
            if (region != null) {
                region.seal();
                pool.discard(file);
            }
            channel.truncate(0);
            file = new PageFile(1, "region.dat", PageKind.HEAP, PAGE_SIZE, channel, accounting);
            region = new AppendRegion(file, pool);
        }

        void appendPage() throws IOException {
            if (region.pageCount() == SEGMENT_PAGES) {
                if (forceAtBound) {
                    region.seal();
                    file.force();
                }
                emptyFile();
            }
            for (int i = 0; i < recordsPerPage; i++) {
                region.append(recordBytes, writer);
            }
        }

        @TearDown(Level.Trial)
        public void close() {
            region.seal();
            System.out.println("[appendRegion] engine counters: " + accounting.total(PageKind.HEAP)
                + " recordsPerPage=" + recordsPerPage);
            file.close();
            Scratch.delete(dir);
        }
    }
}
