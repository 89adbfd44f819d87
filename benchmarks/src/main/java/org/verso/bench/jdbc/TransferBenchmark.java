package org.verso.bench.jdbc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;
import org.verso.bench.storage.Scratch;

/**
 * Durable bank transfers through JDBC, Verso against SQLite, each on a file database in a scratch directory (param
 * {@code engine}): two {@code UPDATE accounts SET bal = bal + ? WHERE id = ?} on 1,000 accounts, then commit, every
 * commit forced (Verso's default {@code sync} durability; SQLite in WAL mode with {@code synchronous=FULL}). One
 * connection per thread, with 1, 4 and 16 threads.
 *
 * <p>Mode: sample time, so JMH reports each transfer's latency percentiles (p50, p99) beside the mean; commits per
 * second are threads / mean. A transfer that loses a write conflict (Verso: 40001, first updater wins; SQLite: busy)
 * is rolled back and retried, and the retries are part of its time; their count is printed at the end. The total
 * balance is checked at the end of every trial.
 *
 * <p>Isolation (param {@code isolation}, Verso only): {@code snapshot} is the JDBC default (REPEATABLE READ), where a
 * transfer that updates an account a concurrent transfer changed first loses with 40001 and runs again;
 * {@code read_committed} follows the concurrent update instead, as PostgreSQL does at its default level: the
 * second writer waits for the first to end and adds to the balance it committed, so no transfer runs twice. Both
 * keep the total balance. SQLite runs every transfer serializably, one writer at a time, whatever the param says.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class TransferBenchmark {
    static final int ACCOUNTS = 1_000;
    static final long OPENING_BALANCE = 1_000_000;

    @Benchmark
    @Threads(1)
    public void transfer1Connection(Bank bank, Teller teller) throws SQLException {
        teller.transfer(bank);
    }

    @Benchmark
    @Threads(4)
    public void transfer4Connections(Bank bank, Teller teller) throws SQLException {
        teller.transfer(bank);
    }

    @Benchmark
    @Threads(16)
    public void transfer16Connections(Bank bank, Teller teller) throws SQLException {
        teller.transfer(bank);
    }

    /** The database: created with its accounts for each trial, checked and deleted after it. */
    @State(Scope.Benchmark)
    public static class Bank {
        @Param({"verso", "sqlite"})
        public String engine;

        /** Verso's isolation level for the transfers: {@code snapshot} or {@code read_committed}. */
        @Param({"snapshot"})
        public String isolation;

        private Path dir;
        private String url;
        final LongAdder retries = new LongAdder();
        // Tellers still connected: JMH may tear this state down before every thread has torn down its own.
        final AtomicInteger tellers = new AtomicInteger();

        @Setup(Level.Trial)
        public void create() throws SQLException {
            dir = Scratch.create("transfer-" + engine);
            url = engine.equals("sqlite") ? "jdbc:sqlite:" + dir.resolve("bank.db") : "jdbc:verso:" + dir.resolve("db");
            try (Connection c = connect(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE accounts (id INT PRIMARY KEY, bal BIGINT NOT NULL)");
                c.setAutoCommit(false);
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO accounts VALUES (?, ?)")) {
                    for (int i = 0; i < ACCOUNTS; i++) {
                        insert.setInt(1, i);
                        insert.setLong(2, OPENING_BALANCE);
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
                c.commit();
            }
        }

        Connection connect() throws SQLException {
            if (!engine.equals("sqlite")) {
                return DriverManager.getConnection(url);
            }
            Properties p = new Properties();
            p.setProperty("journal_mode", "WAL");
            p.setProperty("synchronous", "FULL");
            p.setProperty("busy_timeout", "30000");
            return DriverManager.getConnection(url, p);
        }

        @TearDown(Level.Trial)
        public void check() throws SQLException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (tellers.get() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            try (Connection c = connect(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT SUM(bal), COUNT(*) FROM accounts")) {
                rs.next();
                long total = rs.getLong(1);
                System.out.println("[transfer] " + engine + ": retries " + retries.sum() + ", total balance " + total);
                if (total != ACCOUNTS * OPENING_BALANCE || rs.getLong(2) != ACCOUNTS) {
                    throw new IllegalStateException("money was created or lost: " + total);
                }
            } finally {
                Scratch.delete(dir);
            }
        }
    }

    /**
     * One connection and its two prepared statements. On SQLite each transfer begins with {@code BEGIN IMMEDIATE},
     * so that it takes the write lock first and waits for it (busy timeout) instead of failing when it upgrades a
     * read; the connection stays in auto-commit mode between transfers, since the driver's manual-commit mode would
     * begin the next transaction at once and hold the lock while the thread waits elsewhere.
     */
    @State(Scope.Thread)
    public static class Teller {
        private Connection connection;
        private Statement control;
        private boolean sqlite;
        private PreparedStatement debit;
        private PreparedStatement credit;
        private SplittableRandom random;
        private Bank bank;

        @Setup(Level.Trial)
        public void open(Bank bank, ThreadParams thread) throws SQLException {
            this.bank = bank;
            bank.tellers.incrementAndGet();
            connection = bank.connect();
            sqlite = bank.engine.equals("sqlite");
            control = connection.createStatement();
            if (!sqlite) {
                connection.setAutoCommit(false);
                connection.setTransactionIsolation(bank.isolation.equals("read_committed")
                    ? Connection.TRANSACTION_READ_COMMITTED : Connection.TRANSACTION_REPEATABLE_READ);
            }
            debit = connection.prepareStatement("UPDATE accounts SET bal = bal + ? WHERE id = ?");
            credit = connection.prepareStatement("UPDATE accounts SET bal = bal + ? WHERE id = ?");
            random = new SplittableRandom(7 + thread.getThreadIndex());
        }

        void transfer(Bank bank) throws SQLException {
            int from = random.nextInt(ACCOUNTS);
            int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
            long amount = 1 + random.nextInt(100);
            while (true) {
                try {
                    if (sqlite) {
                        control.execute("BEGIN IMMEDIATE");
                    }
                    debit.setLong(1, -amount);
                    debit.setInt(2, from);
                    debit.executeUpdate();
                    credit.setLong(1, amount);
                    credit.setInt(2, to);
                    credit.executeUpdate();
                    if (sqlite) {
                        control.execute("COMMIT");
                    } else {
                        connection.commit();
                    }
                    return;
                } catch (SQLException e) {
                    if (sqlite) {
                        rollbackIfOpen();
                    } else {
                        connection.rollback();
                    }
                    if (!retryable(e)) {
                        throw e;
                    }
                    bank.retries.increment();
                }
            }
        }

        private static boolean retryable(SQLException e) {
            String state = e.getSQLState();
            return "40001".equals(state) || "40P01".equals(state) || String.valueOf(e.getMessage()).contains("BUSY");
        }

        /** Ends a SQLite transaction a failed statement left open; one it ended already needs nothing. */
        private void rollbackIfOpen() {
            try {
                control.execute("ROLLBACK");
            } catch (SQLException e) {
                // "no transaction is active": the failure ended it.
            }
        }

        @TearDown(Level.Trial)
        public void close() throws SQLException {
            try {
                connection.close();
            } finally {
                bank.tellers.decrementAndGet();
            }
        }
    }
}
