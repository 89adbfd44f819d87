package org.verso.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.packaging.probe.FirstStatementsProbe;

/**
 * The driver jar stores the classes of a new JVM's first statements uncompressed (the list is
 * {@code jdbc-driver/src/shade/startup-classes.txt}; see jdbc-driver's pom): a class read from the jar is then
 * not inflated first, which takes a measurable share of the time to a first result. This test runs those
 * statements ({@link FirstStatementsProbe}) in a fresh JVM, reads which classes it loaded from the jar, and checks
 * that the list still names nearly all of them as the code changes; it writes the current list to
 * {@code packaging-tests/target/startup-classes.txt}, which replaces the file in jdbc-driver when it fails.
 */
class StartupClassesTest {
    /** Classes added to the startup path since the list was written are tolerated up to this share. */
    private static final double MOST_COMPRESSED = 0.05;

    @TempDir
    Path scratch;

    @Test
    void theFirstStatementsClassesAreStoredUncompressed() throws IOException {
        Path jar = DriverJar.path();
        Path log = scratch.resolve("class-load.log");
        DriverJar.Outcome outcome = DriverJar.run(DriverJar.currentJava(), scratch,
            "-Xlog:class+load=info:file=" + log, "-cp", jar.toString(),
            DriverJar.probeSource("FirstStatementsProbe").toString(), scratch.toString());
        assertEquals(0, outcome.exitCode(), outcome.describe());
        assertTrue(outcome.out().contains(FirstStatementsProbe.DONE), outcome.describe());

        // A line reads "[...] org.verso.Foo source: file:/.../verso-jdbc-VERSION.jar".
        String fromJar = jar.getFileName().toString();
        TreeSet<String> loaded = new TreeSet<>();
        for (String line : Files.readAllLines(log)) {
            int source = line.indexOf(" source: file:");
            if (source > 0 && line.endsWith(fromJar)) {
                String name = line.substring(line.lastIndexOf(' ', source - 1) + 1, source);
                loaded.add(name.replace('.', '/') + ".class");
            }
        }
        assertTrue(loaded.size() > 500, "too few classes read from the jar (" + loaded.size() + "): " + log);
        Path current = Path.of("target", "startup-classes.txt");
        Files.write(current, loaded);

        List<String> compressed = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (String name : loaded) {
                ZipEntry entry = zip.getEntry(name);
                assertTrue(entry != null, name + " was loaded from the jar but is not in it");
                if (entry.getMethod() != ZipEntry.STORED) {
                    compressed.add(name);
                }
            }
        }
        System.out.printf("startup classes: %d read from the driver jar, %d of them compressed%n", loaded.size(),
            compressed.size());
        assertTrue(compressed.size() <= MOST_COMPRESSED * loaded.size(), compressed.size() + " of the "
            + loaded.size() + " classes of the first statements are compressed in the jar, among them "
            + compressed.subList(0, Math.min(10, compressed.size())) + ": copy " + current.toAbsolutePath()
            + " to jdbc-driver/src/shade/startup-classes.txt");
    }
}
