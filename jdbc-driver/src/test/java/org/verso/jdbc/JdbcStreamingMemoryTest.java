package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results stream from the operators to the ResultSet: proven in a child JVM with a small heap
 * ({@link StreamingProbe}), where materialising the result would run out of memory.
 */
class JdbcStreamingMemoryTest {
    private static Map<String, Long> runProbe(Path dir, String heap, String mode, String url) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path log = dir.resolve(mode + ".log");
        Process child = new ProcessBuilder(java, heap, "-cp", System.getProperty("java.class.path"),
            StreamingProbe.class.getName(), mode, url).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!child.waitFor(5, TimeUnit.MINUTES)) {
            child.destroyForcibly();
            throw new AssertionError(mode + " did not finish:\n" + Files.readString(log));
        }
        String output = Files.readString(log);
        assertEquals(0, child.exitValue(), output);
        return values(output);
    }

    private static Map<String, Long> values(String output) throws IOException {
        Map<String, Long> values = new HashMap<>();
        for (String line : output.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && line.substring(0, eq).matches("[A-Z_]+")) {
                values.put(line.substring(0, eq), Long.parseLong(line.substring(eq + 1).trim()));
            }
        }
        return values;
    }

    @Test
    void limitOverAFourWayCrossJoinAnswersAtOnceInA256MbHeap(@TempDir Path dir) throws Exception {
        Map<String, Long> result = runProbe(dir, "-Xmx256m", "crossjoin", "jdbc:verso:mem:crossjoin");
        System.out.println("LIMIT 5 over a 4-way cross join of 100 rows, -Xmx256m: " + result.get("MILLIS") + " ms");
        assertEquals(5, result.get("ROWS"));
        assertTrue(result.get("MILLIS") < 10_000, "took " + result.get("MILLIS") + " ms");
    }

    @Test
    void aMillionRowsReadThroughJdbcDoNotGrowTheHeap(@TempDir Path dir) throws Exception {
        String url = "jdbc:verso:" + dir.resolve("db") + ";cache=16MB;durability=async";
        Map<String, Long> result = runProbe(dir, "-Xmx160m", "million", url);
        long growth = result.get("HEAP_GROWTH");
        System.out.println("10^6 rows read through one ResultSet, -Xmx160m: heap grew at most " + growth / 1024
            + " KiB above its level before the query");
        assertEquals(1_000_000, result.get("ROWS"));
        // ids are a*10000 + b*100 + x for a, b, x in 0..99: each digit pair sums to 4950 * 10^4 over the others
        assertEquals(4950L * 10_000 * (10_000 + 100 + 1), result.get("SUM"));
        // A million materialised rows (a Long, a String and an array each) would take well over 100 MB.
        assertTrue(growth < 16L << 20, "heap grew by " + growth + " bytes while reading");
    }
}
