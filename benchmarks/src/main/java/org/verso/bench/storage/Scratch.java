package org.verso.bench.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Scratch directories for the benchmarks' files. They are created under {@code -Dverso.bench.dir} (default
 * {@code java.io.tmpdir}), so a run can be pointed at the disk under test, and deleted when a trial ends.
 */
public final class Scratch {
    private Scratch() {
    }

    public static Path create(String prefix) {
        try {
            Path root = Paths.get(System.getProperty("verso.bench.dir", System.getProperty("java.io.tmpdir")));
            Files.createDirectories(root);
            return Files.createTempDirectory(root, "verso-bench-" + prefix + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void delete(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
