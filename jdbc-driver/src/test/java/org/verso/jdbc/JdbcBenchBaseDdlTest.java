package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every DDL statement BenchBase's TPC-C and SmallBank send, in the generic and the PostgreSQL flavour, runs through
 * JDBC as BenchBase's script runner sends it (one statement per call, one line, comments removed) and builds the
 * catalog the statements describe; then the scripts run again, dropping and recreating everything.
 */
class JdbcBenchBaseDdlTest {
    /** The script's statements as BenchBase's ScriptRunner hands them over. */
    static List<String> statements(String resource) throws IOException {
        String text;
        try (InputStream in = JdbcBenchBaseDdlTest.class.getResourceAsStream("/benchbase/" + resource)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> result = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\n")) {
            String code = line.contains("--") ? line.substring(0, line.indexOf("--")) : line;
            current.append(code.strip()).append(' ');
            if (code.strip().endsWith(";")) {
                result.add(current.toString().strip());
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) {
            result.add(current.toString().strip());
        }
        return result;
    }

    /** Runs a script, one statement at a time as BenchBase sends it. */
    private static void run(Connection c, String resource) throws Exception {
        for (String sql : statements(resource)) {
            exec(c, sql);
        }
    }

    // The catalog as BenchBase's SQLUtil.getCatalog reads it: through DatabaseMetaData.

    private static List<String> tables(Connection c) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                names.add(rs.getString("TABLE_NAME"));
            }
        }
        names.sort(null);
        return names;
    }

    private static List<String> primaryKey(Connection c, String table) throws SQLException {
        List<String[]> columns = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getPrimaryKeys(null, null, table)) {
            while (rs.next()) {
                columns.add(new String[] {String.valueOf(rs.getShort("KEY_SEQ")), rs.getString("COLUMN_NAME"),
                    rs.getString("PK_NAME")});
            }
        }
        columns.sort((x, y) -> Integer.compare(Integer.parseInt(x[0]), Integer.parseInt(y[0])));
        return columns.stream().map(x -> x[1]).toList();
    }

    private static String primaryKeyName(Connection c, String table) throws SQLException {
        try (ResultSet rs = c.getMetaData().getPrimaryKeys(null, null, table)) {
            return rs.next() ? rs.getString("PK_NAME") : null;
        }
    }

    /** Each foreign key column as {@code FK_NAME: FKCOLUMN -> PKTABLE.PKCOLUMN (DELETE_RULE)}, in key order. */
    private static List<String> importedKeys(Connection c, String table) throws SQLException {
        List<String> keys = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getImportedKeys(null, null, table)) {
            while (rs.next()) {
                keys.add(rs.getString("FK_NAME") + ": " + rs.getString("FKCOLUMN_NAME") + " -> "
                    + rs.getString("PKTABLE_NAME") + "." + rs.getString("PKCOLUMN_NAME") + " ("
                    + rs.getShort("DELETE_RULE") + ")");
            }
        }
        return keys;
    }

    private static long foreignKeyCount(Connection c, String table) throws SQLException {
        Set<String> names = new HashSet<>();
        try (ResultSet rs = c.getMetaData().getImportedKeys(null, null, table)) {
            while (rs.next()) {
                names.add(rs.getString("FK_NAME"));
            }
        }
        return names.size();
    }

    /** Index names of a table; with {@code unique}, only those of unique indexes. */
    private static Set<String> indexes(Connection c, String table, boolean unique) throws SQLException {
        Set<String> names = new HashSet<>();
        try (ResultSet rs = c.getMetaData().getIndexInfo(null, null, table, unique, false)) {
            while (rs.next()) {
                names.add(rs.getString("INDEX_NAME"));
            }
        }
        return names;
    }

    /** A column's IS_NULLABLE and COLUMN_DEF. */
    private static String[] column(Connection c, String table, String name) throws SQLException {
        try (ResultSet rs = c.getMetaData().getColumns(null, null, table, name)) {
            assertTrue(rs.next(), table + "." + name);
            return new String[] {rs.getString("IS_NULLABLE"), rs.getString("COLUMN_DEF")};
        }
    }

    private static void assertTpccCatalog(Connection c, short onDelete) throws SQLException {
        assertEquals(List.of("CUSTOMER", "DISTRICT", "HISTORY", "ITEM", "NEW_ORDER", "OORDER", "ORDER_LINE", "STOCK",
            "WAREHOUSE"), tables(c));
        assertEquals(List.of("C_W_ID", "C_D_ID", "C_ID"), primaryKey(c, "CUSTOMER"));
        assertEquals(List.of("C_FKEY_D: C_W_ID -> DISTRICT.D_W_ID (" + onDelete + ")",
            "C_FKEY_D: C_D_ID -> DISTRICT.D_ID (" + onDelete + ")"), importedKeys(c, "CUSTOMER"));
        assertTrue(indexes(c, "CUSTOMER", false).contains("IDX_CUSTOMER_NAME"), "CREATE INDEX built the index");
        Set<String> unique = indexes(c, "OORDER", true);
        unique.remove(primaryKeyName(c, "OORDER"));
        assertEquals(1, unique.size(), "OORDER's UNIQUE constraint is a unique index: " + unique);
        assertArrayEquals(new String[] {"YES", null}, column(c, "OORDER", "O_CARRIER_ID"), "DEFAULT NULL");
        assertTrue(primaryKey(c, "HISTORY").isEmpty());
        assertEquals(2, foreignKeyCount(c, "HISTORY"));
        assertEquals(2, foreignKeyCount(c, "STOCK"), "S_W_ID and S_I_ID reference their tables");
        assertEquals(1, foreignKeyCount(c, "DISTRICT"));
        assertEquals(2, foreignKeyCount(c, "ORDER_LINE"));
        assertEquals("YES", column(c, "ORDER_LINE", "OL_DELIVERY_D")[0]);
    }

    @Test
    void tpccGeneric() throws Exception {
        try (Connection c = connect(freshMemoryUrl("tpcc"))) {
            run(c, "tpcc-generic.sql");
            assertTpccCatalog(c, (short) DatabaseMetaData.importedKeyNoAction);
            exerciseTpcc(c);
            assertSqlState("23503", () -> exec(c, "DELETE FROM customer"));
            run(c, "tpcc-generic.sql");
            assertTpccCatalog(c, (short) DatabaseMetaData.importedKeyNoAction);
        }
    }

    @Test
    void tpccPostgres() throws Exception {
        try (Connection c = connect(freshMemoryUrl("tpccpg"))) {
            run(c, "tpcc-postgres.sql");
            assertTpccCatalog(c, (short) DatabaseMetaData.importedKeyCascade);
            assertEquals("CURRENT_TIMESTAMP", column(c, "CUSTOMER", "C_SINCE")[1]);
            exerciseTpcc(c);
            exec(c, "DELETE FROM warehouse");
            for (String child : List.of("district", "customer", "oorder", "new_order")) {
                try (ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM " + child)) {
                    rs.next();
                    assertEquals(0, rs.getInt(1), "ON DELETE CASCADE from warehouse reaches " + child);
                }
            }
            run(c, "tpcc-postgres.sql");
            assertTpccCatalog(c, (short) DatabaseMetaData.importedKeyCascade);
        }
    }

    @Test
    void smallBankGenericAndPostgres() throws Exception {
        for (String script : List.of("smallbank-generic.sql", "smallbank-postgres.sql")) {
            try (Connection c = connect(freshMemoryUrl("sb"))) {
                run(c, script);
                assertEquals("PK_ACCOUNTS", primaryKeyName(c, "ACCOUNTS"));
                assertEquals(List.of("CUSTID"), primaryKey(c, "ACCOUNTS"));
                assertArrayEquals(new String[] {"NO", null}, column(c, "ACCOUNTS", "CUSTID"));
                for (String child : List.of("SAVINGS", "CHECKING")) {
                    assertTrue(importedKeys(c, child).get(0).contains("-> ACCOUNTS.CUSTID"), child);
                }
                exec(c, "INSERT INTO \"ACCOUNTS\" VALUES (1, 'ann')");
                exec(c, "INSERT INTO savings VALUES (1, 10)");
                assertSqlState("23503", () -> exec(c, "INSERT INTO checking VALUES (2, 5)"));
                try (PreparedStatement ps = c.prepareStatement("SELECT * FROM accounts WHERE name = ?")) {
                    ps.setString(1, "ann");
                    try (ResultSet rs = ps.executeQuery()) {
                        assertTrue(rs.next());
                        assertEquals(1, rs.getLong(1));
                    }
                }
                run(c, script);
            }
        }
    }

    /** A few of the benchmark's own statements over the new catalog, foreign keys included. */
    private static void exerciseTpcc(Connection c) throws SQLException {
        exec(c, "INSERT INTO \"WAREHOUSE\" VALUES (1, 0, 0.1, 'w', 's1', 's2', 'c', 'st', 'zip')");
        exec(c, "INSERT INTO \"DISTRICT\" VALUES (1, 1, 0, 0.1, 3001, 'd', 's1', 's2', 'c', 'st', 'zip')");
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO \"CUSTOMER\" VALUES (?, ?, ?, 0.1, 'GC', 'last', "
            + "'first', 50000, -10, 10, 1, 0, 's1', 's2', 'c', 'st', 'zip', 'phone', ?, 'OE', 'data')")) {
            ps.setInt(1, 1);
            ps.setInt(2, 1);
            ps.setInt(3, 1);
            ps.setTimestamp(4, Timestamp.valueOf("2026-01-01 00:00:00"));
            ps.executeUpdate();
            ps.setInt(2, 9);
            assertSqlState("23503", ps::executeUpdate);
        }
        c.setAutoCommit(false);
        try (PreparedStatement ps = c.prepareStatement(
            "SELECT D_NEXT_O_ID, D_TAX FROM district WHERE D_W_ID = ? AND D_ID = ? FOR UPDATE")) {
            ps.setInt(1, 1);
            ps.setInt(2, 1);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(3001, rs.getInt(1));
            }
        }
        exec(c, "UPDATE district SET D_NEXT_O_ID = D_NEXT_O_ID + 1 WHERE D_W_ID = 1 AND D_ID = 1");
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO oorder (O_ID, O_D_ID, O_W_ID, O_C_ID, O_ENTRY_D, "
            + "O_OL_CNT, O_ALL_LOCAL) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            ps.setInt(1, 3001);
            ps.setInt(2, 1);
            ps.setInt(3, 1);
            ps.setInt(4, 1);
            ps.setTimestamp(5, new Timestamp(System.currentTimeMillis()));
            ps.setInt(6, 5);
            ps.setInt(7, 1);
            ps.executeUpdate();
        }
        exec(c, "INSERT INTO new_order (NO_O_ID, NO_D_ID, NO_W_ID) VALUES (3001, 1, 1)");
        assertSqlState("23503", () -> exec(c, "INSERT INTO new_order (NO_O_ID, NO_D_ID, NO_W_ID) VALUES (9, 1, 1)"));
        c.commit();
        c.setAutoCommit(true);
    }
}
