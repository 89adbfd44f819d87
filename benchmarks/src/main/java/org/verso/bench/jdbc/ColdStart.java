package org.verso.bench.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A fresh JVM's way to its first results: connect to a new file database, create a table, insert a row through a
 * PreparedStatement and read it back; prints the milliseconds since {@code main} began after each step. It uses
 * only {@code java.sql}, so it runs with one driver jar on the class path and nothing else:
 *
 * <pre>
 * java -cp jdbc-driver/target/verso-jdbc-0.1.0-SNAPSHOT.jar:benchmarks/target/classes \
 *     org.verso.bench.jdbc.ColdStart jdbc:verso:/tmp/cold
 * java -cp h2-2.3.232.jar:benchmarks/target/classes org.verso.bench.jdbc.ColdStart jdbc:h2:/tmp/cold-h2
 * </pre>
 * The directory must not exist yet. Run each several times, alternating, and compare the whole process's time too.
 */
public final class ColdStart {
    private ColdStart() {
    }

    public static void main(String[] args) throws SQLException {
        long start = System.nanoTime();
        try (Connection c = DriverManager.getConnection(args[0])) {
            step("connect", start);
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10))");
                step("create table", start);
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                    step("prepare insert", start);
                    insert.setInt(1, 1);
                    insert.setString(2, "a");
                    insert.executeUpdate();
                    step("insert", start);
                }
                try (ResultSet rs = s.executeQuery("SELECT v FROM t WHERE id = 1")) {
                    if (!rs.next() || !"a".equals(rs.getString(1))) {
                        throw new IllegalStateException("the row inserted was not read back");
                    }
                }
                step("select", start);
            }
        }
        step("closed", start);
    }

    private static void step(String name, long start) {
        System.out.printf("%s %d ms%n", name, (System.nanoTime() - start) / 1_000_000);
    }
}
