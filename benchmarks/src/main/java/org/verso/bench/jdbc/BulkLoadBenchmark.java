package org.verso.bench.jdbc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Random;
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
 * directory, with a 16 MiB page cache on both; {@code -p io=direct} opens Verso's page files with O_DIRECT, so that
 * its reads reach the device rather than the OS cache:
 *
 * <ul>
 *   <li>{@code load}: a new table of {@code rows} rows ({@code id INT PRIMARY KEY, grp INT, amount BIGINT,
 *       note VARCHAR(60)}, about 80 bytes a row) inserted through one PreparedStatement in JDBC batches of 1,000, in
 *       one transaction, committed durably at the end (Verso's {@code sync} commit; H2's {@code CHECKPOINT SYNC}).
 *       One operation is the whole load; rows per second = rows / its time. Verso's log I/O counters
 *       ({@code SYS.IO_TOTALS}, kind WAL) are printed after each load.</li>
 *   <li>{@code fullScan}: {@code SELECT SUM(amount + n), COUNT(*)} (n new every time) over that table, loaded by the trial's first
 *       operation (the warmup) through a connection kept open for the trial: at 1,000,000 rows the table is
 *       several times the cache. Verso's heap I/O counters ({@code SYS.IO_TOTALS}) are printed after each
 *       operation.</li>
 *   <li>{@code fullScanAfterRandomUpdates}: the same scan of a table of which a quarter of the rows, chosen at
 *       random, were then updated by primary key in random order: the rows no longer lie in key order.</li>
 *   <li>{@code createIndex}: {@code CREATE INDEX} on {@code (grp, amount)} of the loaded table, durable at the end
 *       (H2's {@code CHECKPOINT SYNC}); the index is dropped after each operation. Verso's log bytes for the build
 *       are printed.</li>
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

    /** Verso's page files read through the OS cache ({@code buffered}) or with O_DIRECT ({@code direct}). */
    @Param({"buffered"})
    public String io;

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
            : "jdbc:verso:" + directory.resolve("db" + n) + ";cache=16MB"
                + (io.equals("direct") ? ";directIo=true" : "");
    }

    @TearDown(Level.Invocation)
    public void deleteDatabase() {
        Scratch.delete(dir);
    }

    @Benchmark
    public long load() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            long loaded = fill(c, rows, engine.equals("h2"));
            if (engine.equals("verso")) {
                printIo(c, "load", "WAL");
            }
            return loaded;
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

    /** A table the scans read: loaded by the trial's first operation (its warmup), kept until the trial's end. */
    private final class ScannedTable {
        final Path dir = Scratch.create("scan-" + engine);
        final Connection connection;
        long scans;

        ScannedTable(int updatedPercent) throws SQLException {
            connection = DriverManager.getConnection(url(dir, 0));
            fill(connection, rows, engine.equals("h2"));
            if (updatedPercent > 0) {
                updateInRandomOrder(connection, rows, updatedPercent, engine.equals("h2"));
            }
        }

        void close() throws SQLException {
            connection.close();
            Scratch.delete(dir);
        }
    }

    private ScannedTable loaded;
    private ScannedTable updated;

    @TearDown(Level.Trial)
    public void deleteScanned() throws SQLException {
        for (ScannedTable table : new ScannedTable[] {loaded, updated}) {
            if (table != null) {
                table.close();
            }
        }
    }

    /** The scan of the table as loaded: its rows lie in the file in key order. */
    @Benchmark
    public long fullScan() throws SQLException {
        if (loaded == null) {
            loaded = new ScannedTable(0);
        }
        return scan(loaded);
    }

    /**
     * The scan of the table after a quarter of its rows, chosen at random, were updated one by one in random order
     * (in batches of 1,000 in one transaction): their new versions lie wherever the engine put them.
     */
    @Benchmark
    public long fullScanAfterRandomUpdates() throws SQLException {
        if (updated == null) {
            updated = new ScannedTable(25);
        }
        return scan(updated);
    }

    private ScannedTable indexed;
    private boolean indexBuilt;

    /**
     * {@code CREATE INDEX} on two columns of the loaded table (the table of {@code fullScan}, loaded by the
     * warmup): every row's key entered into a new index, durably. Verso prints the log bytes the build wrote.
     */
    @Benchmark
    public long createIndex() throws SQLException {
        if (indexed == null) {
            indexed = new ScannedTable(0);
        }
        long walBefore = engine.equals("verso") ? walBytes(indexed.connection) : 0;
        try (Statement s = indexed.connection.createStatement()) {
            s.execute("CREATE INDEX items_grp_amount ON items (grp, amount)");
            indexBuilt = true;
            if (engine.equals("h2")) {
                s.execute("CHECKPOINT SYNC");
            }
        }
        if (engine.equals("verso")) {
            System.out.println("[createIndex] WAL bytes written: " + (walBytes(indexed.connection) - walBefore));
        }
        return rows;
    }

    @TearDown(Level.Invocation)
    public void dropBuiltIndex() throws SQLException {
        if (indexBuilt) {
            try (Statement s = indexed.connection.createStatement()) {
                s.execute("DROP INDEX items_grp_amount");
            }
            indexBuilt = false;
        }
    }

    private static long walBytes(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT BYTES_WRITTEN FROM SYS.IO_TOTALS WHERE KIND = 'WAL'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static void updateInRandomOrder(Connection c, int rows, int percent, boolean h2) throws SQLException {
        int[] ids = new int[rows];
        for (int i = 0; i < rows; i++) {
            ids[i] = i;
        }
        Random random = new Random(42);
        int count = (int) ((long) rows * percent / 100);
        for (int i = 0; i < count; i++) { // a partial Fisher-Yates shuffle: the first count ids are a random choice
            int j = i + random.nextInt(rows - i);
            int id = ids[j];
            ids[j] = ids[i];
            ids[i] = id;
        }
        c.setAutoCommit(false);
        try (PreparedStatement update = c.prepareStatement("UPDATE items SET amount = amount + 1 WHERE id = ?")) {
            for (int i = 0; i < count; i++) {
                update.setInt(1, ids[i]);
                update.addBatch();
                if ((i + 1) % BATCH == 0) {
                    update.executeBatch();
                }
            }
            update.executeBatch();
        }
        c.commit();
        if (h2) {
            try (Statement s = c.createStatement()) {
                s.execute("CHECKPOINT SYNC");
            }
        }
        c.setAutoCommit(true);
    }

    private long scan(ScannedTable table) throws SQLException {
        try (Statement s = table.connection.createStatement()) {
            long sum;
            // A different query text every time: H2 would otherwise answer from its cache of the last result.
            long shift = ++table.scans;
            try (ResultSet rs = s.executeQuery("SELECT SUM(amount + " + shift + "), COUNT(*) FROM items")) {
                rs.next();
                sum = rs.getLong(1) - shift * rows;
                if (rs.getLong(2) != rows) {
                    throw new IllegalStateException("rows counted: " + rs.getLong(2));
                }
            }
            if (engine.equals("verso")) {
                printIo(table.connection, "scan", "HEAP");
            }
            return sum;
        }
    }

    /** Prints Verso's I/O counters of one kind of file ({@code SYS.IO_TOTALS}). */
    private static void printIo(Connection c, String what, String kind) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT * FROM SYS.IO_TOTALS WHERE KIND = '" + kind + "'")) {
            StringBuilder line = new StringBuilder("[" + what + "] ");
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= columns; i++) {
                    line.append(rs.getMetaData().getColumnLabel(i)).append('=').append(rs.getString(i)).append(' ');
                }
                line.append("| ");
            }
            System.out.println(line);
        }
    }
}
