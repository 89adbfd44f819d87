package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Inputs at the edges: sums past the argument type, suggestions in name errors, odd statement text. */
class JdbcEdgeCaseTest {
    @Test
    void sumOfIntegersIsBigintAndSumOfDecimalsKeepsScale() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("sums"))) {
            exec(c, "CREATE TABLE t (id INTEGER NOT NULL, a INTEGER, s SMALLINT, d DECIMAL(5,2), PRIMARY KEY (id))");
            exec(c, "INSERT INTO t VALUES (1, 2000000000, 30000, 999.99), (2, 2000000000, 30000, 999.99)");
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT SUM(a), SUM(s), SUM(d) FROM t")) {
                rs.next();
                assertEquals(4_000_000_000L, rs.getLong(1));
                assertEquals(60_000L, rs.getLong(2));
                assertEquals(new BigDecimal("1999.98"), rs.getBigDecimal(3));
            }
        }
    }

    @Test
    void decimalArithmeticBeyondItsTypeIsAnError() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("decimal"))) {
            exec(c, "CREATE TABLE d (id INTEGER NOT NULL, x DECIMAL(38,2), PRIMARY KEY (id))");
            exec(c, "INSERT INTO d VALUES (1, 123456789012345678901234567890.12)");
            assertSqlState("22003", () -> queryLong(c, "SELECT COUNT(*) FROM d WHERE x * 1000000000 > 0"));
        }
    }

    @Test
    void nameErrorsWithSuggestionsKeepTheirStates() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("names"))) {
            exec(c, "CREATE TABLE \"MiXed\" (\"Id\" INTEGER NOT NULL, PRIMARY KEY (\"Id\"))");
            assertSqlState("42P01", () -> exec(c, "SELECT * FROM mixed"));
            assertSqlState("42703", () -> exec(c, "SELECT id FROM \"MiXed\""));
        }
    }

    @Test
    void oddStatementText() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("odd"))) {
            assertSqlState("42601", () -> exec(c, ""));
            assertSqlState("42601", () -> exec(c, "   "));
            assertEquals(1, queryLong(c, "SELECT 1;"), "one trailing semicolon is accepted");
            exec(c, "CREATE TABLE t (id INTEGER NOT NULL, PRIMARY KEY (id))");
            StringBuilder deep = new StringBuilder("SELECT COUNT(*) FROM t WHERE id = 0");
            for (int i = 1; i < 3000; i++) {
                deep.append(" OR id = ").append(i);
            }
            SQLException e = assertSqlState("54001", () -> queryLong(c, deep.toString()));
            assertEquals(true, e.getMessage().length() < 200, "a short message, not the whole expression");
            try (java.sql.PreparedStatement ps = c.prepareStatement("SELECT id FROM t LIMIT ?")) {
                ps.setInt(1, -1);
                assertSqlState("2201W", ps::executeQuery);
            }
        }
    }
}
