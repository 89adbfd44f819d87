package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * SERIALIZABLE through JDBC, with real interleavings of two connections: write skew and a phantom insert are
 * refused with 40001 under SERIALIZABLE, and allowed under REPEATABLE_READ (snapshot isolation).
 */
class JdbcSerializableTest {
    private static int onCall(Connection c, int shift) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM doctors WHERE shift = ? AND on_call")) {
            ps.setInt(1, shift);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Both doctors check that two are on call, each goes off duty; returns how many commits failed with 40001. */
    private static int writeSkew(int isolation) throws SQLException {
        String url = JdbcTestSupport.freshMemoryUrl("skew");
        try (Connection setup = JdbcTestSupport.connect(url);
             Connection a = JdbcTestSupport.connect(url);
             Connection b = JdbcTestSupport.connect(url)) {
            JdbcTestSupport.exec(setup, "CREATE TABLE doctors (id INT NOT NULL, shift INT NOT NULL, "
                + "on_call BOOLEAN NOT NULL, PRIMARY KEY (id))");
            JdbcTestSupport.exec(setup, "INSERT INTO doctors VALUES (1, 7, TRUE), (2, 7, TRUE)");
            for (Connection c : new Connection[] {a, b}) {
                c.setAutoCommit(false);
                c.setTransactionIsolation(isolation);
            }
            assertEquals(2, onCall(a, 7));
            assertEquals(2, onCall(b, 7));
            int failures = 0;
            int id = 1;
            for (Connection c : new Connection[] {a, b}) {
                try {
                    JdbcTestSupport.exec(c, "UPDATE doctors SET on_call = FALSE WHERE id = " + id++);
                    c.commit();
                } catch (SQLException e) {
                    assertEquals("40001", e.getSQLState(), e.getMessage());
                    c.rollback();
                    failures++;
                }
            }
            int left = onCall(setup, 7);
            assertEquals(failures == 0 ? 0 : 1, left);
            return failures;
        }
    }

    @Test
    void writeSkewFailsUnderSerializableOnly() throws SQLException {
        assertEquals(1, writeSkew(Connection.TRANSACTION_SERIALIZABLE));
        assertEquals(0, writeSkew(Connection.TRANSACTION_REPEATABLE_READ));
    }

    @Test
    void aPhantomInsertFailsUnderSerializable() throws SQLException {
        String url = JdbcTestSupport.freshMemoryUrl("phantom");
        try (Connection setup = JdbcTestSupport.connect(url);
             Connection a = JdbcTestSupport.connect(url);
             Connection b = JdbcTestSupport.connect(url)) {
            JdbcTestSupport.exec(setup, "CREATE TABLE doctors (id INT NOT NULL, shift INT NOT NULL, "
                + "on_call BOOLEAN NOT NULL, PRIMARY KEY (id))");
            for (Connection c : new Connection[] {a, b}) {
                c.setAutoCommit(false);
                c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            }
            assertEquals(0, onCall(a, 8));
            assertEquals(0, onCall(b, 8));
            JdbcTestSupport.exec(a, "INSERT INTO doctors VALUES (10, 8, TRUE)");
            JdbcTestSupport.exec(b, "INSERT INTO doctors VALUES (11, 8, TRUE)");
            a.commit();
            SQLException e = JdbcTestSupport.assertSqlState("40001", b::commit);
            assertTrue(e.getMessage().contains("serialize"), e.getMessage());
            b.rollback();
            assertEquals(1, onCall(setup, 8));
        }
    }
}
