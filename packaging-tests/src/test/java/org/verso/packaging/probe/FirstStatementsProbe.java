package org.verso.packaging.probe;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The first statements an application sends to a new file database, as the cold-start benchmark sends them
 * (benchmarks' {@code ColdStart}): connect, CREATE TABLE, a prepared INSERT, a SELECT by key, an UPDATE by key.
 * Run as a single-file program in a fresh JVM: {@code java -cp verso-jdbc-VERSION.jar FirstStatementsProbe.java
 * SCRATCH_DIR}. The classes it loads from the jar are the ones the jar stores uncompressed.
 */
public final class FirstStatementsProbe {
    public static final String DONE = "first statements ran";

    public static void main(String[] args) throws SQLException {
        String url = "jdbc:verso:" + Path.of(args[0]).resolve("db");
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10))");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                insert.setInt(1, 1);
                insert.setString(2, "a");
                insert.executeUpdate();
            }
            try (ResultSet rs = s.executeQuery("SELECT v FROM t WHERE id = 1")) {
                if (!rs.next() || !"a".equals(rs.getString(1))) {
                    throw new IllegalStateException("the row inserted was not read back");
                }
            }
            if (s.executeUpdate("UPDATE t SET v = 'b' WHERE id = 1") != 1) {
                throw new IllegalStateException("the row was not updated");
            }
        }
        System.out.println(DONE);
    }

    private FirstStatementsProbe() {
    }
}
