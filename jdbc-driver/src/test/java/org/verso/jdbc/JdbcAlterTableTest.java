package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A schema migration as a migration tool sends it, on a file database with rows, then the database reopened: every
 * ALTER TABLE form took effect, was kept, and left the rows readable under the new names and types.
 */
class JdbcAlterTableTest {
    @Test
    void aMigrationOfEveryAlterFormSurvivesReopening(@TempDir Path dir) throws SQLException {
        String url = "jdbc:verso:" + dir;
        try (Connection c = connect(url)) {
            exec(c, "CREATE TABLE customer (id INT PRIMARY KEY, legacy_code CHAR(3), full_name VARCHAR(10), "
                + "email VARCHAR(20), score INT)");
            exec(c, "CREATE INDEX customer_email ON customer (email)");
            exec(c, "INSERT INTO customer VALUES (1, 'AAA', 'Ada', 'ada@x.org', 5), (2, 'BBB', 'Bob', NULL, NULL)");
            for (String step : List.of(
                    "ALTER TABLE customer DROP COLUMN legacy_code",
                    "ALTER TABLE customer RENAME COLUMN full_name TO name",
                    "ALTER TABLE customer ALTER COLUMN name TYPE VARCHAR(40)",
                    "ALTER TABLE customer ALTER COLUMN score SET DEFAULT 0",
                    "UPDATE customer SET score = 0 WHERE score IS NULL",
                    "ALTER TABLE customer ALTER COLUMN score SET NOT NULL",
                    "ALTER TABLE customer ADD COLUMN IF NOT EXISTS created DATE DEFAULT DATE '2026-01-01'",
                    "ALTER TABLE customer RENAME TO client")) {
                exec(c, step);
            }
            exec(c, "INSERT INTO client (id, name, email) VALUES (3, 'Carmen Maria Machado', 'cm@x.org')");
        }
        try (Connection c = connect(url)) {
            assertEquals(List.of("1|Ada|ada@x.org|5|2026-01-01", "2|Bob|null|0|2026-01-01",
                "3|Carmen Maria Machado|cm@x.org|0|2026-01-01"), rows(c, "SELECT * FROM client ORDER BY id"));
            assertEquals(List.of("1|Ada|ada@x.org|5|2026-01-01"), rows(c, "SELECT * FROM client WHERE email = 'ada@x.org'"));
            assertEquals(List.of("ID INTEGER", "NAME VARCHAR(40)", "EMAIL VARCHAR(20)", "SCORE INTEGER NOT NULL",
                "CREATED DATE"), columns(c));
            assertSqlState("23502", () -> exec(c, "INSERT INTO client (id, name, score) VALUES (4, 'x', NULL)"));
            assertSqlState("42P01", () -> exec(c, "SELECT * FROM customer"));
        }
    }

    private static List<String> rows(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    row.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                out.add(row.toString());
            }
        }
        return out;
    }

    private static List<String> columns(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getColumns(null, null, "CLIENT", null)) {
            while (rs.next()) {
                String type = rs.getString("TYPE_NAME");
                out.add(rs.getString("COLUMN_NAME") + " " + type
                    + (type.equals("VARCHAR") ? "(" + rs.getInt("COLUMN_SIZE") + ")" : "")
                    + ("NO".equals(rs.getString("IS_NULLABLE")) && !rs.getString("COLUMN_NAME").equals("ID")
                        ? " NOT NULL" : ""));
            }
        }
        return out;
    }
}
