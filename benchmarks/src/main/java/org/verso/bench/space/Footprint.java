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
 * history). {@code hotcold DIR ROWS N [THREADS]} loads ROWS rows (the ones the table does not have yet), then runs
 * N transactions from THREADS connections (default 2), each updating one row (a write conflict is retried with
 * another row): nine in ten a row of the hottest 1%, the rest any row, so the heap's runs end up holding a few live
 * cold versions among dead hot ones, which only a merge gives back; it prints
 * the transactions' latency percentiles and longest latency (the stall measure: compare a run with
 * {@code heapSegment=1GB}, where no run ever fills and nothing is reclaimed) and the heap's figures. Each command
 * prints the bytes of every file and their total, after the database is closed. DIR may carry settings after a
 * semicolon, as a JDBC URL does.
 *
 * <pre>
 * java -cp benchmarks/target/verso-benchmarks.jar org.verso.bench.space.Footprint rows /tmp/fp 10
 * java -cp benchmarks/target/verso-benchmarks.jar org.verso.bench.space.Footprint churn "/tmp/fp;durability=async" 60000
 * java -Xmx64m -cp benchmarks/target/verso-benchmarks.jar org.verso.bench.space.Footprint open /tmp/fp
 * java -cp benchmarks/target/verso-benchmarks.jar org.verso.bench.space.Footprint hotcold "/tmp/hc;durability=async" \
 *     200000 2000000
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
            case "hotcold" -> hotCold(url, Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                args.length > 4 ? Integer.parseInt(args[4]) : 2);
            default -> throw new IllegalArgumentException("rows, churn, open or hotcold, not " + args[0]);
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

    private static void hotCold(String url, int rows, int transactions, int threads) throws Exception {
        try (Connection c = DriverManager.getConnection(url)) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS stock (id INT PRIMARY KEY, qty INT, pad VARCHAR(100))");
            }
            c.setAutoCommit(false);
            long present;
            try (Statement s = c.createStatement(); var rs = s.executeQuery("SELECT COUNT(*) FROM stock")) {
                rs.next();
                present = rs.getLong(1);
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO stock VALUES (?, 0, ?)")) {
                for (int i = (int) present; i < rows; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, "cold row " + i + " ".repeat(60));
                    insert.addBatch();
                    if (i % 1000 == 999) {
                        insert.executeBatch();
                        c.commit();
                    }
                }
                insert.executeBatch();
                c.commit();
            }
            long[][] latencies = new long[threads][];
            Thread[] workers = new Thread[threads];
            Exception[] failure = new Exception[1];
            java.util.concurrent.atomic.LongAdder conflicts = new java.util.concurrent.atomic.LongAdder();
            long start = System.nanoTime();
            for (int t = 0; t < threads; t++) {
                int worker = t;
                latencies[t] = new long[transactions / threads];
                workers[t] = new Thread(() -> {
                    java.util.Random random = new java.util.Random(worker);
                    int hot = Math.max(1, rows / 100);
                    try (Connection w = DriverManager.getConnection(url);
                         PreparedStatement update = w.prepareStatement("UPDATE stock SET qty = qty + 1 WHERE id = ?")) {
                        w.setAutoCommit(false);
                        for (int i = 0; i < latencies[worker].length; i++) {
                            // Each attempt is timed; one that loses a write conflict (40001) is rolled back and the
                            // transaction tried again with another row.
                            long begin = System.nanoTime();
                            update.setInt(1, random.nextInt(10) < 9 ? random.nextInt(hot) : random.nextInt(rows));
                            try {
                                update.executeUpdate();
                                w.commit();
                            } catch (SQLException e) {
                                if (!"40001".equals(e.getSQLState())) {
                                    throw e;
                                }
                                w.rollback();
                                conflicts.increment();
                                i--;
                                continue;
                            }
                            latencies[worker][i] = System.nanoTime() - begin;
                        }
                    } catch (Exception e) {
                        failure[0] = e;
                    }
                });
                workers[t].start();
            }
            for (Thread worker : workers) {
                worker.join();
            }
            long elapsed = System.nanoTime() - start;
            if (failure[0] != null) {
                throw failure[0];
            }
            long[] all = java.util.Arrays.stream(latencies).flatMapToLong(java.util.Arrays::stream).sorted().toArray();
            System.out.printf("%d transactions from %d connections in %d ms (%.0f/s), %d write conflicts retried;"
                + " latency us: p50 %d, p99 %d, p99.9 %d, max %d%n", all.length, threads, elapsed / 1_000_000,
                all.length * 1e9 / elapsed, conflicts.sum(),
                all[all.length / 2] / 1000, all[(int) (all.length * 0.99)] / 1000,
                all[(int) (all.length * 0.999)] / 1000, all[all.length - 1] / 1000);
            try (Statement s = c.createStatement(); var rs = s.executeQuery("SELECT pages, pages_released,"
                    + " versions_moved, version_nodes FROM sys.table_versions WHERE table_name = 'STOCK'")) {
                rs.next();
                System.out.printf("heap: %d pages appended, %d given back, %d versions moved, %d version nodes%n",
                    rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4));
            }
            c.commit();
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
