package org.verso.bench.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

/**
 * The latency of durable autocommit INSERTs on one connection into a new file database, with its tail: N
 * single-row inserts of 190 bytes each, timed one by one; prints the median, p99, p99.9 and the longest in
 * microseconds, and how many took over 5 ms. It uses only {@code java.sql}, so it runs with one driver jar:
 *
 * <pre>
 * java -cp jdbc-driver/target/verso-jdbc-0.1.0-SNAPSHOT.jar:benchmarks/target/classes \
 *     org.verso.bench.jdbc.CommitLatency jdbc:verso:/tmp/latency 60000
 * </pre>
 * The directory must not exist yet: a new database's log still grows its files, which is part of what is measured.
 */
public final class CommitLatency {
    private CommitLatency() {
    }

    public static void main(String[] args) throws SQLException {
        int n = Integer.parseInt(args[1]);
        long[] micros = new long[n];
        try (Connection c = DriverManager.getConnection(args[0]); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(200))");
            String value = "x".repeat(180);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                for (int i = 0; i < n; i++) {
                    long start = System.nanoTime();
                    insert.setInt(1, i);
                    insert.setString(2, value);
                    insert.executeUpdate();
                    micros[i] = (System.nanoTime() - start) / 1000;
                }
            }
        }
        long over5ms = Arrays.stream(micros).filter(m -> m > 5000).count();
        Arrays.sort(micros);
        System.out.printf("p50 %d us, p99 %d us, p99.9 %d us, max %d us, %d over 5 ms%n", micros[n / 2],
            micros[n * 99 / 100], micros[n * 999 / 1000], micros[n - 1], over5ms);
    }
}
