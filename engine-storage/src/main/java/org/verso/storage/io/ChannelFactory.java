package org.verso.storage.io;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The file system beneath the database's page files and log segments: opens the channel of a file, and renames and
 * deletes files (a recycled log segment keeps its old contents under its new name). The default works on real
 * files; fault-injection tests substitute a file system that fails, or that loses unforced writes at a power cut.
 */
@FunctionalInterface
public interface ChannelFactory {
    /** Real files through {@link FilePageChannel}. */
    ChannelFactory FILES = FilePageChannel::new;

    PageChannel open(Path path) throws IOException;

    /**
     * Renames {@code from} to {@code to} in one atomic step, replacing {@code to} if it exists; the caller forces
     * the directory afterwards.
     */
    default void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes {@code path} if it exists; the caller forces the directory afterwards. */
    default void delete(Path path) throws IOException {
        Files.deleteIfExists(path);
    }

    /** Makes the creations, renames and deletions of files in {@code directory} durable. */
    default void forceDirectory(Path directory) throws IOException {
        Directories.force(directory);
    }
}
