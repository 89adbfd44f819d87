package org.verso.core;

import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.util.Objects;
import org.verso.common.ErrorCode;
import org.verso.core.catalog.IndexKind;
import org.verso.storage.StorageOptions;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.wal.Durability;
import org.verso.storage.wal.WriteAheadLog;

/**
 * How to open a database: where it lives (a directory, or a named in-memory store), its page size, the buffer
 * pool budget, commit durability, and the meter registry its metrics go to. Immutable; start from
 * {@link #directory} or {@link #inMemory} and refine with the {@code with*} methods.
 */
public final class DatabaseConfig {
    public static final int DEFAULT_PAGE_SIZE = 8192;
    /** The largest default cache: the default is this or a quarter of the JVM's maximum heap, whichever is less. */
    public static final long DEFAULT_CACHE_BYTES = 64L << 20;

    private final Path directory;
    private final String memoryName;
    private final MeterRegistry meterRegistry;
    private final StorageOptions storage;
    private final IndexKind indexKind;

    private DatabaseConfig(Path directory, String memoryName, MeterRegistry meterRegistry, StorageOptions storage,
                           IndexKind indexKind) {
        this.directory = directory;
        this.memoryName = memoryName;
        this.meterRegistry = meterRegistry;
        this.storage = storage;
        this.indexKind = indexKind;
    }

    /** A database stored in {@code dir}, created if it does not exist. */
    public static DatabaseConfig directory(Path dir) {
        return new DatabaseConfig(dir.toAbsolutePath().normalize(), null, null,
            StorageOptions.defaults(DEFAULT_PAGE_SIZE, defaultCacheBytes()), IndexKind.MVIDX);
    }

    /** A database held in memory under {@code name}; it disappears when it is closed. */
    public static DatabaseConfig inMemory(String name) {
        return new DatabaseConfig(null, Objects.requireNonNull(name), null,
            StorageOptions.defaults(DEFAULT_PAGE_SIZE, defaultCacheBytes()), IndexKind.MVIDX);
    }

    /**
     * The cache a database gets when none is set: {@link #DEFAULT_CACHE_BYTES}, or a quarter of the JVM's maximum
     * heap if that is less, since the pool lives in direct memory, whose limit is the maximum heap unless
     * {@code -XX:MaxDirectMemorySize} says otherwise; never less than 16 pages.
     */
    public static long defaultCacheBytes() {
        return Math.max(16L * DEFAULT_PAGE_SIZE, Math.min(DEFAULT_CACHE_BYTES, Runtime.getRuntime().maxMemory() / 4));
    }

    private DatabaseConfig with(StorageOptions options) {
        return new DatabaseConfig(directory, memoryName, meterRegistry, options, indexKind);
    }

    /** Page size in bytes: 4096, 8192 or 16384. Fixed when the database is created. */
    public DatabaseConfig withPageSize(int bytes) {
        if (bytes != 4096 && bytes != 8192 && bytes != 16384) {
            throw ErrorCode.CANNOT_OPEN.exception(describe(), "page size must be 4096, 8192 or 16384, not " + bytes);
        }
        return with(storage.withPageSize(bytes));
    }

    /** The buffer pool's budget of direct memory, in bytes (at least 16 pages). */
    public DatabaseConfig withCacheBytes(long bytes) {
        if (bytes < 16L * storage.pageSize()) {
            throw ErrorCode.CANNOT_OPEN.exception(describe(),
                "cache must hold at least 16 pages, not " + bytes + " bytes");
        }
        return with(storage.withCacheBytes(bytes));
    }

    /**
     * When a commit is durable: {@link Durability#SYNC} (the default) forces the log before commit returns;
     * {@link Durability#ASYNC} returns at once and forces within {@value WriteAheadLog#ASYNC_FLUSH_MILLIS} ms, so
     * a crash may lose the commits of that window.
     */
    public DatabaseConfig withDurability(Durability durability) {
        return with(storage.withDurability(durability));
    }

    /** How database files are opened; fault-injection tests substitute channels that fail or drop writes. */
    public DatabaseConfig withChannels(ChannelFactory factory) {
        return with(storage.withChannels(factory));
    }

    /** How many bytes of log accumulate before a background checkpoint runs. */
    public DatabaseConfig withCheckpointBytes(long bytes) {
        return with(storage.withCheckpointBytes(bytes));
    }

    /**
     * Opens page files with O_DIRECT, bypassing the operating system's page cache, where the file system allows it
     * (elsewhere they are opened buffered). The write-ahead log is always buffered and forced.
     */
    public DatabaseConfig withDirectIo(boolean direct) {
        return with(storage.withDirectIo(direct));
    }

    /**
     * Size of the segment files a heap is stored in (a multiple of the page size): reclaimed space goes back to the
     * file system a whole segment at a time. Fixed when the database is created.
     */
    public DatabaseConfig withHeapSegmentBytes(long bytes) {
        if (bytes <= 0 || bytes % storage.pageSize() != 0) {
            throw ErrorCode.CANNOT_OPEN.exception(describe(), "heap segments must be a positive multiple of the page"
                + " size, not " + bytes + " bytes");
        }
        return with(storage.withHeapSegmentBytes(bytes));
    }

    /**
     * Pages of one commit-log segment file: the unit in which checkpoints give back the oldest commit-log entries.
     * Fixed when the database is created; small values let tests give back often.
     */
    public DatabaseConfig withCommitLogSegmentPages(int pages) {
        if (pages <= 0) {
            throw ErrorCode.CANNOT_OPEN.exception(describe(), "commit-log segments must have at least one page, not "
                + pages);
        }
        return with(storage.withCommitLogSegmentPages(pages));
    }

    /** Size of one write-ahead log segment file. */
    public DatabaseConfig withWalSegmentBytes(long bytes) {
        return with(storage.withWalSegmentBytes(bytes));
    }

    /**
     * The registry Verso registers its meters with when the database opens. Without one, the database makes a
     * {@code SimpleMeterRegistry} of its own when {@link Database#meterRegistry} is first called.
     */
    public DatabaseConfig withMeterRegistry(MeterRegistry registry) {
        return new DatabaseConfig(directory, memoryName, Objects.requireNonNull(registry), storage, indexKind);
    }

    /**
     * The kind of the indexes created while the database is open that do not name one: primary keys, UNIQUE
     * constraints and CREATE INDEX without USING. {@link IndexKind#MVIDX} by default; an index keeps the kind it
     * was created with.
     */
    public DatabaseConfig withIndexKind(IndexKind kind) {
        return new DatabaseConfig(directory, memoryName, meterRegistry, storage, Objects.requireNonNull(kind));
    }

    /** See {@link #withIndexKind}. */
    public IndexKind indexKind() {
        return indexKind;
    }

    public boolean isInMemory() {
        return directory == null;
    }

    /** The database directory, or null for an in-memory database. */
    public Path directory() {
        return directory;
    }

    public String memoryName() {
        return memoryName;
    }

    public int pageSize() {
        return storage.pageSize();
    }

    public long cacheBytes() {
        return storage.cacheBytes();
    }

    public Durability durability() {
        return storage.durability();
    }

    /** The storage engine's settings. */
    public StorageOptions storageOptions() {
        return storage;
    }

    /** The embedder's registry; null if none was given (see {@link Database#meterRegistry}). */
    public MeterRegistry meterRegistry() {
        return meterRegistry;
    }

    /** A short name for messages: the directory path or {@code mem:NAME}. */
    public String describe() {
        return directory != null ? directory.toString() : "mem:" + memoryName;
    }
}
