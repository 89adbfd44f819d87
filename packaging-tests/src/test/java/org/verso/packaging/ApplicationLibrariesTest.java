package org.verso.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.packaging.probe.ApplicationProbe;

/**
 * An application that has its own, older Guava and Jackson puts them on the class path before the driver jar:
 * both keep working, because everything the driver carries is relocated (see {@link ApplicationProbe}). The
 * driver jar as it was before relocation fails this test: Calcite, given Guava 16, cannot plan a statement.
 */
class ApplicationLibrariesTest {
    @TempDir
    Path scratch;

    @Test
    void applicationKeepsItsOwnGuavaAndJackson() {
        List<Path> application = DriverJar.applicationJars();
        String guavaJar = fileName(application, "guava-");
        String jacksonVersion = fileName(application, "jackson-databind-")
            .replaceFirst("^jackson-databind-", "").replaceFirst("\\.jar$", "");
        List<String> classPath = new ArrayList<>();
        application.forEach(jar -> classPath.add(jar.toString()));
        classPath.add(DriverJar.path().toString());

        DriverJar.Outcome outcome = DriverJar.run(DriverJar.currentJava(), scratch, "-cp",
            String.join(File.pathSeparator, classPath), DriverJar.probeSource("ApplicationProbe").toString(),
            scratch.toString(), guavaJar, jacksonVersion);
        assertEquals(0, outcome.exitCode(), outcome.describe());
        assertTrue(outcome.out().lines().toList().contains(ApplicationProbe.DONE), outcome.describe());
    }

    private static String fileName(List<Path> jars, String prefix) {
        return jars.stream().map(jar -> jar.getFileName().toString()).filter(name -> name.startsWith(prefix))
            .findFirst().orElseThrow(() -> new AssertionError("no " + prefix + "*.jar in " + jars));
    }
}
