package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdbcDriverTest {
    @Test
    void driverManagerFindsTheDriverThroughServiceLoader() throws SQLException {
        assertInstanceOf(VersoDriver.class, DriverManager.getDriver("jdbc:verso:mem:any"));
    }

    @Test
    void foreignUrlsAreLeftToOtherDrivers() throws SQLException {
        VersoDriver driver = new VersoDriver();
        assertNull(driver.connect("jdbc:postgresql://localhost/x", new Properties()));
        assertFalse(driver.acceptsURL("jdbc:h2:mem:x"));
        assertTrue(driver.acceptsURL("jdbc:verso:mem:x"));
    }

    @Test
    void badSettingsFailTheConnect() {
        assertSqlState("22023", () -> DriverManager.getConnection("jdbc:verso:mem:x;cache=plenty"));
        assertSqlState("08001", () -> DriverManager.getConnection("jdbc:verso:mem:"));
    }

    /**
     * The tests run with a 1 GiB heap, so direct memory is limited to about that: a 3 GiB cache cannot be had whole,
     * and need not be, since the pool takes memory as it fills. The database opens and answers, and its pool holds a
     * few frames of the 393,216 it may grow to (BufferPoolArenaTest covers direct memory running out).
     */
    @Test
    void aCacheLargerThanDirectMemoryIsTakenAsThePoolFills() throws SQLException {
        try (Connection c = DriverManager.getConnection(freshMemoryUrl("huge") + ";cache=3G");
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id INT PRIMARY KEY)");
            s.execute("INSERT INTO t VALUES (1), (2)");
            try (ResultSet rs = s.executeQuery("SELECT frames, frames_allocated FROM sys.buffer_pool")) {
                assertTrue(rs.next());
                assertEquals(393_216, rs.getInt(1));
                assertTrue(rs.getInt(2) > 0 && rs.getInt(2) <= 1024, "frames allocated: " + rs.getInt(2));
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
            }
        }
    }

    @Test
    void userAndPasswordAreAccepted() throws SQLException {
        try (Connection c = DriverManager.getConnection(freshMemoryUrl("user"), "sa", "")) {
            assertFalse(c.isClosed());
        }
    }

    @Test
    void newConnectionsAutocommitWithSnapshotIsolation() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("defaults"))) {
            assertTrue(c.getAutoCommit());
            assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());
            assertTrue(c.isValid(1));
            assertEquals("PUBLIC", c.getSchema());
            assertNull(c.getCatalog());
            assertEquals("SELECT 1", c.nativeSQL("SELECT 1"));
            c.setReadOnly(true);
            assertTrue(c.isReadOnly());
        }
    }

    @Test
    void readCommittedIsServedAsItselfAndReadUncommittedIsUpgradedToIt() throws SQLException {
        // What READ COMMITTED does is tested with real interleavings in JdbcReadCommittedTest.
        try (Connection c = connect(freshMemoryUrl("iso"))) {
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            assertEquals(Connection.TRANSACTION_READ_COMMITTED, c.getTransactionIsolation());
            c.setTransactionIsolation(Connection.TRANSACTION_READ_UNCOMMITTED);
            assertEquals(Connection.TRANSACTION_READ_COMMITTED, c.getTransactionIsolation());
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());
        }
    }

    @Test
    void serializableIsServedBySerializableSnapshotIsolation() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("ser"))) {
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            assertEquals(Connection.TRANSACTION_SERIALIZABLE, c.getTransactionIsolation());
            assertTrue(c.getMetaData().supportsTransactionIsolationLevel(Connection.TRANSACTION_SERIALIZABLE));
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            assertEquals(Connection.TRANSACTION_REPEATABLE_READ, c.getTransactionIsolation());
        }
    }

    @Test
    void unsupportedResultSetKindsAreRefused() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("kinds"))) {
            // Scroll-insensitive result sets are supported (JdbcScrollableResultSetTest); updatable ones are not.
            assertThrows(SQLFeatureNotSupportedException.class,
                () -> c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE));
            assertThrows(SQLFeatureNotSupportedException.class,
                () -> c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE));
            assertEquals("22023", assertThrows(SQLException.class,
                () -> c.createStatement(12345, ResultSet.CONCUR_READ_ONLY)).getSQLState());
            assertThrows(SQLFeatureNotSupportedException.class, () -> c.prepareCall("CALL x()"));
            // Savepoints are supported (JdbcSavepointTest), but need autocommit off.
            assertEquals("25000", assertThrows(SQLException.class, c::setSavepoint).getSQLState());
            c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY).close();
        }
    }

    @Test
    void everyUseOfAClosedConnectionIs08003() throws SQLException {
        String url = freshMemoryUrl("closed");
        Connection c = connect(url);
        exec(c, "CREATE TABLE t (id INT NOT NULL, PRIMARY KEY (id))");
        Statement open = c.createStatement();
        PreparedStatement prepared = c.prepareStatement("SELECT id FROM t");
        ResultSet rs = prepared.executeQuery();
        c.close();
        c.close();
        assertTrue(c.isClosed());
        assertFalse(c.isValid(0));
        SQLException e = assertSqlState("08003", c::createStatement);
        assertInstanceOf(SQLNonTransientConnectionException.class, e);
        assertSqlState("08003", () -> c.prepareStatement("SELECT 1"));
        assertSqlState("08003", c::commit);
        assertSqlState("08003", c::rollback);
        assertSqlState("08003", () -> c.setAutoCommit(false));
        assertSqlState("08003", c::getMetaData);
        assertSqlState("08003", () -> c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ));
        assertSqlState("08003", () -> open.executeQuery("SELECT id FROM t"));
        assertSqlState("08003", prepared::executeQuery);
        assertSqlState("08003", rs::next);
        assertTrue(open.isClosed());
        assertTrue(rs.isClosed());
    }

    @Test
    void closedStatementIsReportedWhileTheConnectionLives() throws SQLException {
        try (Connection c = connect(freshMemoryUrl("stmt"))) {
            Statement s = c.createStatement();
            s.close();
            assertSqlState("55000", () -> s.executeQuery("SELECT 1"));
            assertEquals(1, queryLong(c, "SELECT 1"));
        }
    }

    @Test
    void connectionsToOneNameShareOneDatabase() throws SQLException {
        String url = freshMemoryUrl("shared");
        try (Connection a = connect(url); Connection b = connect(url)) {
            exec(a, "CREATE TABLE t (id INT NOT NULL, PRIMARY KEY (id))");
            exec(a, "INSERT INTO t VALUES (1)");
            assertEquals(1, queryLong(b, "SELECT COUNT(*) FROM t"));
        }
    }

    @Test
    void memoryDatabaseDisappearsWithItsLastConnection() throws SQLException {
        String url = freshMemoryUrl("gone");
        try (Connection a = connect(url)) {
            exec(a, "CREATE TABLE t (id INT NOT NULL, PRIMARY KEY (id))");
            try (Connection b = connect(url)) {
                exec(b, "INSERT INTO t VALUES (1)");
            }
            assertEquals(1, queryLong(a, "SELECT COUNT(*) FROM t"), "closing one of two connections keeps it open");
        }
        try (Connection c = connect(url)) {
            assertSqlState("42P01", () -> queryLong(c, "SELECT COUNT(*) FROM t"));
        }
    }

    @Test
    void directoryHeldByAnotherProcessIs08001(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("db");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
            "org.verso.jdbc.shell.VersoShell", "--db", db.toString())).redirectErrorStream(true).start();
        try (Writer toHolder = holder.outputWriter(StandardCharsets.UTF_8);
             BufferedReader fromHolder = new BufferedReader(
                 new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))) {
            // Once the other shell has answered a query, it holds the directory.
            toHolder.write("SELECT 1 AS x;\n");
            toHolder.flush();
            StringBuilder transcript = new StringBuilder();
            String line;
            do {
                line = fromHolder.readLine();
                transcript.append(line).append('\n');
            } while (line != null && !line.equals("(1 row)"));
            assertEquals("(1 row)", line, () -> "the holding shell did not start:\n" + transcript);

            SQLException e = assertSqlState("08001", () -> connect("jdbc:verso:" + db).close());
            assertInstanceOf(SQLNonTransientConnectionException.class, e);
            assertTrue(e.getMessage().contains("already open in another process"), e.getMessage());
        } finally {
            assertTrue(holder.waitFor(30, TimeUnit.SECONDS), "the holding shell did not exit");
        }
        try (Connection c = connect("jdbc:verso:" + db)) {
            assertTrue(c.isValid(1), "the directory opens once the other process is gone");
        }
    }
}
