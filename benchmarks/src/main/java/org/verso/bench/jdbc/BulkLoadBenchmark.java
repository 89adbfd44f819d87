package org.verso.bench.jdbc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.verso.bench.storage.Scratch;

/**
 * Loading and scanning a file database through JDBC, Verso against H2 (param {@code engine}), each in a scratch
 * directory, with a 16 MiB page cache on both:
 *
 * <ul>
 *   <li>{@code load}: a new table of {@code rows} rows ({@code id INT PRIMARY KEY, grp INT, amount BIGINT,
 *       note VARCHAR(60)}, about 80 bytes a row) inserted through one PreparedStatement in JDBC batches of 1,000, in
 *       one transaction, committed durably at the end (Verso's {@code sync} commit; H2's {@code CHECKPOINT SYNC}).
 *       One operation is the whole load; rows per second = rows / its time.</li>
 *   <li>{@code fullScan}: {@code SELECT SUM(amount + n), COUNT(*)} (n new every time) over that table, loaded by the trial's first
 *       operation (the warmup) through a connection kept open for the trial: at 1,000,000 rows the table is
 *       several times the cache. Verso's heap I/O counters ({@code SYS.IO_TOTALS}) are printed after each
 *       operation.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class BulkLoadBenchmark {
    static final int BATCH = 1_000;

    @Param({"verso", "h2"})
    public String engine;

    @Param({"1000000"})
    public int rows;

    private Path dir;
    private String url;
    private int generation;

    /** A new, empty database directory for every load. */
    @Setup(Level.Invocation)
    public void newDatabase() {
        dir = Scratch.create("bulk-" + engine);
        url = url(dir, generation++);
    }

    private String url(Path directory, int n) {
        return engine.equals("h2") ? "jdbc:h2:" + directory.resolve("db" + n) + ";CACHE_SIZE=16384"
            : "jdbc:verso:" + directory.resolve("db" + n) + ";cache=16MB";
    }

    @TearDown(Level.Invocation)
    public void deleteDatabase() {
        Scratch.delete(dir);
    }

    @Benchmark
    public long load() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            return fill(c, rows, engine.equals("h2"));
        }
    }

    static long fill(Connection c, int rows, boolean h2) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE items (id INT PRIMARY KEY, grp INT, amount BIGINT, note VARCHAR(60))");
        }
        c.setAutoCommit(false);
        long total = 0;
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO items VALUES (?, ?, ?, ?)")) {
            for (int i = 0; i < rows; i++) {
                insert.setInt(1, i);
                insert.setInt(2, i % 100);
                insert.setLong(3, i * 7L % 1000);
                insert.setString(4, "item number " + i + " of the bulk load benchmark....");
                insert.addBatch();
                if ((i + 1) % BATCH == 0) {
                    for (int n : insert.executeBatch()) {
                        total += n;
                    }
                }
            }
            for (int n : insert.executeBatch()) {
                total += n;
            }
        }
        c.commit();
        if (h2) {
            try (Statement s = c.createStatement()) {
                s.execute("CHECKPOINT SYNC");
            }
        }
        c.setAutoCommit(true);
        return total;
    }

    /** The table {@code fullScan} reads: loaded by the trial's first operation (its warmup), kept until its end. */
    private Path scanDir;
    private Connection scanned;
    private long scans;

    @TearDown(Level.Trial)
    public void deleteScanned() throws SQLException {
        if (scanned != null) {
            scanned.close();
        }
        Scratch.delete(scanDir);
    }

    @Benchmark
    public long fullScan() throws SQLException {
        if (scanned == null) {
            scanDir = Scratch.create("scan-" + engine);
            scanned = DriverManager.getConnection(url(scanDir, 0));
            fill(scanned, rows, engine.equals("h2"));
        }
        try (Statement s = scanned.createStatement()) {
            long sum;
            // A different query text every time: H2 would otherwise answer from its cache of the last result.
            long shift = ++scans;
            try (ResultSet rs = s.executeQuery("SELECT SUM(amount + " + shift + "), COUNT(*) FROM items")) {
                rs.next();
                sum = rs.getLong(1) - shift * rows;
                if (rs.getLong(2) != rows) {
                    throw new IllegalStateException("rows counted: " + rs.getLong(2));
                }
            }
            if (engine.equals("verso")) {
                try (ResultSet rs = s.executeQuery("SELECT * FROM SYS.IO_TOTALS WHERE KIND = 'HEAP'")) {
                    StringBuilder line = new StringBuilder("[scan] ");
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        for (int i = 1; i <= columns; i++) {
                            line.append(rs.getMetaData().getColumnLabel(i)).append('=').append(rs.getString(i))
                                .append(' ');
                        }
                        line.append("| ");
                    }
                    System.out.println(line);
                }
            }
            return sum;
        }
    }
}
