package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import org.junit.jupiter.api.Test;

/**
 * A parameter's type is inferred from its neighbours, so its value must never be rounded to that type: the result
 * is either exact or an error, never a silently different row set.
 */
class JdbcParameterExactnessTest {
    @Test
    void decimalFactorKeepsItsScale() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("exact"))) {
            exec(c, "CREATE TABLE account (id INTEGER NOT NULL, balance DECIMAL(12,2), qty INTEGER, PRIMARY KEY (id))");
            exec(c, "INSERT INTO account VALUES (1, 100.00, 10)");
            try (PreparedStatement ps = c.prepareStatement("UPDATE account SET balance = balance * ? WHERE id = ?")) {
                ps.setBigDecimal(1, new BigDecimal("1.0125"));
                ps.setInt(2, 1);
                assertEquals(1, ps.executeUpdate());
            }
            try (ResultSet rs = c.createStatement().executeQuery("SELECT balance FROM account WHERE id = 1")) {
                rs.next();
                assertEquals(new BigDecimal("101.25"), rs.getBigDecimal(1));
            }
        }
    }

    @Test
    void fractionForAWholeNumberIsAnErrorNotARoundedMatch() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("frac"))) {
            exec(c, "CREATE TABLE t (id INTEGER NOT NULL, PRIMARY KEY (id))");
            exec(c, "INSERT INTO t VALUES (1), (2), (3)");
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM t WHERE id = ?")) {
                ps.setBigDecimal(1, new BigDecimal("1.5"));
                assertSqlState("22018", ps::executeUpdate);
                ps.setBigDecimal(1, new BigDecimal("2.0"));
                assertEquals(1, ps.executeUpdate(), "2.0 is exactly 2");
            }
            assertEquals(2, queryLong(c, "SELECT COUNT(*) FROM t"));
        }
    }

    @Test
    void timestampWithATimeIsNotADate() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("date"))) {
            exec(c, "CREATE TABLE d (id INTEGER NOT NULL, dt DATE, PRIMARY KEY (id))");
            exec(c, "INSERT INTO d VALUES (1, DATE '2026-01-01')");
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM d WHERE dt = ?")) {
                ps.setTimestamp(1, Timestamp.valueOf("2026-01-01 23:00:00"));
                assertSqlState("22018", ps::executeQuery);
                ps.setTimestamp(1, Timestamp.valueOf("2026-01-01 00:00:00"));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(1, rs.getLong(1));
                }
            }
        }
    }
}
