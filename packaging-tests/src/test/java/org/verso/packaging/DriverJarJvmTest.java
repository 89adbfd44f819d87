package org.verso.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.verso.packaging.probe.DriverProbe;

/**
 * The driver jar alone, in a fresh JVM started with {@code java -cp JAR} and no options, on the JVM that runs the
 * build and on every other supported Java release installed here: file and in-memory databases, DDL, prepared
 * DML, a join with GROUP BY and ORDER BY, DECIMAL and DATE values, SQLStates of errors (see {@link DriverProbe}).
 */
class DriverJarJvmTest {
    /** The Java releases Verso supports: the baseline and the current long-term releases. */
    private static final List<Integer> RELEASES = List.of(17, 21, 25);

    @TempDir
    Path scratch;

    @TestFactory
    List<DynamicTest> driverWorksOnEachInstalledJava() {
        int build = Runtime.version().feature();
        List<DynamicTest> tests = new ArrayList<>();
        tests.add(DynamicTest.dynamicTest("Java " + build + " (the build JVM)",
            () -> runProbe(DriverJar.currentJava(), build, "build")));
        for (int release : RELEASES) {
            if (release == build) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest("Java " + release, () -> {
                Optional<Path> java = Jdks.java(release);
                if (java.isEmpty()) {
                    String message = "no JDK " + release + " installed, so the driver jar was not run on Java "
                        + release + " (looked at " + Jdks.searched(release) + ")";
                    System.err.println("SKIPPED: " + message);
                    Assumptions.abort(message);
                }
                runProbe(java.get(), release, "java" + release);
            }));
        }
        return tests;
    }

    /**
     * The shell's terminal library (JLine, relocated) shares the jar with the driver, but an application that only
     * uses JDBC never loads it.
     */
    @Test
    void driverNeverLoadsTheShellsTerminalLibrary() throws IOException {
        Path work = Files.createDirectories(scratch.resolve("classes"));
        Path log = work.resolve("class-load.log");
        DriverJar.Outcome outcome = DriverJar.run(DriverJar.currentJava(), work,
            "-Xlog:class+load=info:file=" + log, "-cp", DriverJar.path().toString(),
            DriverJar.probeSource("DriverProbe").toString(), work.toString());
        assertEquals(0, outcome.exitCode(), outcome.describe());
        List<String> loaded = Files.readAllLines(log);
        assertTrue(loaded.stream().anyMatch(line -> line.contains(" org.verso.jdbc.VersoDriver ")),
            "the class-load log does not show the driver: " + log);
        assertEquals(List.of(), loaded.stream().filter(line -> line.contains("org.verso.shaded.org.jline.")).toList());
    }

    private void runProbe(Path java, int release, String name) throws IOException {
        Path work = Files.createDirectories(scratch.resolve(name));
        DriverJar.Outcome outcome = DriverJar.run(java, work, "-cp", DriverJar.path().toString(),
            DriverJar.probeSource("DriverProbe").toString(), work.toString());
        assertEquals(0, outcome.exitCode(), outcome.describe());
        List<String> lines = outcome.out().lines().toList();
        assertTrue(lines.contains("java.specification.version=" + release), outcome.describe());
        assertTrue(lines.contains(DriverProbe.DONE), outcome.describe());
        assertEquals("", outcome.err(), "the JVM printed warnings or errors\n" + outcome.describe());
        System.out.println("driver jar passed its probe on " + java);
    }
}
