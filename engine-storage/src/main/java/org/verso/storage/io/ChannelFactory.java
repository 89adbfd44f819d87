package org.verso.storage.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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

    /** Renames {@code from} to {@code to}, which must not exist; the caller forces the directory afterwards. */
    default void move(Path from, Path to) throws IOException {
        Files.move(from, to);
    }

    /** Deletes {@code path} if it exists; the caller forces the directory afterwards. */
    default void delete(Path path) throws IOException {
        Files.deleteIfExists(path);
    }
}
