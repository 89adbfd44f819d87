package org.verso.storage.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Makes changes to a directory durable. Creating, renaming or deleting a file changes its directory, and a power
 * loss can undo that change unless the directory itself is forced: a log segment renamed into place could come back
 * under its old name, with the commits written to it. Every such change that recovery depends on is followed by
 * {@link #force}.
 */
public final class Directories {
    private Directories() {
    }

    /**
     * Forces {@code directory}'s entries to stable storage through {@code channels} (the file system beneath the
     * database) and counts it in {@code counters}.
     */
    public static void force(ChannelFactory channels, Path directory, IoCounters counters) throws IOException {
        channels.forceDirectory(directory);
        counters.recordDirectoryForce();
    }

    /**
     * Forces {@code directory}'s entries on the real file system. A thread interrupt, pending or arriving during
     * the force, does not fail it (see {@link InterruptSafeIo}).
     */
    static void force(Path directory) throws IOException {
        InterruptSafeIo.run(() -> {
            try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
                dir.force(true);
            }
        });
    }
}
