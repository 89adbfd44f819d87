package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
import java.sql.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * TPC-C's loader and transaction statements as BenchBase sends them (its generic DDL, the text-block whitespace, a
 * new prepare per call, its setters and getters), on a small data set: positional batched loads in autocommit with
 * setLong into INT, setDouble into DECIMAL and setNull(Types.NULL) into TIMESTAMP, FOR UPDATE, an order-line batch
 * whose setDouble amounts must round, ORDER BY ... LIMIT 1 in both directions, NULL read as 0, the comma join with
 * COUNT(DISTINCT (col)), and the update counts BenchBase checks.
 */
class JdbcBenchBaseTransactionsTest {
    private static final int DISTRICTS = 2;
    private static final int CUSTOMERS = 3;
    private static final int ITEMS = 10;
    private Connection c;

    @BeforeEach
    void load() throws Exception {
        c = connect(freshMemoryUrl("tpcc"));
        for (String sql : JdbcBenchBaseDdlTest.statements("tpcc-generic.sql")) {
            exec(c, sql);
        }
        try (PreparedStatement item = c.prepareStatement("INSERT INTO \"ITEM\" VALUES (?, ?, ?, ?, ?)")) {
            for (int i = 1; i <= ITEMS; i++) {
                item.setLong(1, i);
                item.setString(2, "item" + i);
                item.setDouble(3, i * 1.5);
                item.setString(4, "data" + i);
                item.setLong(5, i);
                item.addBatch();
            }
            assertEquals(ITEMS, item.executeBatch().length);
        }
        exec(c, "INSERT INTO warehouse VALUES (1, 300000.00, 0.1000, 'w', 's1', 's2', 'city', 'ST', '123456789')");
        try (PreparedStatement stock = c.prepareStatement("INSERT INTO \"STOCK\" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
            + " ?, ?, ?, ?, ?, ?, ?)")) {
            for (int i = 1; i <= ITEMS; i++) {
                stock.setLong(1, 1);
                stock.setLong(2, i);
                stock.setLong(3, i < 5 ? 3 : 50); // items 1-4 are low on stock
                stock.setDouble(4, 0);
                stock.setLong(5, 0);
                stock.setLong(6, 0);
                for (int col = 7; col <= 17; col++) {
                    stock.setString(col, "dist" + col);
                }
                stock.addBatch();
            }
            stock.executeBatch();
        }
        for (int d = 1; d <= DISTRICTS; d++) {
            exec(c, "INSERT INTO district VALUES (1, " + d + ", 30000.00, 0.0500, 3, 'd', 's1', 's2', 'city', 'ST',"
                + " '123456789')");
            for (int id = 1; id <= CUSTOMERS; id++) {
                exec(c, "INSERT INTO customer VALUES (1, " + d + ", " + id + ", 0.1000, '" + (id == 2 ? "BC" : "GC")
                    + "', 'BARBAR', 'first" + id + "', 50000.00, -10.00, 10.0, 1, 0, 's1', 's2', 'city', 'ST',"
                    + " '123456789', '0123456789012345', TIMESTAMP '2026-01-01 00:00:00', 'OE', 'data')");
            }
            // Orders 1 and 2 of the district, by customer 1; order 1 delivered, order 2 new.
            try (PreparedStatement order = c.prepareStatement("INSERT INTO \"OORDER\" VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
                 PreparedStatement line = c.prepareStatement("INSERT INTO \"ORDER_LINE\" VALUES (?, ?, ?, ?, ?, ?, ?, ?,"
                     + " ?, ?)")) {
                for (int o = 1; o <= 2; o++) {
                    order.setInt(1, 1);
                    order.setInt(2, d);
                    order.setInt(3, o);
                    order.setInt(4, 1);
                    if (o == 1) {
                        order.setInt(5, 7);
                    } else {
                        order.setNull(5, Types.INTEGER);
                    }
                    order.setInt(6, 2);
                    order.setInt(7, 1);
                    order.setTimestamp(8, Timestamp.valueOf("2026-01-02 00:00:00"));
                    order.addBatch();
                    for (int n = 1; n <= 2; n++) {
                        line.setInt(1, 1);
                        line.setInt(2, d);
                        line.setInt(3, o);
                        line.setInt(4, n);
                        line.setLong(5, n + o); // items 2..4: low on stock
                        if (o == 1) {
                            line.setTimestamp(6, Timestamp.valueOf("2026-01-03 00:00:00"));
                        } else {
                            line.setNull(6, Types.NULL);
                        }
                        line.setDouble(7, 10.005 * n);
                        line.setLong(8, 1);
                        line.setDouble(9, 5);
                        line.setString(10, "info");
                        line.addBatch();
                    }
                }
                order.executeBatch();
                line.executeBatch();
            }
            exec(c, "INSERT INTO new_order VALUES (1, " + d + ", 2)");
        }
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    /** A new prepare per call, with BenchBase's text-block whitespace. */
    private PreparedStatement prepare(String sql) throws SQLException {
        return c.prepareStatement("    " + sql.replace(" WHERE ", "\n     WHERE ") + "\n");
    }

    @Test
    void theLoaderRoundedAndCoercedWhatItBound() throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery(
            "SELECT OL_AMOUNT, OL_DELIVERY_D FROM order_line WHERE OL_W_ID = 1 AND OL_D_ID = 1 AND OL_O_ID = 2"
                + " ORDER BY OL_NUMBER")) {
            assertTrue(rs.next());
            assertEquals(new BigDecimal("10.01"), rs.getBigDecimal(1), "setDouble rounds to DECIMAL(6, 2)");
            assertEquals(null, rs.getTimestamp(2), "setNull(Types.NULL) into a TIMESTAMP");
        }
        assertEquals(ITEMS, queryLong(c, "SELECT COUNT(*) FROM item"));
    }

    @Test
    void newOrderThenPaymentThenDelivery() throws SQLException {
        c.setAutoCommit(false);
        c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        // NewOrder, district 1, customer 3, two lines of the same item (a stock row updated twice in one batch).
        int orderId;
        try (PreparedStatement ps = prepare("SELECT D_NEXT_O_ID, D_TAX FROM district WHERE D_W_ID = ? AND D_ID = ?"
            + " FOR UPDATE")) {
            ps.setInt(1, 1);
            ps.setInt(2, 1);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                orderId = rs.getInt("D_NEXT_O_ID");
                assertEquals(0.05f, rs.getFloat("D_TAX"), 1e-6);
            }
        }
        try (PreparedStatement ps = prepare("UPDATE district SET D_NEXT_O_ID = D_NEXT_O_ID + 1 WHERE D_W_ID = ?"
            + " AND D_ID = ?")) {
            ps.setInt(1, 1);
            ps.setInt(2, 1);
            assertEquals(1, ps.executeUpdate());
        }
        try (PreparedStatement ps = prepare("INSERT INTO oorder (O_ID, O_D_ID, O_W_ID, O_C_ID, O_ENTRY_D, O_OL_CNT,"
            + " O_ALL_LOCAL) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            ps.setInt(1, orderId);
            ps.setInt(2, 1);
            ps.setInt(3, 1);
            ps.setInt(4, 3);
            ps.setTimestamp(5, new Timestamp(System.currentTimeMillis()));
            ps.setInt(6, 2);
            ps.setInt(7, 1);
            ps.executeUpdate();
        }
        try (PreparedStatement ps = prepare("INSERT INTO new_order (NO_O_ID, NO_D_ID, NO_W_ID) VALUES ( ?, ?, ?)")) {
            ps.setInt(1, orderId);
            ps.setInt(2, 1);
            ps.setInt(3, 1);
            ps.executeUpdate();
        }
        try (PreparedStatement ps = prepare("SELECT S_QUANTITY, S_DATA, S_DIST_01, S_DIST_02, S_DIST_03, S_DIST_04,"
            + " S_DIST_05, S_DIST_06, S_DIST_07, S_DIST_08, S_DIST_09, S_DIST_10 FROM stock WHERE S_I_ID = ? AND"
            + " S_W_ID = ? FOR UPDATE")) {
            ps.setInt(1, 7);
            ps.setInt(2, 1);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(50, rs.getInt("S_QUANTITY"));
            }
        }
        try (PreparedStatement lines = prepare("INSERT INTO order_line (OL_O_ID, OL_D_ID, OL_W_ID, OL_NUMBER, OL_I_ID,"
            + " OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT, OL_DIST_INFO) VALUES (?,?,?,?,?,?,?,?,?)");
             PreparedStatement stock = prepare("UPDATE stock SET S_QUANTITY = ? , S_YTD = S_YTD + ?, S_ORDER_CNT ="
                 + " S_ORDER_CNT + 1, S_REMOTE_CNT = S_REMOTE_CNT + ? WHERE S_I_ID = ? AND S_W_ID = ?")) {
            for (int n = 1; n <= 2; n++) {
                lines.setInt(1, orderId);
                lines.setInt(2, 1);
                lines.setInt(3, 1);
                lines.setInt(4, n);
                lines.setInt(5, 7);
                lines.setInt(6, 1);
                lines.setInt(7, 5);
                lines.setDouble(8, 5 * 10.5f * 1.1f);
                lines.setString(9, "dist");
                lines.addBatch();
                stock.setInt(1, 50 - 5 * n);
                stock.setInt(2, 5);
                stock.setInt(3, 0);
                stock.setInt(4, 7);
                stock.setInt(5, 1);
                stock.addBatch();
            }
            assertArrayEquals(new int[] {1, 1}, lines.executeBatch());
            assertArrayEquals(new int[] {1, 1}, stock.executeBatch());
        }
        c.commit();
        assertEquals(40, queryLong(c, "SELECT S_QUANTITY FROM stock WHERE S_I_ID = 7 AND S_W_ID = 1"));
        assertEquals(2, queryLong(c, "SELECT S_ORDER_CNT FROM stock WHERE S_I_ID = 7 AND S_W_ID = 1"));

        // Payment by last name: every matching customer is read in C_FIRST order and the middle one is used.
        try (PreparedStatement ps = prepare("UPDATE warehouse SET W_YTD = W_YTD + ? WHERE W_ID = ?")) {
            ps.setBigDecimal(1, BigDecimal.valueOf(1234.56005859375));
            ps.setInt(2, 1);
            assertEquals(1, ps.executeUpdate());
        }
        int middle;
        try (PreparedStatement ps = prepare("SELECT C_FIRST, C_MIDDLE, C_ID, C_STREET_1, C_STREET_2, C_CITY, C_STATE,"
            + " C_ZIP, C_PHONE, C_CREDIT, C_CREDIT_LIM, C_DISCOUNT, C_BALANCE, C_YTD_PAYMENT, C_PAYMENT_CNT, C_SINCE"
            + " FROM customer WHERE C_W_ID = ? AND C_D_ID = ? AND C_LAST = ? ORDER BY C_FIRST")) {
            ps.setInt(1, 1);
            ps.setInt(2, 2);
            ps.setString(3, "BARBAR");
            int n = 0;
            int[] ids = new int[CUSTOMERS];
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids[n++] = rs.getInt("C_ID");
                }
            }
            assertEquals(CUSTOMERS, n);
            middle = ids[n / 2];
            assertEquals(2, middle);
        }
        try (PreparedStatement ps = prepare("UPDATE customer SET C_BALANCE = ?, C_YTD_PAYMENT = ?, C_PAYMENT_CNT = ?,"
            + " C_DATA = ? WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?")) {
            ps.setDouble(1, -110.0);
            ps.setDouble(2, 110.0);
            ps.setInt(3, 2);
            ps.setString(4, "x".repeat(500));
            ps.setInt(5, 1);
            ps.setInt(6, 2);
            ps.setInt(7, middle);
            assertEquals(1, ps.executeUpdate());
        }
        try (PreparedStatement ps = prepare("INSERT INTO history (H_C_D_ID, H_C_W_ID, H_C_ID, H_D_ID, H_W_ID, H_DATE,"
            + " H_AMOUNT, H_DATA) VALUES (?,?,?,?,?,?,?,?)")) {
            ps.setInt(1, 2);
            ps.setInt(2, 1);
            ps.setInt(3, middle);
            ps.setInt(4, 2);
            ps.setInt(5, 1);
            ps.setTimestamp(6, new Timestamp(System.currentTimeMillis()));
            ps.setDouble(7, 100.0);
            ps.setString(8, "w    d");
            ps.executeUpdate();
        }
        c.commit();
        try (ResultSet rs = c.createStatement().executeQuery("SELECT W_YTD FROM warehouse WHERE W_ID = 1")) {
            assertTrue(rs.next());
            assertEquals(new BigDecimal("301234.56"), rs.getBigDecimal(1), "rounded to DECIMAL(12, 2)");
        }
        c.commit();

        // Delivery for district 1: the oldest new order, deleted exactly once.
        int delivered;
        try (PreparedStatement ps = prepare("SELECT NO_O_ID FROM new_order WHERE NO_D_ID = ? AND NO_W_ID = ?"
            + " ORDER BY NO_O_ID ASC LIMIT 1")) {
            ps.setInt(1, 1);
            ps.setInt(2, 1);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                delivered = rs.getInt("NO_O_ID");
                assertEquals(2, delivered);
            }
        }
        try (PreparedStatement ps = prepare("DELETE FROM new_order WHERE NO_O_ID = ? AND NO_D_ID = ? AND NO_W_ID = ?")) {
            ps.setInt(1, delivered);
            ps.setInt(2, 1);
            ps.setInt(3, 1);
            assertEquals(1, ps.executeUpdate());
        }
        try (PreparedStatement ps = prepare("UPDATE oorder SET O_CARRIER_ID = ? WHERE O_ID = ? AND O_D_ID = ? AND"
            + " O_W_ID = ?")) {
            ps.setInt(1, 4);
            ps.setInt(2, delivered);
            ps.setInt(3, 1);
            ps.setInt(4, 1);
            assertEquals(1, ps.executeUpdate());
        }
        try (PreparedStatement ps = prepare("UPDATE order_line SET OL_DELIVERY_D = ? WHERE OL_O_ID = ? AND"
            + " OL_D_ID = ? AND OL_W_ID = ?")) {
            ps.setTimestamp(1, new Timestamp(System.currentTimeMillis()));
            ps.setInt(2, delivered);
            ps.setInt(3, 1);
            ps.setInt(4, 1);
            assertEquals(2, ps.executeUpdate());
        }
        try (PreparedStatement ps = prepare("SELECT SUM(OL_AMOUNT) AS OL_TOTAL FROM order_line WHERE OL_O_ID = ? AND"
            + " OL_D_ID = ? AND OL_W_ID = ?")) {
            ps.setInt(1, delivered);
            ps.setInt(2, 1);
            ps.setInt(3, 1);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(30.02f, rs.getFloat("OL_TOTAL"), 1e-4);
            }
        }
        c.commit();
        assertEquals(orderId, queryLong(c, "SELECT NO_O_ID FROM new_order WHERE NO_D_ID = 1 AND NO_W_ID = 1"));
        c.commit();
    }

    @Test
    void orderStatusAndStockLevelReadWhatBenchBaseReads() throws SQLException {
        try (PreparedStatement ps = prepare("SELECT O_ID, O_CARRIER_ID, O_ENTRY_D FROM oorder WHERE O_W_ID = ? AND"
            + " O_D_ID = ? AND O_C_ID = ? ORDER BY O_ID DESC LIMIT 1")) {
            ps.setInt(1, 1);
            ps.setInt(2, 2);
            ps.setInt(3, 1);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt("O_ID"), "the newest order");
                assertEquals(0, rs.getInt("O_CARRIER_ID"), "NULL reads as 0");
                assertTrue(rs.wasNull());
                assertFalse(rs.next());
            }
        }
        try (PreparedStatement ps = prepare("SELECT OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT, OL_DELIVERY_D"
            + " FROM order_line WHERE OL_O_ID = ? AND OL_D_ID = ? AND OL_W_ID = ?")) {
            ps.setInt(1, 1);
            ps.setInt(2, 2);
            ps.setInt(3, 1);
            int n = 0;
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    n++;
                    assertEquals(5L, rs.getLong("OL_QUANTITY"), "getLong on a DECIMAL");
                    assertTrue(rs.getDouble("OL_AMOUNT") > 10);
                    assertTrue(rs.getTimestamp("OL_DELIVERY_D") != null);
                }
            }
            assertEquals(2, n);
        }
        try (PreparedStatement ps = prepare("SELECT COUNT(DISTINCT (S_I_ID)) AS STOCK_COUNT FROM order_line, stock"
            + " WHERE OL_W_ID = ? AND OL_D_ID = ? AND OL_O_ID < ? AND OL_O_ID >= ? AND S_W_ID = ? AND S_I_ID = OL_I_ID"
            + " AND S_QUANTITY < ?")) {
            ps.setInt(1, 1);
            ps.setInt(2, 1);
            ps.setInt(3, 3);
            ps.setInt(4, 1);
            ps.setInt(5, 1);
            ps.setInt(6, 10);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                // Orders 1 and 2 use items 2, 3 (order 1) and 3, 4 (order 2), all low on stock.
                assertEquals(3, rs.getInt("STOCK_COUNT"));
            }
        }
    }
}
