package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/** Helpers for the tests that run SQL through the driver. */
final class JdbcTestSupport {
    private JdbcTestSupport() {
    }

    /** A URL for an in-memory database no other test uses. */
    static String freshMemoryUrl(String prefix) {
        return "jdbc:verso:mem:" + prefix + "_" + UUID.randomUUID().toString().replace("-", "");
    }

    static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url);
    }

    static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** The single long value of a one-row, one-column query. */
    static long queryLong(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            if (!rs.next()) {
                throw new AssertionError("no row from " + sql);
            }
            return rs.getLong(1);
        }
    }

    interface SqlAction {
        void run() throws SQLException;
    }

    /** Asserts that {@code action} fails with {@code sqlState}; returns the exception for further checks. */
    static SQLException assertSqlState(String sqlState, SqlAction action) {
        SQLException e = assertThrows(SQLException.class, action::run);
        assertEquals(sqlState, e.getSQLState(), () -> "message: " + e.getMessage());
        return e;
    }
}
