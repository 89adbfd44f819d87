package org.verso.packaging.probe;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * What a new user does first with the driver jar, run as a single-file program in a fresh JVM whose class path is
 * that jar alone: {@code java -cp verso-jdbc-VERSION.jar DriverProbe.java SCRATCH_DIR}. It uses only
 * {@code java.sql}, so nothing but the jar can make it pass. Prints the Java version it ran on and, when every
 * check held, {@link #DONE}; a failed check throws, and the JVM exits non-zero with the reason.
 */
public final class DriverProbe {
    public static final String DONE = "driver probe passed";

    public static void main(String[] args) throws Exception {
        Path scratch = Path.of(args[0]);
        System.out.println("java.specification.version=" + System.getProperty("java.specification.version"));

        List<String> drivers = new ArrayList<>();
        for (Driver driver : Collections.list(DriverManager.getDrivers())) {
            drivers.add(driver.getClass().getName());
        }
        check(List.of("org.verso.jdbc.VersoDriver"), drivers, "drivers registered through the jar");
        SQLException calcite = expectFailure(() -> DriverManager.getConnection("jdbc:calcite:"));
        check("08001", calcite.getSQLState(), "a jdbc:calcite: URL finds no driver");

        String fileUrl = "jdbc:verso:" + scratch.resolve("db");
        workload(fileUrl);
        // Every connection is closed, so the database was closed: reopening reads it back from its files.
        try (Connection c = DriverManager.getConnection(fileUrl)) {
            check(List.of("1|100.00|2026-01-05", "2|75.50|2026-02-11"), accounts(c), "file database after reopening");
        }
        workload("jdbc:verso:mem:probe");
        System.out.println(DONE);
    }

    /** The checks every database gets: a fresh, empty one is expected at {@code url}. */
    private static void workload(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE account (id INTEGER NOT NULL, owner VARCHAR(40), "
                + "balance DECIMAL(12,2) NOT NULL, opened DATE, PRIMARY KEY (id))");
            s.executeUpdate("CREATE TABLE transfer (id INTEGER NOT NULL, account_id INTEGER NOT NULL, "
                + "amount DECIMAL(12,2) NOT NULL, PRIMARY KEY (id))");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO account VALUES (?, ?, ?, ?)")) {
                insertAccount(ps, 1, "Ada", "100.00", Date.valueOf("2026-01-05"));
                insertAccount(ps, 2, "Brian", "50.50", Date.valueOf("2026-02-11"));
                insertAccount(ps, 3, "Chen", "0.00", null);
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO transfer VALUES (?, ?, ?)")) {
                int id = 1;
                for (String[] t : new String[][] {{"1", "10.00"}, {"1", "5.25"}, {"2", "1.00"}, {"3", "7.75"}}) {
                    ps.setInt(1, id++);
                    ps.setInt(2, Integer.parseInt(t[0]));
                    ps.setBigDecimal(3, new BigDecimal(t[1]));
                    check(1, ps.executeUpdate(), "rows inserted by one prepared INSERT");
                }
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE account SET balance = balance + ? WHERE id = ?")) {
                ps.setBigDecimal(1, new BigDecimal("25.00"));
                ps.setInt(2, 2);
                check(1, ps.executeUpdate(), "rows updated");
            }
            check(1, s.executeUpdate("DELETE FROM transfer WHERE account_id = 3"), "transfers deleted");
            check(1, s.executeUpdate("DELETE FROM account WHERE id = 3"), "accounts deleted");

            List<String> perOwner = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT a.owner, COUNT(*) AS n, SUM(t.amount) AS total "
                + "FROM account a JOIN transfer t ON a.id = t.account_id GROUP BY a.owner ORDER BY total DESC")) {
                while (rs.next()) {
                    perOwner.add(rs.getString(1) + "|" + rs.getLong(2) + "|" + rs.getBigDecimal(3).toPlainString());
                }
            }
            check(List.of("Ada|2|15.25", "Brian|1|1.00"), perOwner, "join with GROUP BY and ORDER BY");
            // Expanding a view whose query has ORDER BY reaches parts of Calcite that a plain query does not.
            s.executeUpdate("CREATE VIEW richest AS SELECT owner, balance FROM account ORDER BY balance DESC");
            List<String> owners = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT owner FROM richest ORDER BY owner")) {
                while (rs.next()) {
                    owners.add(rs.getString(1));
                }
            }
            check(List.of("Ada", "Brian"), owners, "a view with ORDER BY");
            check(List.of("1|100.00|2026-01-05", "2|75.50|2026-02-11"), accounts(c), "accounts after UPDATE and DELETE");

            check("42601", expectFailure(() -> s.executeQuery("SELEC 1")).getSQLState(), "SQLState of a syntax error");
            check("23505", expectFailure(() -> s.executeUpdate("INSERT INTO account VALUES (2, 'Dup', 1.00, NULL)"))
                .getSQLState(), "SQLState of a duplicate primary key");
            check(List.of("1|100.00|2026-01-05", "2|75.50|2026-02-11"), accounts(c), "accounts after the failed INSERT");
        }
    }

    private static void insertAccount(PreparedStatement ps, int id, String owner, String balance, Date opened)
        throws SQLException {
        ps.setInt(1, id);
        ps.setString(2, owner);
        ps.setBigDecimal(3, new BigDecimal(balance));
        ps.setDate(4, opened);
        check(1, ps.executeUpdate(), "rows inserted by one prepared INSERT");
    }

    private static List<String> accounts(Connection c) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, balance, opened FROM account ORDER BY id")) {
            while (rs.next()) {
                BigDecimal balance = rs.getBigDecimal(2);
                Date opened = rs.getDate(3);
                rows.add(rs.getInt(1) + "|" + balance.toPlainString() + "|" + opened);
            }
        }
        return rows;
    }

    private interface SqlAction {
        void run() throws SQLException;
    }

    private static SQLException expectFailure(SqlAction action) {
        try {
            action.run();
        } catch (SQLException e) {
            return e;
        }
        throw new AssertionError("expected an SQLException");
    }

    private static void check(Object expected, Object actual, String what) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    private DriverProbe() {
    }
}
