package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** DatabaseMetaData as BenchBase reads it (SQLUtil.getCatalogDirect), plus the capability answers. */
class JdbcMetaDataTest {
    private Connection c;
    private DatabaseMetaData meta;

    @BeforeEach
    void open() throws SQLException {
        c = connect(freshMemoryUrl("meta"));
        exec(c, "CREATE TABLE ACCOUNTS (custid BIGINT NOT NULL, name VARCHAR(64) NOT NULL,"
            + " CONSTRAINT pk_accounts PRIMARY KEY (custid))");
        exec(c, "CREATE TABLE district (d_w_id INT NOT NULL, d_id INT NOT NULL, d_ytd DECIMAL(12, 2) NOT NULL,"
            + " d_name VARCHAR(10), PRIMARY KEY (d_w_id, d_id))");
        exec(c, "CREATE TABLE history (h_amount DECIMAL(6, 2) NOT NULL, h_date TIMESTAMP)");
        meta = c.getMetaData();
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    @Test
    void productAndCapabilities() throws SQLException {
        assertEquals("Verso", meta.getDatabaseProductName());
        assertEquals(VersoDriver.VERSION, meta.getDriverVersion());
        assertEquals("\"", meta.getIdentifierQuoteString());
        assertTrue(meta.supportsTransactions());
        assertTrue(meta.supportsBatchUpdates());
        assertTrue(meta.supportsAlterTableWithAddColumn());
        assertTrue(meta.supportsAlterTableWithDropColumn());
        assertEquals(Connection.TRANSACTION_REPEATABLE_READ, meta.getDefaultTransactionIsolation());
        assertTrue(meta.supportsTransactionIsolationLevel(Connection.TRANSACTION_REPEATABLE_READ));
        assertTrue(meta.supportsTransactionIsolationLevel(Connection.TRANSACTION_READ_COMMITTED));
        assertTrue(meta.supportsTransactionIsolationLevel(Connection.TRANSACTION_SERIALIZABLE));
        assertTrue(meta.supportsResultSetType(ResultSet.TYPE_FORWARD_ONLY));
        assertTrue(meta.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE));
        assertFalse(meta.supportsResultSetType(ResultSet.TYPE_SCROLL_SENSITIVE));
        assertFalse(meta.supportsResultSetConcurrency(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE));
        assertEquals(c, meta.getConnection());
        assertThrows(SQLFeatureNotSupportedException.class, () -> meta.getProcedures(null, null, null));
    }

    @Test
    void tablesAsBenchBaseAsksForThem() throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = meta.getTables(c.getCatalog(), c.getSchema(), null, new String[] {"TABLE"})) {
            while (rs.next()) {
                assertEquals("TABLE", rs.getString("TABLE_TYPE"));
                assertEquals("PUBLIC", rs.getString("TABLE_SCHEM"));
                names.add(rs.getString("TABLE_NAME"));
            }
        }
        assertEquals(List.of("ACCOUNTS", "DISTRICT", "HISTORY"), names);
        try (ResultSet rs = meta.getTables(null, null, "DIS%", null)) {
            assertTrue(rs.next());
            assertEquals("DISTRICT", rs.getString(3));
            assertFalse(rs.next());
        }
        try (ResultSet rs = meta.getTables(null, null, null, new String[] {"VIEW"})) {
            assertFalse(rs.next());
        }
    }

    @Test
    void columnsInOrdinalOrderWithSizes() throws SQLException {
        try (ResultSet rs = meta.getColumns(null, null, "ACCOUNTS", null)) {
            assertTrue(rs.next());
            assertEquals("CUSTID", rs.getString("COLUMN_NAME"));
            assertEquals(Types.BIGINT, rs.getInt("DATA_TYPE"));
            assertEquals(1, rs.getInt("ORDINAL_POSITION"));
            assertEquals("NO", rs.getString("IS_NULLABLE"));
            assertTrue(rs.next());
            assertEquals("NAME", rs.getString("COLUMN_NAME"));
            assertEquals(Types.VARCHAR, rs.getInt("DATA_TYPE"));
            assertEquals("VARCHAR", rs.getString("TYPE_NAME"));
            assertEquals(64, rs.getInt("COLUMN_SIZE"));
            assertEquals(2, rs.getInt("ORDINAL_POSITION"));
            assertFalse(rs.next());
        }
        try (ResultSet rs = meta.getColumns(null, null, "DISTRICT", "D\\_YTD")) {
            assertTrue(rs.next());
            assertEquals(Types.DECIMAL, rs.getInt("DATA_TYPE"));
            assertEquals(12, rs.getInt("COLUMN_SIZE"));
            assertEquals(2, rs.getInt("DECIMAL_DIGITS"));
            assertEquals(DatabaseMetaData.columnNoNulls, rs.getInt("NULLABLE"));
            assertFalse(rs.next());
        }
        try (ResultSet rs = meta.getColumns(null, null, "HISTORY", "H_DATE")) {
            assertTrue(rs.next());
            assertEquals(Types.TIMESTAMP, rs.getInt("DATA_TYPE"));
            assertEquals("YES", rs.getString("IS_NULLABLE"));
        }
    }

    @Test
    void primaryKeysAndTheirIndex() throws SQLException {
        try (ResultSet rs = meta.getPrimaryKeys(null, null, "DISTRICT")) {
            assertTrue(rs.next());
            assertEquals("D_ID", rs.getString("COLUMN_NAME"));
            assertEquals(2, rs.getShort("KEY_SEQ"));
            assertTrue(rs.next());
            assertEquals("D_W_ID", rs.getString("COLUMN_NAME"));
            assertEquals(1, rs.getShort("KEY_SEQ"));
            assertFalse(rs.next());
        }
        try (ResultSet rs = meta.getPrimaryKeys(null, null, "HISTORY")) {
            assertFalse(rs.next());
        }
        try (ResultSet rs = meta.getIndexInfo(c.getCatalog(), c.getSchema(), "DISTRICT", false, false)) {
            assertTrue(rs.next());
            assertFalse(rs.getBoolean("NON_UNIQUE"));
            assertEquals(1, rs.getShort("ORDINAL_POSITION"));
            assertEquals("D_W_ID", rs.getString("COLUMN_NAME"));
            assertEquals("A", rs.getString("ASC_OR_DESC"));
            assertTrue(rs.getShort("TYPE") != DatabaseMetaData.tableIndexStatistic);
        }
    }

    @Test
    void foreignKeysAreEmptyButWellFormed() throws SQLException {
        try (ResultSet rs = meta.getImportedKeys(null, null, "ACCOUNTS")) {
            assertEquals(3, rs.findColumn("PKTABLE_NAME"));
            assertEquals(8, rs.findColumn("FKCOLUMN_NAME"));
            assertFalse(rs.next());
        }
    }

    @Test
    void schemasCatalogsTypes() throws SQLException {
        try (ResultSet rs = meta.getSchemas()) {
            assertTrue(rs.next());
            assertEquals("PUBLIC", rs.getString("TABLE_SCHEM"));
            assertFalse(rs.next());
        }
        try (ResultSet rs = meta.getCatalogs()) {
            assertFalse(rs.next());
        }
        try (ResultSet rs = meta.getTableTypes()) {
            assertTrue(rs.next());
            assertEquals("TABLE", rs.getString(1));
        }
        int previous = Integer.MIN_VALUE;
        int types = 0;
        try (ResultSet rs = meta.getTypeInfo()) {
            while (rs.next()) {
                assertTrue(rs.getInt("DATA_TYPE") >= previous, "ordered by DATA_TYPE");
                previous = rs.getInt("DATA_TYPE");
                types++;
            }
        }
        assertEquals(16, types, "BOOLEAN to TIMESTAMP, with TIME, BINARY, VARBINARY, TIMESTAMP WITH TIME ZONE and UUID");
    }
}
