package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLSyntaxErrorException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Bad input gets the standard SQLState and the right exception class, and the connection stays usable. */
class JdbcErrorTest {
    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = connect(freshMemoryUrl("err"));
        exec(c, "CREATE TABLE t (id INT NOT NULL, name VARCHAR(10) NOT NULL, PRIMARY KEY (id))");
        exec(c, "INSERT INTO t VALUES (1, 'one')");
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    private void stillUsable() throws SQLException {
        assertEquals(1, queryLong(c, "SELECT COUNT(*) FROM t"));
    }

    @Test
    void syntaxError() throws SQLException {
        SQLException e = assertSqlState("42601", () -> exec(c, "SELEC id FROM t"));
        assertInstanceOf(SQLSyntaxErrorException.class, e);
        assertNotNull(e.getMessage());
        assertSqlState("42601", () -> c.prepareStatement("SELECT FROM WHERE"));
        stillUsable();
    }

    @Test
    void unknownTable() throws SQLException {
        assertSqlState("42P01", () -> exec(c, "SELECT * FROM missing"));
        stillUsable();
    }

    @Test
    void unknownColumn() throws SQLException {
        assertSqlState("42703", () -> exec(c, "SELECT nope FROM t"));
        stillUsable();
    }

    @Test
    void notNullViolation() throws SQLException {
        SQLException e = assertSqlState("23502", () -> exec(c, "INSERT INTO t (id) VALUES (2)"));
        assertInstanceOf(SQLIntegrityConstraintViolationException.class, e);
        try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
            p.setInt(1, 3);
            p.setString(2, null);
            assertSqlState("23502", p::executeUpdate);
        }
        stillUsable();
    }

    @Test
    void duplicateKey() throws SQLException {
        SQLException e = assertSqlState("23505", () -> exec(c, "INSERT INTO t VALUES (1, 'again')"));
        assertInstanceOf(SQLIntegrityConstraintViolationException.class, e);
        stillUsable();
    }

    @Test
    void failureInsideATransactionIsRecoveredByRollback() throws SQLException {
        c.setAutoCommit(false);
        exec(c, "INSERT INTO t VALUES (2, 'two')");
        assertSqlState("23505", () -> exec(c, "INSERT INTO t VALUES (1, 'dup')"));
        c.rollback();
        c.setAutoCommit(true);
        stillUsable();
    }
}
