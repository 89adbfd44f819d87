package org.verso.core;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.Objects;
import org.verso.common.ErrorCode;
import org.verso.storage.StorageOptions;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.wal.Durability;

/**
 * How to open a database: where it lives (a directory, or a named in-memory store), its page size, the buffer
 * pool budget and the meter registry its metrics go to. Immutable; build with {@link #directory} or
 * {@link #inMemory} and the {@code with*} methods.
 */
public final class DatabaseConfig {
    public static final int DEFAULT_PAGE_SIZE = 8192;
    public static final long DEFAULT_CACHE_BYTES = 64L << 20;

    private final Path directory;
    private final String memoryName;
    private final int pageSize;
    private final long cacheBytes;
    private final MeterRegistry meterRegistry;
    private final Durability durability;
    private final ChannelFactory channels;
    private final long checkpointBytes;

    private DatabaseConfig(Path directory, String memoryName, int pageSize, long cacheBytes,
                           MeterRegistry meterRegistry) {
        this(directory, memoryName, pageSize, cacheBytes, meterRegistry, Durability.SYNC, ChannelFactory.FILES,
            StorageOptions.DEFAULT_CHECKPOINT_BYTES);
    }

    private DatabaseConfig(Path directory, String memoryName, int pageSize, long cacheBytes,
                           MeterRegistry meterRegistry, Durability durability, ChannelFactory channels,
                           long checkpointBytes) {
        this.directory = directory;
        this.memoryName = memoryName;
        this.pageSize = pageSize;
        this.cacheBytes = cacheBytes;
        this.meterRegistry = meterRegistry;
        this.durability = durability;
        this.channels = channels;
        this.checkpointBytes = checkpointBytes;
    }

    /**
     * When a commit is durable: {@link Durability#SYNC} (the default) forces the log before commit returns;
     * {@link Durability#ASYNC} returns at once and forces within {@value
     * org.verso.storage.wal.WriteAheadLog#ASYNC_FLUSH_MILLIS} ms, so a crash may lose the commits of that window.
     */
    public DatabaseConfig withDurability(Durability d) {
        return new DatabaseConfig(directory, memoryName, pageSize, cacheBytes, meterRegistry,
            Objects.requireNonNull(d), channels, checkpointBytes);
    }

    /** How database files are opened; tests substitute fault-injecting channels. */
    public DatabaseConfig withChannels(ChannelFactory factory) {
        return new DatabaseConfig(directory, memoryName, pageSize, cacheBytes, meterRegistry, durability,
            Objects.requireNonNull(factory), checkpointBytes);
    }

    /** How many bytes of log accumulate before a background checkpoint runs. */
    public DatabaseConfig withCheckpointBytes(long bytes) {
        return new DatabaseConfig(directory, memoryName, pageSize, cacheBytes, meterRegistry, durability, channels,
            bytes);
    }

    public Durability durability() {
        return durability;
    }

    /** The storage engine's settings derived from this configuration. */
    public StorageOptions storageOptions() {
        return StorageOptions.defaults(pageSize, cacheBytes).withDurability(durability).withChannels(channels)
            .withCheckpointBytes(checkpointBytes);
    }

    /** A database stored in {@code dir}, created if it does not exist. */
    public static DatabaseConfig directory(Path dir) {
        return new DatabaseConfig(dir.toAbsolutePath().normalize(), null, DEFAULT_PAGE_SIZE, DEFAULT_CACHE_BYTES,
            null);
    }

    /** A database held in memory under {@code name}; it disappears when its last user closes it. */
    public static DatabaseConfig inMemory(String name) {
        return new DatabaseConfig(null, Objects.requireNonNull(name), DEFAULT_PAGE_SIZE, DEFAULT_CACHE_BYTES, null);
    }

    /** Page size in bytes: 4096, 8192 or 16384. Fixed when the database is created. */
    public DatabaseConfig withPageSize(int bytes) {
        if (bytes != 4096 && bytes != 8192 && bytes != 16384) {
            throw ErrorCode.CANNOT_OPEN.exception(describe(), "page size must be 4096, 8192 or 16384, not " + bytes);
        }
        return new DatabaseConfig(directory, memoryName, bytes, cacheBytes, meterRegistry, durability, channels,
            checkpointBytes);
    }

    /** The buffer pool's budget of direct memory, in bytes. */
    public DatabaseConfig withCacheBytes(long bytes) {
        if (bytes < 16L * pageSize) {
            throw ErrorCode.CANNOT_OPEN.exception(describe(), "cache must hold at least 16 pages, not " + bytes + " bytes");
        }
        return new DatabaseConfig(directory, memoryName, pageSize, bytes, meterRegistry, durability, channels,
            checkpointBytes);
    }

    /** The registry Verso registers its meters with; by default a private {@link SimpleMeterRegistry}. */
    public DatabaseConfig withMeterRegistry(MeterRegistry registry) {
        return new DatabaseConfig(directory, memoryName, pageSize, cacheBytes, Objects.requireNonNull(registry),
            durability, channels, checkpointBytes);
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
        return pageSize;
    }

    public long cacheBytes() {
        return cacheBytes;
    }

    public MeterRegistry meterRegistry() {
        return meterRegistry != null ? meterRegistry : new SimpleMeterRegistry();
    }

    /** A short name for messages: the directory path or {@code mem:NAME}. */
    public String describe() {
        return directory != null ? directory.toString() : "mem:" + memoryName;
    }
}
