package org.verso.bench.jdbc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.verso.bench.storage.Scratch;

/**
 * Statements through JDBC, Verso against H2, both in memory in the same JVM (param {@code engine}), one connection
 * with autocommit on, on a table of 10,000 rows ({@code id INT PRIMARY KEY, bal DECIMAL(12,2), name VARCHAR(40)}):
 *
 * <ul>
 *   <li>{@code pointSelectPrepared}: one reused PreparedStatement {@code SELECT bal, name FROM accounts WHERE id = ?},
 *       set the key, executeQuery, read the row.</li>
 *   <li>{@code pointSelectPreparedEachTime}: prepareStatement, set the key, executeQuery, read the row, close; what
 *       BenchBase does for every statement (the prepared plan comes from each engine's cache).</li>
 *   <li>{@code updateByKey}: one reused PreparedStatement {@code UPDATE ... SET bal = bal + ? WHERE id = ?}, each
 *       execution its own transaction; nothing is forced on either (in memory).</li>
 *   <li>{@code mergeByKey}: one reused PreparedStatement {@code MERGE INTO accounts AS a USING (VALUES (CAST(? AS
 *       INT))) AS s (id) ON a.id = s.id WHEN MATCHED THEN UPDATE SET bal = a.bal + 1 WHEN NOT MATCHED THEN INSERT
 *       ...}, the same text on both, on a key drawn from twice the table's, so that rows are inserted until every key
 *       is taken, and updated from then on.</li>
 *   <li>{@code upsertByKey}: the same change as each engine's upsert: on Verso {@code INSERT ... ON CONFLICT (id) DO
 *       UPDATE SET bal = accounts.bal + 1}, on H2 (which has no ON CONFLICT) the MERGE above.</li>
 *   <li>{@code adHocSelect}: a plain Statement whose SQL text is new each time (two literals change), so no plan
 *       cache keyed by the text can answer; Verso plans its shape, the text with the literals as parameters,
 *       once.</li>
 *   <li>{@code adHocPointSelect}: the same with one literal, {@code SELECT ... WHERE id = <literal>}.</li>
 *   <li>{@code adHocSelectNewShape}: as {@code adHocSelect}, with a column alias new each time too, so that no shape
 *       repeats either: the whole parse, validate and plan path.</li>
 * </ul>
 * The goals are ratios to H2 measured in the same run: at least 1.5x for the reused point select, at least 2x for
 * the one prepared each time, at least 1x for the update. {@code -p storage=file} runs them on file databases
 * (Verso's primary key then goes through its B+tree); use it for the selects only, since Verso forces every commit
 * of a file database and H2 does not.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class JdbcStatementBenchmark {
    private static final int ROWS = 10_000;

    @Param({"verso", "h2"})
    public String engine;

    /**
     * {@code mem}: an in-memory database; {@code file}: a file database in a scratch directory (Verso's key index is
     * then its B+tree on pages, H2's its MVStore), every page cached.
     */
    @Param({"mem"})
    public String storage;

    private Path dir;
    private Connection connection;
    private PreparedStatement update;
    private PreparedStatement select;
    private PreparedStatement merge;
    private PreparedStatement upsert;
    private Statement plain;
    private long adHoc;

    @Setup(Level.Trial)
    public void open() throws SQLException {
        String url;
        if (storage.equals("file")) {
            dir = Scratch.create("statement-" + engine);
            url = engine.equals("h2") ? "jdbc:h2:" + dir.resolve("db") : "jdbc:verso:" + dir.resolve("db");
        } else {
            url = engine.equals("h2") ? "jdbc:h2:mem:bench" + System.nanoTime()
                : "jdbc:verso:mem:bench" + System.nanoTime();
        }
        connection = DriverManager.getConnection(url);
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE TABLE accounts (id INT PRIMARY KEY, bal DECIMAL(12, 2), name VARCHAR(40))");
        }
        connection.setAutoCommit(false);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO accounts VALUES (?, ?, ?)")) {
            for (int i = 0; i < ROWS; i++) {
                insert.setInt(1, i);
                insert.setBigDecimal(2, java.math.BigDecimal.valueOf(i, 2));
                insert.setString(3, "customer " + i);
                insert.addBatch();
            }
            insert.executeBatch();
        }
        connection.commit();
        connection.setAutoCommit(true);
        update = connection.prepareStatement("UPDATE accounts SET bal = bal + ? WHERE id = ?");
        select = connection.prepareStatement("SELECT bal, name FROM accounts WHERE id = ?");
        String mergeSql = "MERGE INTO accounts AS a USING (VALUES (CAST(? AS INT))) AS s (id) ON a.id = s.id "
            + "WHEN MATCHED THEN UPDATE SET bal = a.bal + 1 WHEN NOT MATCHED THEN INSERT VALUES (s.id, 1, 'new')";
        merge = connection.prepareStatement(mergeSql);
        upsert = connection.prepareStatement(engine.equals("h2") ? mergeSql : "INSERT INTO accounts VALUES (?, 1, "
            + "'new') ON CONFLICT (id) DO UPDATE SET bal = accounts.bal + 1");
        plain = connection.createStatement();
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
        update.close();
        select.close();
        merge.close();
        upsert.close();
        plain.close();
        connection.close();
        if (dir != null) {
            Scratch.delete(dir);
        }
    }

    /** A primary-key point read through a PreparedStatement the application keeps, autocommit on. */
    @Benchmark
    public long pointSelectPrepared() throws SQLException {
        select.setInt(1, ThreadLocalRandom.current().nextInt(ROWS));
        try (ResultSet rs = select.executeQuery()) {
            rs.next();
            return rs.getBigDecimal(1).unscaledValue().longValue() + rs.getString(2).length();
        }
    }

    /** The same read as BenchBase sends it: prepared again for every execution. */
    @Benchmark
    public long pointSelectPreparedEachTime() throws SQLException {
        try (PreparedStatement select = connection.prepareStatement("SELECT bal, name FROM accounts WHERE id = ?")) {
            select.setInt(1, ThreadLocalRandom.current().nextInt(ROWS));
            try (ResultSet rs = select.executeQuery()) {
                rs.next();
                return rs.getBigDecimal(1).unscaledValue().longValue() + rs.getString(2).length();
            }
        }
    }

    @Benchmark
    public int updateByKey() throws SQLException {
        update.setBigDecimal(1, java.math.BigDecimal.ONE);
        update.setInt(2, ThreadLocalRandom.current().nextInt(ROWS));
        return update.executeUpdate();
    }

    @Benchmark
    public int mergeByKey() throws SQLException {
        merge.setInt(1, ThreadLocalRandom.current().nextInt(2 * ROWS));
        return merge.executeUpdate();
    }

    @Benchmark
    public int upsertByKey() throws SQLException {
        upsert.setInt(1, ThreadLocalRandom.current().nextInt(2 * ROWS));
        return upsert.executeUpdate();
    }

    @Benchmark
    public long adHocPointSelect() throws SQLException {
        long n = adHoc++;
        try (ResultSet rs = plain.executeQuery("SELECT name FROM accounts WHERE id = " + (n % ROWS))) {
            return rs.next() ? rs.getString(1).length() : 0;
        }
    }

    @Benchmark
    public long adHocSelectNewShape() throws SQLException {
        long n = adHoc++;
        try (ResultSet rs = plain.executeQuery("SELECT name AS n" + n + " FROM accounts WHERE id = " + (n % ROWS)
            + " AND bal > " + (-1 - n))) {
            return rs.next() ? rs.getString(1).length() : 0;
        }
    }

    @Benchmark
    public long adHocSelect() throws SQLException {
        long n = adHoc++;
        try (ResultSet rs = plain.executeQuery("SELECT name FROM accounts WHERE id = " + (n % ROWS)
            + " AND bal > " + (-1 - n))) {
            return rs.next() ? rs.getString(1).length() : 0;
        }
    }
}
