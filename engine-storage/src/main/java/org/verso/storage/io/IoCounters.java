package org.verso.storage.io;

import java.util.concurrent.atomic.LongAdder;

/**
 * I/O counters of one file (or a sum of files): pages read, and how many of those reads continued the file's
 * previous read (sequential), pages written, bytes written, writes that continue the file's previous write
 * (sequential) versus writes anywhere else (random), and fsyncs.
 *
 * <p>These are the engine's own accounting and the ground truth for every write-reduction figure Verso reports.
 * Counters only grow; thread safe.
 */
public final class IoCounters {
    private final LongAdder pagesRead = new LongAdder();
    private final LongAdder sequentialReads = new LongAdder();
    private final LongAdder pagesWritten = new LongAdder();
    private final LongAdder bytesWritten = new LongAdder();
    private final LongAdder sequentialWrites = new LongAdder();
    private final LongAdder randomWrites = new LongAdder();
    private final LongAdder fsyncs = new LongAdder();
    private final LongAdder directoryForces = new LongAdder();

    public void recordRead(int pages, boolean sequential) {
        pagesRead.add(pages);
        if (sequential) {
            sequentialReads.increment();
        }
    }

    public void recordWrite(int pages, long bytes, boolean sequential) {
        pagesWritten.add(pages);
        bytesWritten.add(bytes);
        (sequential ? sequentialWrites : randomWrites).increment();
    }

    public void recordFsync() {
        fsyncs.increment();
    }

    /** A force of the directory holding the file, after a create, rename or delete in it. */
    public void recordDirectoryForce() {
        directoryForces.increment();
    }

    public long directoryForces() {
        return directoryForces.sum();
    }

    public long pagesRead() {
        return pagesRead.sum();
    }

    /** Reads that began where the file's previous read ended. */
    public long sequentialReads() {
        return sequentialReads.sum();
    }

    public long pagesWritten() {
        return pagesWritten.sum();
    }

    public long bytesWritten() {
        return bytesWritten.sum();
    }

    public long sequentialWrites() {
        return sequentialWrites.sum();
    }

    public long randomWrites() {
        return randomWrites.sum();
    }

    public long fsyncs() {
        return fsyncs.sum();
    }

    /** Adds this file's counts into {@code total}; used to build per-kind and database-wide sums. */
    public void addTo(IoCounters total) {
        total.pagesRead.add(pagesRead());
        total.sequentialReads.add(sequentialReads());
        total.pagesWritten.add(pagesWritten());
        total.bytesWritten.add(bytesWritten());
        total.sequentialWrites.add(sequentialWrites());
        total.randomWrites.add(randomWrites());
        total.fsyncs.add(fsyncs());
        total.directoryForces.add(directoryForces());
    }

    @Override
    public String toString() {
        return "pagesRead=" + pagesRead() + " pagesWritten=" + pagesWritten() + " bytesWritten=" + bytesWritten()
            + " sequentialReads=" + sequentialReads() + " sequentialWrites=" + sequentialWrites() + " randomWrites="
            + randomWrites() + " fsyncs=" + fsyncs();
    }
}
