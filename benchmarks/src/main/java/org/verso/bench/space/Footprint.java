package org.verso.bench.space;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What a database occupies on disk, through JDBC. {@code rows DIR N} creates a table and inserts N small rows in
 * transactions of 1,000. {@code churn DIR N} runs N transactions against a table that never holds more than one live
 * row: update the row, insert a fresh key, delete that key, commit. {@code open DIR} times opening the database
 * and counting its rows (run it with {@code -Xmx64m} to see that opening does not need memory that grows with
 * history). Each command prints the bytes of every file and their total, after the database is closed. DIR may
 * carry settings after a semicolon, as a JDBC URL does.
 *
 * <pre>
 * java -cp benchmarks/target/verso-benchmarks.jar org.verso.bench.space.Footprint rows /tmp/fp 10
 * java -cp benchmarks/target/verso-benchmarks.jar org.verso.bench.space.Footprint churn "/tmp/fp;durability=async" 60000
 * java -Xmx64m -cp benchmarks/target/verso-benchmarks.jar org.verso.bench.space.Footprint open /tmp/fp
 * </pre>
 */
public final class Footprint {
    private Footprint() {
    }

    public static void main(String[] args) throws Exception {
        // DIR may carry settings, as in a URL: /tmp/fp;durability=async
        String location = args[1];
        Path dir = Path.of(location.contains(";") ? location.substring(0, location.indexOf(';')) : location);
        String url = "jdbc:verso:" + location;
        switch (args[0]) {
            case "rows" -> rows(url, Integer.parseInt(args[2]));
            case "churn" -> churn(url, Integer.parseInt(args[2]));
            case "open" -> open(url);
            default -> throw new IllegalArgumentException("rows, churn or open, not " + args[0]);
        }
        report(dir);
    }

    private static void rows(String url, int rows) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS item (id INT PRIMARY KEY, name VARCHAR(40), qty INT)");
            }
            c.setAutoCommit(false);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO item VALUES (?, ?, ?)")) {
                for (int i = 0; i < rows; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, "item " + i);
                    insert.setInt(3, i % 100);
                    insert.executeUpdate();
                    if (i % 1000 == 999) {
                        c.commit();
                    }
                }
            }
            c.commit();
        }
    }

    private static void churn(String url, int transactions) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS churn (id BIGINT PRIMARY KEY, v BIGINT)");
                s.execute("DELETE FROM churn");
                s.execute("INSERT INTO churn VALUES (0, 0)");
            }
            c.setAutoCommit(false);
            long start = System.nanoTime();
            try (PreparedStatement update = c.prepareStatement("UPDATE churn SET v = v + 1 WHERE id = 0");
                 PreparedStatement insert = c.prepareStatement("INSERT INTO churn VALUES (?, ?)");
                 PreparedStatement delete = c.prepareStatement("DELETE FROM churn WHERE id = ?")) {
                for (long i = 1; i <= transactions; i++) {
                    update.executeUpdate();
                    insert.setLong(1, i);
                    insert.setLong(2, i);
                    insert.executeUpdate();
                    delete.setLong(1, i);
                    delete.executeUpdate();
                    c.commit();
                }
            }
            System.out.printf("%d transactions in %d ms%n", transactions, (System.nanoTime() - start) / 1_000_000);
        }
    }

    private static void open(String url) throws SQLException {
        long start = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            long opened = System.nanoTime();
            for (String table : new String[] {"ITEM", "CHURN"}) {
                try (var rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                    rs.next();
                    System.out.printf("%s: %d rows%n", table, rs.getLong(1));
                } catch (SQLException e) {
                    if (!"42P01".equals(e.getSQLState())) {
                        throw e;
                    }
                }
            }
            System.out.printf("opened in %d ms, first results after %d ms, heap used %d MB of at most %d MB%n",
                (opened - start) / 1_000_000, (System.nanoTime() - start) / 1_000_000,
                (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20,
                Runtime.getRuntime().maxMemory() >> 20);
        }
    }

    private static void report(Path dir) throws IOException {
        Map<String, Long> sizes = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                sizes.put(dir.relativize(p).toString(), Files.size(p));
            }
        }
        long total = 0;
        for (Map.Entry<String, Long> e : sizes.entrySet()) {
            System.out.printf("%12d  %s%n", e.getValue(), e.getKey());
            total += e.getValue();
        }
        System.out.printf("%12d  total%n", total);
    }
}
