package org.verso.packaging;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds an installed JDK of a given feature version (17, 21, 25, ...), so that the driver jar can be run on every
 * JVM this machine has. Looked at, in order: the system property {@code verso.test.jdkN} (a JDK home, which must
 * then be valid), the environment variables that CI images set ({@code JAVA_HOME_N_X64},
 * {@code JAVA_HOME_N_AARCH64}), and the usual installation directories of Linux packages, macOS, SDKMAN! and
 * IntelliJ IDEA. A JDK home is recognised by its {@code release} file; it must include the compiler module, which
 * the source launcher that runs the probes needs.
 */
final class Jdks {
    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)[.\"]");

    static Optional<Path> java(int feature) {
        String property = System.getProperty("verso.test.jdk" + feature);
        if (property != null) {
            Path home = Path.of(property);
            if (featureOf(home) != feature) {
                throw new AssertionError("verso.test.jdk" + feature + "=" + home + " is not a JDK " + feature);
            }
            return Optional.of(home.resolve("bin").resolve("java"));
        }
        for (Path home : candidates(feature)) {
            if (featureOf(home) == feature) {
                return Optional.of(home.resolve("bin").resolve("java"));
            }
        }
        return Optional.empty();
    }

    /** Where {@link #java} looked, for the message of a skipped check. */
    static String searched(int feature) {
        return "-Dverso.test.jdk" + feature + ", $JAVA_HOME_" + feature + "_X64, $JAVA_HOME_" + feature
            + "_AARCH64 and the JDK homes under " + String.join(", ", installationDirectories().stream()
            .map(Path::toString).toList());
    }

    private static List<Path> candidates(int feature) {
        List<Path> homes = new ArrayList<>();
        for (String variable : List.of("JAVA_HOME_" + feature + "_X64", "JAVA_HOME_" + feature + "_AARCH64")) {
            String value = System.getenv(variable);
            if (value != null) {
                homes.add(Path.of(value));
            }
        }
        for (Path directory : installationDirectories()) {
            if (!Files.isDirectory(directory)) {
                continue;
            }
            try (Stream<Path> children = Files.list(directory)) {
                children.sorted().forEach(child -> {
                    homes.add(child);
                    homes.add(child.resolve("Contents").resolve("Home"));
                });
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return homes;
    }

    private static List<Path> installationDirectories() {
        Path user = Path.of(System.getProperty("user.home"));
        return List.of(Path.of("/usr/lib/jvm"), Path.of("/Library/Java/JavaVirtualMachines"),
            user.resolve(".sdkman").resolve("candidates").resolve("java"), user.resolve(".jdks"));
    }

    /** The feature version of the JDK at {@code home}, or -1 if it is not a JDK with a compiler. */
    private static int featureOf(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release) || !Files.isExecutable(home.resolve("bin").resolve("java"))) {
            return -1;
        }
        try {
            String text = Files.readString(release);
            Matcher version = JAVA_VERSION.matcher(text);
            if (!version.find() || !text.contains("jdk.compiler")) {
                return -1;
            }
            return Integer.parseInt(version.group(1));
        } catch (IOException e) {
            return -1;
        }
    }

    private Jdks() {
    }
}
