package org.verso.packaging;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;

/**
 * The driver jar under test, the probe programs, and fresh JVMs that run them. The build passes the paths as system
 * properties (see this module's pom): the jar is the one the reactor resolved for {@code org.verso:verso-jdbc}.
 */
final class DriverJar {
    private static final long TIMEOUT_SECONDS = 180;

    static Path path() {
        String property = System.getProperty("verso.driver.jar");
        if (property == null) {
            fail("verso.driver.jar is not set: run these tests through Maven, in a reactor with jdbc-driver "
                + "(./mvnw test, or -pl packaging-tests -am)");
        }
        Path jar = Path.of(property);
        assertTrue(Files.isRegularFile(jar) && jar.getFileName().toString().matches("verso-jdbc-.*\\.jar"),
            "expected the driver jar built by jdbc-driver, got " + jar);
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            assertTrue(zip.getEntry("org/verso/shaded/") != null,
                jar + " is not the shaded driver jar (no org/verso/shaded/): did the shade plugin run?");
        } catch (IOException e) {
            throw new AssertionError("cannot read " + jar, e);
        }
        return jar;
    }

    /** The jars of the application libraries that the clash test puts next to the driver. */
    static List<Path> applicationJars() {
        String property = System.getProperty("verso.app.classpath");
        assertTrue(property != null && !property.isBlank(), "verso.app.classpath is not set");
        List<Path> jars = new ArrayList<>();
        for (String entry : property.split(File.pathSeparator)) {
            Path jar = Path.of(entry);
            assertTrue(Files.isRegularFile(jar), "application library missing: " + jar);
            jars.add(jar);
        }
        return jars;
    }

    /** The source file of a probe program, run by the JDK's source launcher so that it needs no class path. */
    static Path probeSource(String simpleName) {
        String property = System.getProperty("verso.probe.sources");
        assertTrue(property != null, "verso.probe.sources is not set");
        Path source = Path.of(property, simpleName + ".java");
        assertTrue(Files.isRegularFile(source), "probe source missing: " + source);
        return source;
    }

    static Path currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** What a finished JVM left behind. */
    record Outcome(List<String> command, int exitCode, String out, String err) {
        String describe() {
            return "command: " + String.join(" ", command) + "\nexit code: " + exitCode + "\n--- stdout\n" + out
                + "--- stderr\n" + err;
        }
    }

    /**
     * Runs {@code java ARGS...} in {@code workDir} and waits for it. The child gets none of the environment
     * variables through which JVM options or a class path could reach it unseen, so what runs is exactly the
     * command line.
     */
    static Outcome run(Path java, Path workDir, String... args) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(Arrays.asList(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        Map<String, String> env = builder.environment();
        for (String variable : List.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH")) {
            env.remove(variable);
        }
        Path out = workDir.resolve("jvm-stdout.txt");
        Path err = workDir.resolve("jvm-stderr.txt");
        builder.redirectOutput(out.toFile()).redirectError(err.toFile());
        try {
            Process process = builder.start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                fail("no exit within " + TIMEOUT_SECONDS + " s: " + String.join(" ", command) + "\n"
                    + Files.readString(out, StandardCharsets.UTF_8) + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Outcome(command, process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + command, e);
        }
    }

    private DriverJar() {
    }
}
