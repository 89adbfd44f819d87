package org.verso.jdbc;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The child JVM of {@link JdbcStreamingMemoryTest}, started with a small heap. It prints {@code KEY=value} lines for
 * the parent to check:
 * <ul>
 *   <li>{@code crossjoin URL}: runs {@code LIMIT 5} over a 4-way cross join of a 100-row table (10^8 rows) and
 *       prints ROWS and MILLIS;</li>
 *   <li>{@code million URL}: fills a table with 10^6 rows, reads them all through one result set, and prints ROWS,
 *       SUM, and HEAP_GROWTH, the most the used heap (after a collection) grew above its level before the query,
 *       sampled every 200 000 rows.</li>
 * </ul>
 */
public final class StreamingProbe {
    private StreamingProbe() {
    }

    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection(args[1])) {
            createHundredRows(c);
            if (args[0].equals("crossjoin")) {
                crossJoin(c);
            } else {
                million(c);
            }
        }
    }

    private static void createHundredRows(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE big (id INT NOT NULL, PRIMARY KEY (id))");
            StringBuilder values = new StringBuilder("INSERT INTO big VALUES (0)");
            for (int i = 1; i < 100; i++) {
                values.append(", (").append(i).append(')');
            }
            s.execute(values.toString());
        }
    }

    private static void crossJoin(Connection c) throws SQLException {
        long start = System.nanoTime();
        int rows = 0;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT a.id, b.id FROM big a, big b, big x, big y LIMIT 5")) {
            while (rs.next()) {
                rows++;
            }
        }
        System.out.println("ROWS=" + rows);
        System.out.println("MILLIS=" + (System.nanoTime() - start) / 1_000_000);
    }

    private static void million(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE m (id BIGINT, label VARCHAR(20))");
        }
        // Ten statements of 100 000 rows, so no transaction holds a million writes.
        try (PreparedStatement fill = c.prepareStatement("INSERT INTO m SELECT a.id * 10000 + b.id * 100 + x.id,"
            + " 'row' FROM big a, big b, big x WHERE a.id >= ? AND a.id < ?")) {
            for (int from = 0; from < 100; from += 10) {
                fill.setInt(1, from);
                fill.setInt(2, from + 10);
                fill.executeUpdate();
            }
        }
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long base = usedAfterGc(memory);
        long rows = 0;
        long sum = 0;
        long growth = 0;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id, label FROM m")) {
            while (rs.next()) {
                sum += rs.getLong(1);
                rs.getString(2);
                if (++rows % 200_000 == 0) {
                    growth = Math.max(growth, usedAfterGc(memory) - base);
                }
            }
        }
        System.out.println("ROWS=" + rows);
        System.out.println("SUM=" + sum);
        System.out.println("HEAP_GROWTH=" + growth);
    }

    private static long usedAfterGc(MemoryMXBean memory) {
        System.gc();
        return memory.getHeapMemoryUsage().getUsed();
    }
}
