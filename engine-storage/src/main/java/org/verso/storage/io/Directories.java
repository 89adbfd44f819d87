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
     * Forces {@code directory}'s entries to stable storage and counts it in {@code counters}. A thread interrupt,
     * pending or arriving during the force, does not fail it (see {@link InterruptSafeIo}).
     */
    public static void force(Path directory, IoCounters counters) throws IOException {
        InterruptSafeIo.run(() -> {
            try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
                dir.force(true);
            }
        });
        counters.recordDirectoryForce();
    }
}
