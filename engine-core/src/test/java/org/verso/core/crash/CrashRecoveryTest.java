package org.verso.core.crash;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verso.core.Database;

/**
 * Kills a child JVM running {@link BankWorkload} with SIGKILL at a random moment, reopens the database and checks
 * that every acknowledged transfer is present, no rolled-back one or one whose deletion was acknowledged is, and the
 * total balance is unchanged. The same
 * directory goes through every cycle, so recovery also starts from databases that were recovered before.
 *
 * <p>The default run does {@value #QUICK_CYCLES} cycles; {@code ./mvnw -Pcrash test} runs
 * {@code -Dverso.crash.cycles} (default 100). The seed is printed; rerun with {@code -Dverso.seed=N}.
 */
class CrashRecoveryTest {
    private static final int QUICK_CYCLES = 3;

    @Test
    void acknowledgedTransfersSurviveSigkill(@TempDir Path dir) throws Exception {
        runCycles(dir, QUICK_CYCLES);
    }

    @Test
    @Tag("slow")
    void hundredCrashCycles(@TempDir Path dir) throws Exception {
        runCycles(dir, Integer.getInteger("verso.crash.cycles", 100));
    }

    private void runCycles(Path dir, int cycles) throws Exception {
        long seed = Long.getLong("verso.seed", System.nanoTime());
        System.out.println("crash test seed=" + seed + " cycles=" + cycles);
        Random random = new Random(seed);
        Set<Long> acknowledged = new HashSet<>();
        Set<Long> absent = new HashSet<>();
        for (int cycle = 0; cycle < cycles; cycle++) {
            // Every third cycle the parent does not reopen the database after the kill, so the next child starts
            // with recovery, and it is killed soon after it starts: often during that recovery.
            boolean early = cycle % 3 == 2;
            Process child = startChild(dir, seed + cycle, cycle);
            long runMillis = early ? random.nextInt(400) : 300 + random.nextInt(1500);
            waitUntilInitialised(dir, child);
            Thread.sleep(runMillis);
            boolean alive = child.isAlive();
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            assertTrue(alive, "the workload died by itself; see " + dir.resolve("child-" + cycle + ".log") + ":\n"
                + Files.readString(dir.resolve("child-" + cycle + ".log")));
            readAcks(dir, cycle, acknowledged, absent);
            if (cycle % 3 != 1 || cycle == cycles - 1) {
                verify(dir, acknowledged, absent, cycle);
            }
        }
        System.out.println("acknowledged transfers checked: " + acknowledged.size() + ", rolled back or deleted: "
            + absent.size() + ", " + heapSegments(dir));
        assertFalse(acknowledged.isEmpty(), "the workload committed something");
    }

    /**
     * How many heap and commit-log segment files are on disk, of how many were ever used (the highest number plus
     * one).
     */
    private static String heapSegments(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve("tables"))) {
            java.util.List<String> segments = files.map(p -> p.getFileName().toString())
                .filter(n -> n.matches("T\\d+\\.heap\\.[0-9a-f]{8}")).toList();
            java.util.Map<String, Integer> used = new java.util.TreeMap<>();
            for (String name : segments) {
                used.merge(name.substring(0, name.indexOf(".heap")),
                    Integer.parseInt(name.substring(name.lastIndexOf('.') + 1), 16) + 1, Math::max);
            }
            String heap = "heap segment files on disk: " + segments.size() + " of " + used.values().stream()
                .mapToInt(Integer::intValue).sum() + " used";
            try (Stream<Path> top = Files.list(dir)) {
                java.util.List<Integer> log = top.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("commit\\.log\\.[0-9a-f]{8}"))
                    .map(n -> Integer.parseInt(n.substring(n.lastIndexOf('.') + 1), 16)).toList();
                return heap + "; commit-log segment files on disk: " + log.size() + " of "
                    + (log.stream().mapToInt(Integer::intValue).max().orElse(-1) + 1) + " used";
            }
        }
    }

    private static Process startChild(Path dir, long seed, int cycle) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
            BankWorkload.class.getName(), dir.toString(), Long.toString(seed), Integer.toString(cycle));
        File log = dir.resolve("child-" + cycle + ".log").toFile();
        pb.redirectErrorStream(true).redirectOutput(log);
        return pb.start();
    }

    private static void waitUntilInitialised(Path dir, Process child) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(dir.resolve("initialised"))) {
            assertTrue(child.isAlive(), "child exited before initialising");
            assertTrue(System.nanoTime() < deadline, "child did not initialise in time");
            Thread.sleep(20);
        }
    }

    private static void readAcks(Path dir, int cycle, Set<Long> acknowledged, Set<Long> absent)
        throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.getFileName().toString().startsWith("acks-" + cycle + "-")).toList()) {
                for (String line : Files.readAllLines(p)) {
                    if (!line.endsWith("\n") && line.length() < 3) {
                        continue;
                    }
                    long id = Long.parseLong(line.substring(2).trim());
                    switch (line.charAt(0)) {
                        case 'C' -> acknowledged.add(id);
                        case 'd' -> acknowledged.remove(id); // being deleted: present or not
                        case 'D' -> absent.add(id);
                        default -> absent.add(id); // R: rolled back
                    }
                }
            }
        }
    }

    private static void verify(Path dir, Set<Long> acknowledged, Set<Long> absent, int cycle) {
        try (Database db = Database.open(BankWorkload.config(dir))) {
            BankWorkload.verify(db, acknowledged, absent, "cycle " + cycle);
        }
    }
}
