package org.verso.storage;

import java.util.Objects;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.wal.Durability;
import org.verso.storage.wal.WriteAheadLog;

/**
 * Settings of a storage engine: page size, buffer pool budget, commit durability, how files are opened, the size
 * of a log segment, how much log may accumulate before a checkpoint, whether page files are opened with
 * O_DIRECT (where the file system allows it; the log is always written through the page cache and forced), and
 * the size of the segment files a heap is stored in (the group of pages its space is given back in), and the pages
 * of one segment file of the commit log (the unit its oldest entries are given back in).
 */
public record StorageOptions(int pageSize, long cacheBytes, Durability durability, ChannelFactory channels,
                             long walSegmentBytes, long checkpointBytes, boolean directIo, long heapSegmentBytes,
                             int commitLogSegmentPages) {
    public static final long DEFAULT_CHECKPOINT_BYTES = 64L << 20;
    /** 1 MiB: 128 pages of 8 KiB, an erase-unit-sized group. */
    public static final long DEFAULT_HEAP_SEGMENT_BYTES = 1L << 20;
    /** 32 pages: 256 KiB of 8 KiB pages, about 16,000 commits. */
    public static final int DEFAULT_COMMIT_LOG_SEGMENT_PAGES = 32;

    public StorageOptions {
        Objects.requireNonNull(durability, "durability");
        Objects.requireNonNull(channels, "channels");
    }

    public static StorageOptions defaults(int pageSize, long cacheBytes) {
        return new StorageOptions(pageSize, cacheBytes, Durability.SYNC, ChannelFactory.FILES,
            WriteAheadLog.DEFAULT_SEGMENT_BYTES, DEFAULT_CHECKPOINT_BYTES, false, DEFAULT_HEAP_SEGMENT_BYTES,
            DEFAULT_COMMIT_LOG_SEGMENT_PAGES);
    }

    public StorageOptions withPageSize(int bytes) {
        return new StorageOptions(bytes, cacheBytes, durability, channels, walSegmentBytes, checkpointBytes,
            directIo, heapSegmentBytes, commitLogSegmentPages);
    }

    public StorageOptions withCacheBytes(long bytes) {
        return new StorageOptions(pageSize, bytes, durability, channels, walSegmentBytes, checkpointBytes,
            directIo, heapSegmentBytes, commitLogSegmentPages);
    }

    public StorageOptions withDurability(Durability d) {
        return new StorageOptions(pageSize, cacheBytes, d, channels, walSegmentBytes, checkpointBytes,
            directIo, heapSegmentBytes, commitLogSegmentPages);
    }

    public StorageOptions withChannels(ChannelFactory c) {
        return new StorageOptions(pageSize, cacheBytes, durability, c, walSegmentBytes, checkpointBytes,
            directIo, heapSegmentBytes, commitLogSegmentPages);
    }

    public StorageOptions withCheckpointBytes(long bytes) {
        return new StorageOptions(pageSize, cacheBytes, durability, channels, walSegmentBytes, bytes,
            directIo, heapSegmentBytes, commitLogSegmentPages);
    }

    public StorageOptions withDirectIo(boolean direct) {
        return new StorageOptions(pageSize, cacheBytes, durability, channels, walSegmentBytes, checkpointBytes,
            direct, heapSegmentBytes, commitLogSegmentPages);
    }

    /** How page files (not the log) are opened: O_DIRECT files when asked for and the default factory is in use. */
    public ChannelFactory pageChannels() {
        return directIo && channels == ChannelFactory.FILES ? path -> new org.verso.storage.io.FilePageChannel(path,
            true) : channels;
    }

    public StorageOptions withWalSegmentBytes(long bytes) {
        return new StorageOptions(pageSize, cacheBytes, durability, channels, bytes, checkpointBytes,
            directIo, heapSegmentBytes, commitLogSegmentPages);
    }

    /** Heap segment files of {@code bytes} (a multiple of the page size), fixed when the database is created. */
    public StorageOptions withHeapSegmentBytes(long bytes) {
        return new StorageOptions(pageSize, cacheBytes, durability, channels, walSegmentBytes, checkpointBytes,
            directIo, bytes, commitLogSegmentPages);
    }

    /** Commit-log segment files of {@code pages} pages, fixed when the database is created. */
    public StorageOptions withCommitLogSegmentPages(int pages) {
        return new StorageOptions(pageSize, cacheBytes, durability, channels, walSegmentBytes, checkpointBytes,
            directIo, heapSegmentBytes, pages);
    }
}
