package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.ForeignKey;
import org.verso.core.catalog.ForeignKeyAction;
import org.verso.core.catalog.IndexOrigin;
import org.verso.core.catalog.TableDefinition;

/**
 * Every DDL statement BenchBase's TPC-C and SmallBank send, in the generic and the PostgreSQL flavour, runs through
 * JDBC as BenchBase's script runner sends it (one statement per call, one line, comments removed) and builds the
 * catalog the statements describe; then the scripts run again, dropping and recreating everything.
 */
class JdbcBenchBaseDdlTest {
    /**
     * CREATE INDEX reaches {@code Database.createIndex}, which refuses with 0A000 until secondary index storage
     * exists. When it does, set this to true: the test then expects the indexes in the catalog.
     */
    private static final boolean SECONDARY_INDEXES_BUILT = false;

    /** The script's statements as BenchBase's ScriptRunner hands them over. */
    private static List<String> statements(String resource) throws IOException {
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

    /** Runs a script; index statements are expected to fail with 0A000 until secondary indexes exist. */
    private static void run(Connection c, String resource) throws Exception {
        for (String sql : statements(resource)) {
            if (sql.toUpperCase(Locale.ROOT).startsWith("CREATE INDEX") && !SECONDARY_INDEXES_BUILT) {
                assertTrue(assertSqlState("0A000", () -> exec(c, sql)).getMessage().contains("secondary indexes"));
            } else {
                exec(c, sql);
            }
        }
    }

    private static Catalog catalog(Connection c) throws SQLException {
        return c.unwrap(VersoConnection.class).database().catalog();
    }

    private static TableDefinition table(Connection c, String name) throws SQLException {
        return catalog(c).table(name).orElseThrow(() -> new AssertionError("no table " + name));
    }

    private static int[] columns(TableDefinition table, String... names) {
        int[] positions = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            positions[i] = table.columnIndex(names[i]);
            assertTrue(positions[i] >= 0, names[i]);
        }
        return positions;
    }

    private static void assertTpccCatalog(Connection c, ForeignKeyAction action) throws SQLException {
        assertEquals(List.of("CUSTOMER", "DISTRICT", "HISTORY", "ITEM", "NEW_ORDER", "OORDER", "ORDER_LINE", "STOCK",
            "WAREHOUSE"), catalog(c).tables().stream().map(TableDefinition::name).sorted().toList());
        TableDefinition customer = table(c, "CUSTOMER");
        assertArrayEquals(columns(customer, "C_W_ID", "C_D_ID", "C_ID"), customer.primaryKey());
        assertEquals(List.of(new ForeignKey("C_FKEY_D", columns(customer, "C_W_ID", "C_D_ID"), "DISTRICT",
            columns(table(c, "DISTRICT"), "D_W_ID", "D_ID"), action)), customer.foreignKeys());
        assertEquals(SECONDARY_INDEXES_BUILT, customer.index("IDX_CUSTOMER_NAME").isPresent());
        TableDefinition oorder = table(c, "OORDER");
        assertEquals(1, oorder.indexes().stream().filter(i -> i.origin() == IndexOrigin.UNIQUE_CONSTRAINT).count());
        assertTrue(oorder.column(oorder.columnIndex("O_CARRIER_ID")).nullable());
        assertNull(oorder.column(oorder.columnIndex("O_CARRIER_ID")).defaultExpression(), "DEFAULT NULL");
        TableDefinition history = table(c, "HISTORY");
        assertFalse(history.hasPrimaryKey());
        assertEquals(2, history.foreignKeys().size());
        assertEquals(2, table(c, "STOCK").foreignKeys().size(), "S_W_ID and S_I_ID reference their tables");
        assertEquals(1, table(c, "DISTRICT").foreignKeys().size());
        assertEquals(2, table(c, "ORDER_LINE").foreignKeys().size());
        assertTrue(table(c, "ORDER_LINE").column(table(c, "ORDER_LINE").columnIndex("OL_DELIVERY_D")).nullable());
    }

    @Test
    void tpccGeneric() throws Exception {
        try (Connection c = connect(freshMemoryUrl("tpcc"))) {
            run(c, "tpcc-generic.sql");
            assertTpccCatalog(c, ForeignKeyAction.NO_ACTION);
            exerciseTpcc(c);
            assertSqlState("23503", () -> exec(c, "DELETE FROM customer"));
            run(c, "tpcc-generic.sql");
            assertTpccCatalog(c, ForeignKeyAction.NO_ACTION);
        }
    }

    @Test
    void tpccPostgres() throws Exception {
        try (Connection c = connect(freshMemoryUrl("tpccpg"))) {
            run(c, "tpcc-postgres.sql");
            assertTpccCatalog(c, ForeignKeyAction.CASCADE);
            TableDefinition customer = table(c, "CUSTOMER");
            assertEquals("CURRENT_TIMESTAMP", customer.column(customer.columnIndex("C_SINCE")).defaultExpression());
            exerciseTpcc(c);
            exec(c, "DELETE FROM warehouse");
            for (String child : List.of("district", "customer", "oorder", "new_order")) {
                try (ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM " + child)) {
                    rs.next();
                    assertEquals(0, rs.getInt(1), "ON DELETE CASCADE from warehouse reaches " + child);
                }
            }
            run(c, "tpcc-postgres.sql");
            assertTpccCatalog(c, ForeignKeyAction.CASCADE);
        }
    }

    @Test
    void smallBankGenericAndPostgres() throws Exception {
        for (String script : List.of("smallbank-generic.sql", "smallbank-postgres.sql")) {
            try (Connection c = connect(freshMemoryUrl("sb"))) {
                run(c, script);
                TableDefinition accounts = table(c, "ACCOUNTS");
                assertEquals("PK_ACCOUNTS", accounts.primaryKeyIndex().orElseThrow().name());
                assertEquals(List.of("CUSTID", "NAME"), accounts.columns().stream().map(col -> col.name()).toList());
                for (String child : List.of("SAVINGS", "CHECKING")) {
                    ForeignKey key = table(c, child).foreignKeys().get(0);
                    assertEquals("ACCOUNTS", key.referencedTable());
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
