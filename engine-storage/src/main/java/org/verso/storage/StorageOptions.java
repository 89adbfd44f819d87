package org.verso.storage;

import java.util.Objects;
import org.verso.storage.io.ChannelFactory;
import org.verso.storage.wal.Durability;
import org.verso.storage.wal.WriteAheadLog;

/**
 * Settings of a storage engine: page size, buffer pool budget, commit durability, how files are opened, the size
 * of a log segment, and how much log may accumulate before a checkpoint.
 */
public record StorageOptions(int pageSize, long cacheBytes, Durability durability, ChannelFactory channels,
                             long walSegmentBytes, long checkpointBytes) {
    public static final long DEFAULT_CHECKPOINT_BYTES = 64L << 20;

    public StorageOptions {
        Objects.requireNonNull(durability, "durability");
        Objects.requireNonNull(channels, "channels");
    }

    public static StorageOptions defaults(int pageSize, long cacheBytes) {
        return new StorageOptions(pageSize, cacheBytes, Durability.SYNC, ChannelFactory.FILES,
            WriteAheadLog.DEFAULT_SEGMENT_BYTES, DEFAULT_CHECKPOINT_BYTES);
    }

    public StorageOptions withDurability(Durability d) {
        return new StorageOptions(pageSize, cacheBytes, d, channels, walSegmentBytes, checkpointBytes);
    }

    public StorageOptions withChannels(ChannelFactory c) {
        return new StorageOptions(pageSize, cacheBytes, durability, c, walSegmentBytes, checkpointBytes);
    }

    public StorageOptions withCheckpointBytes(long bytes) {
        return new StorageOptions(pageSize, cacheBytes, durability, channels, walSegmentBytes, bytes);
    }

    public StorageOptions withWalSegmentBytes(long bytes) {
        return new StorageOptions(pageSize, cacheBytes, durability, channels, bytes, checkpointBytes);
    }
}
