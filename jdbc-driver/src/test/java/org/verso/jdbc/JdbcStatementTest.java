package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;
import static org.verso.jdbc.JdbcTestSupport.queryLong;

import java.math.BigDecimal;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every statement kind through Statement and PreparedStatement, with update counts, getters and batches. */
class JdbcStatementTest {
    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = connect(freshMemoryUrl("stmt"));
        exec(c, "CREATE TABLE item (id INT NOT NULL, name VARCHAR(20), price DECIMAL(6, 2), rate DOUBLE,"
            + " born DATE, seen TIMESTAMP, qty BIGINT, PRIMARY KEY (id))");
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    @Test
    void statementReportsUpdateCountsAndResults() throws SQLException {
        try (Statement s = c.createStatement()) {
            assertEquals(0, s.executeUpdate("CREATE TABLE other (k INT NOT NULL, PRIMARY KEY (k))"), "DDL counts 0");
            assertEquals(1, s.executeUpdate("INSERT INTO item (id, name) VALUES (1, 'one')"));
            assertEquals(2, s.executeUpdate("INSERT INTO item (id, name) VALUES (2, 'two'), (3, 'three')"));
            assertEquals(2, s.executeUpdate("UPDATE item SET price = 1.5 WHERE id >= 2"));
            assertEquals(0L, s.executeLargeUpdate("UPDATE item SET price = 9 WHERE id = 99"));

            assertFalse(s.execute("DELETE FROM item WHERE id = 3"));
            assertEquals(1, s.getUpdateCount());
            assertNull(s.getResultSet());

            assertTrue(s.execute("SELECT id, name FROM item ORDER BY id"));
            assertEquals(-1, s.getUpdateCount());
            try (ResultSet rs = s.getResultSet()) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt("ID"));
                assertEquals("one", rs.getString("name"));
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
                assertFalse(rs.next());
            }
            assertFalse(s.getMoreResults());
            assertEquals(-1, s.getUpdateCount());
            assertEquals(0, s.executeUpdate("DROP TABLE other"));
        }
    }

    /** EXPLAIN of a statement with '?' runs through a plain Statement and a PreparedStatement without values. */
    @Test
    void explainNeedsNoParameterValues() throws SQLException {
        exec(c, "CREATE TABLE ex (id INT PRIMARY KEY, v INT)");
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("EXPLAIN SELECT v FROM ex WHERE id = ? FOR UPDATE")) {
            assertTrue(rs.next());
            assertEquals("VersoForUpdate(table=[EX])", rs.getString(1));
        }
        try (PreparedStatement ps = c.prepareStatement("EXPLAIN UPDATE ex SET v = ? WHERE id = ?");
             ResultSet rs = ps.executeQuery()) {
            assertTrue(rs.next());
            assertTrue(rs.getString(1).startsWith("VersoTableModify"), rs.getString(1));
        }
        // a plain statement still refuses '?' everywhere else
        try (Statement s = c.createStatement()) {
            assertSqlState("07001", () -> s.executeQuery("SELECT v FROM ex WHERE id = ?"));
        }
    }

    @Test
    void executeQueryAndExecuteUpdateRefuseTheWrongKindBeforeRunning() throws SQLException {
        try (Statement s = c.createStatement()) {
            assertThrows(SQLException.class, () -> s.executeQuery("INSERT INTO item (id) VALUES (7)"));
            assertEquals(0, queryLong(c, "SELECT COUNT(*) FROM item"), "the refused INSERT did not run");
            assertThrows(SQLException.class, () -> s.executeUpdate("SELECT id FROM item"));
            assertSqlState("07001", () -> s.executeQuery("SELECT id FROM item WHERE id = ?"));
        }
    }

    @Test
    void preparedStatementBindsEveryType() throws SQLException {
        LocalDate day = LocalDate.of(2023, 12, 31);
        LocalDateTime moment = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 678_000_000);
        try (PreparedStatement p = c.prepareStatement(
            "INSERT INTO item (id, name, price, rate, born, seen, qty) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            p.setInt(1, 1);
            p.setString(2, "first");
            p.setBigDecimal(3, new BigDecimal("12.34"));
            p.setDouble(4, 0.25);
            p.setDate(5, Date.valueOf(day));
            p.setTimestamp(6, Timestamp.valueOf(moment));
            p.setLong(7, 5_000_000_000L);
            assertEquals(1, p.executeUpdate());

            p.setShort(1, (short) 2);
            p.setNull(2, Types.VARCHAR);
            p.setObject(3, 7, Types.DECIMAL);
            p.setFloat(4, 1.5f);
            p.setNull(5, Types.NULL);
            p.setNull(6, Types.TIMESTAMP);
            p.setObject(7, 9L);
            assertEquals(1, p.executeUpdate());
        }
        try (PreparedStatement q = c.prepareStatement(
            "SELECT id, name, price, rate, born, seen, qty FROM item WHERE id = ?")) {
            q.setInt(1, 1);
            try (ResultSet rs = q.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("first", rs.getString("NAME"));
                assertEquals(new BigDecimal("12.34"), rs.getBigDecimal("PRICE"));
                assertEquals(12.34, rs.getDouble("PRICE"), 1e-9);
                assertEquals(12L, rs.getLong("PRICE"));
                assertEquals(0.25, rs.getDouble("RATE"));
                assertEquals(Date.valueOf(day), rs.getDate("BORN"));
                assertEquals(Timestamp.valueOf(moment), rs.getTimestamp("SEEN"));
                assertEquals(5_000_000_000L, rs.getLong("QTY"));
                assertEquals("5000000000", rs.getString("QTY"));
                assertFalse(rs.next());
            }
            q.setInt(1, 2);
            try (ResultSet rs = q.executeQuery()) {
                assertTrue(rs.next());
                assertNull(rs.getString("NAME"));
                assertTrue(rs.wasNull());
                assertEquals(0, rs.getInt("BORN"), "getInt on a NULL date is 0, not a conversion error");
                assertNull(rs.getTimestamp("SEEN"));
                assertEquals(0, new BigDecimal("7").compareTo(rs.getBigDecimal("PRICE")));
                assertEquals(1.5, rs.getDouble("RATE"));
            }
        }
    }

    @Test
    void valuesAreCoercedToTheColumnType() throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO item (id, price, rate) VALUES (?, ?, ?)")) {
            p.setLong(1, 10);
            p.setDouble(2, 1234.5600586);
            p.setInt(3, 3);
            p.executeUpdate();
        }
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT price, rate FROM item")) {
            assertTrue(rs.next());
            assertEquals(new BigDecimal("1234.56"), rs.getBigDecimal(1), "DECIMAL(6,2) rounds on assignment");
            assertEquals(3.0, rs.getDouble(2));
        }
    }

    @Test
    void unsetParameterIs07001() throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO item (id, name) VALUES (?, ?)")) {
            p.setInt(1, 1);
            assertSqlState("07001", p::executeUpdate);
            p.setString(2, "x");
            assertEquals(1, p.executeUpdate());
            p.clearParameters();
            assertSqlState("07001", p::executeUpdate);
            assertSqlState("07009", () -> p.setInt(3, 1));
        }
    }

    @Test
    void preparedStatementDescribesParametersAndColumnsBeforeRunning() throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT id, name FROM item WHERE id = ?")) {
            ParameterMetaData params = p.getParameterMetaData();
            assertEquals(1, params.getParameterCount());
            assertEquals(Types.INTEGER, params.getParameterType(1));
            ResultSetMetaData meta = p.getMetaData();
            assertEquals(2, meta.getColumnCount());
            assertEquals("NAME", meta.getColumnLabel(2));
            assertEquals(Types.VARCHAR, meta.getColumnType(2));
            assertEquals(20, meta.getPrecision(2));
            assertEquals("ITEM", meta.getTableName(1));
        }
        try (PreparedStatement p = c.prepareStatement("DELETE FROM item WHERE id = ?")) {
            assertNull(p.getMetaData());
        }
    }

    @Test
    void statementBatchReturnsUpdateCounts() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.addBatch("INSERT INTO item (id) VALUES (1)");
            s.addBatch("INSERT INTO item (id) VALUES (2)");
            s.addBatch("UPDATE item SET qty = 5");
            assertArrayEquals(new int[] {1, 1, 2}, s.executeBatch());
            assertArrayEquals(new int[0], s.executeBatch(), "the batch is empty after it ran");
        }
    }

    @Test
    void preparedBatchInsertsEveryRowInAutocommit() throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO item (id, name, rate) VALUES (?, ?, ?)")) {
            for (int i = 0; i < 128; i++) {
                p.setLong(1, i);
                p.setString(2, "n" + i);
                p.setInt(3, i);
                p.addBatch();
            }
            int[] counts = p.executeBatch();
            assertEquals(128, counts.length);
            for (int count : counts) {
                assertEquals(1, count);
            }
            p.clearBatch();
        }
        try (Connection other = connect(c.getMetaData().getURL())) {
            assertEquals(128, queryLong(other, "SELECT COUNT(*) FROM item"), "autocommit batches are committed");
        }
    }

    @Test
    void failingBatchEntryRaisesBatchUpdateExceptionWithItsState() throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO item (id) VALUES (?)")) {
            for (int id : new int[] {1, 2, 1, 3}) {
                p.setInt(1, id);
                p.addBatch();
            }
            BatchUpdateException e = assertThrows(BatchUpdateException.class, p::executeBatch);
            assertEquals("23505", e.getSQLState());
            assertArrayEquals(new int[] {1, 1}, e.getUpdateCounts());
        }
        assertEquals(0, queryLong(c, "SELECT COUNT(*) FROM item"),
            "with autocommit a batch is one transaction: a failing entry rolls it all back");
        assertTrue(c.getAutoCommit());
    }

    @Test
    void withoutAutocommitAFailingBatchEntryUndoesOnlyItself() throws SQLException {
        c.setAutoCommit(false);
        try (PreparedStatement p = c.prepareStatement("INSERT INTO item (id) VALUES (?)")) {
            for (int id : new int[] {1, 2, 1, 3}) {
                p.setInt(1, id);
                p.addBatch();
            }
            assertEquals("23505", assertThrows(BatchUpdateException.class, p::executeBatch).getSQLState());
        }
        c.commit();
        assertEquals(2, queryLong(c, "SELECT COUNT(*) FROM item"), "the entries before the failing one stay");
    }

    @Test
    void concurrentAutocommitBatchesOnHotRowsNeverFailAndCommitOnce() throws Exception {
        exec(c, "INSERT INTO item (id, qty) VALUES (1, 0), (2, 0)");
        String url = c.getMetaData().getURL();
        int threads = 4;
        int batches = 50;
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(() -> {
                try (Connection own = connect(url);
                     PreparedStatement p = own.prepareStatement("UPDATE item SET qty = qty + 1 WHERE id = ?")) {
                    for (int b = 0; b < batches; b++) {
                        p.setInt(1, 1);
                        p.addBatch();
                        p.setInt(1, 2);
                        p.addBatch();
                        assertArrayEquals(new int[] {1, 1}, p.executeBatch());
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            worker.join(120_000);
        }
        assertTrue(failures.isEmpty(), failures.toString());
        // Both rows of a batch change in one transaction, so a reader never sees them differ.
        assertEquals(threads * batches, queryLong(c, "SELECT qty FROM item WHERE id = 1"));
        assertEquals(threads * batches, queryLong(c, "SELECT qty FROM item WHERE id = 2"));
    }

    @Test
    void maxRowsLimitsTheResult() throws SQLException {
        exec(c, "INSERT INTO item (id) VALUES (1), (2), (3)");
        try (Statement s = c.createStatement()) {
            s.setMaxRows(2);
            s.setFetchSize(100);
            s.setQueryTimeout(5);
            int rows = 0;
            try (ResultSet rs = s.executeQuery("SELECT id FROM item")) {
                while (rs.next()) {
                    rows++;
                }
            }
            assertEquals(2, rows);
            try (ResultSet keys = s.getGeneratedKeys()) {
                assertNotNull(keys);
                assertFalse(keys.next());
            }
        }
    }

    @Test
    void preparedStatementRefusesSqlTextMethods() throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT id FROM item")) {
            assertThrows(SQLException.class, () -> p.executeQuery("SELECT 1"));
            assertThrows(SQLException.class, () -> p.addBatch("SELECT 1"));
        }
    }
}
