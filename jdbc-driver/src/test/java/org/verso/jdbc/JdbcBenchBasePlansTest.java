package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The access path of every statement TPC-C and SmallBank send, on BenchBase's own DDL: SQL in, plan out. No
 * statement reads a whole table; each reads by key, by key prefix, or by a secondary index; the ORDER BY ... LIMIT 1
 * of OrderStatus and Delivery reads one index entry; StockLevel probes stock by key for each order line.
 * docs/benchbase.md shows these plans. This class runs them on the generic DDL, {@link Postgres} on the
 * PostgreSQL-flavoured one.
 */
class JdbcBenchBasePlansTest {
    private Connection c;

    /** The DDL flavour: the suffix of the DDL files in src/test/resources/benchbase. */
    String flavour() {
        return "generic";
    }

    /** The same plans on BenchBase's PostgreSQL DDL. */
    static class Postgres extends JdbcBenchBasePlansTest {
        @Override
        String flavour() {
            return "postgres";
        }
    }

    @BeforeEach
    void createSchemas() throws Exception {
        c = connect(freshMemoryUrl("plans"));
        for (String resource : new String[] {"tpcc-" + flavour() + ".sql", "smallbank-" + flavour() + ".sql"}) {
            for (String sql : JdbcBenchBaseDdlTest.statements(resource)) {
                exec(c, sql);
            }
        }
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    private String plan(String sql) throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN " + sql)) {
            while (rs.next()) {
                plan.append(rs.getString(1)).append('\n');
            }
        }
        assertFalse(plan.toString().contains("VersoTableScan"), () -> "a whole table is read:\n" + plan);
        return plan.toString();
    }

    /** The plan reads the table by its full key. */
    private void byKey(String table, String sql) throws SQLException {
        String plan = plan(sql);
        assertTrue(plan.contains("VersoKeyLookup(table=[[PUBLIC, " + table + "]]"), plan);
    }

    /** The plan reads a key range of {@code index}, with {@code bounds} in its description, and sorts nothing. */
    private void byRange(String index, String bounds, String sql) throws SQLException {
        String plan = plan(sql);
        assertTrue(plan.contains("index=[" + index + "]") && plan.contains(bounds), plan);
        assertFalse(plan.contains("sort0"), plan);
    }

    @Test
    void newOrder() throws SQLException {
        byKey("CUSTOMER", "SELECT C_DISCOUNT, C_LAST, C_CREDIT FROM customer WHERE C_W_ID = ? AND C_D_ID = ?"
            + " AND C_ID = ?");
        byKey("WAREHOUSE", "SELECT W_TAX FROM warehouse WHERE W_ID = ?");
        byKey("DISTRICT", "SELECT D_NEXT_O_ID, D_TAX FROM district WHERE D_W_ID = ? AND D_ID = ? FOR UPDATE");
        assertTrue(plan("SELECT D_NEXT_O_ID, D_TAX FROM district WHERE D_W_ID = ? AND D_ID = ? FOR UPDATE")
            .startsWith("VersoForUpdate(table=[DISTRICT])"));
        byKey("DISTRICT", "UPDATE district SET D_NEXT_O_ID = D_NEXT_O_ID + 1 WHERE D_W_ID = ? AND D_ID = ?");
        byKey("ITEM", "SELECT I_PRICE, I_NAME , I_DATA FROM item WHERE I_ID = ?");
        byKey("STOCK", "SELECT S_QUANTITY, S_DATA, S_DIST_01, S_DIST_02, S_DIST_03, S_DIST_04, S_DIST_05, S_DIST_06,"
            + " S_DIST_07, S_DIST_08, S_DIST_09, S_DIST_10 FROM stock WHERE S_I_ID = ? AND S_W_ID = ? FOR UPDATE");
        byKey("STOCK", "UPDATE stock SET S_QUANTITY = ? , S_YTD = S_YTD + ?, S_ORDER_CNT = S_ORDER_CNT + 1,"
            + " S_REMOTE_CNT = S_REMOTE_CNT + ? WHERE S_I_ID = ? AND S_W_ID = ?");
        for (String insert : new String[] {
            "INSERT INTO oorder (O_ID, O_D_ID, O_W_ID, O_C_ID, O_ENTRY_D, O_OL_CNT, O_ALL_LOCAL)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?)",
            "INSERT INTO new_order (NO_O_ID, NO_D_ID, NO_W_ID) VALUES ( ?, ?, ?)",
            "INSERT INTO order_line (OL_O_ID, OL_D_ID, OL_W_ID, OL_NUMBER, OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY,"
                + " OL_AMOUNT, OL_DIST_INFO) VALUES (?,?,?,?,?,?,?,?,?)"}) {
            String plan = plan(insert);
            assertTrue(plan.startsWith("VersoTableModify") && plan.contains("operation=[INSERT]")
                && plan.contains("VersoValues"), plan);
        }
    }

    @Test
    void payment() throws SQLException {
        byKey("WAREHOUSE", "UPDATE warehouse SET W_YTD = W_YTD + ? WHERE W_ID = ?");
        byKey("WAREHOUSE", "SELECT W_STREET_1, W_STREET_2, W_CITY, W_STATE, W_ZIP, W_NAME FROM warehouse"
            + " WHERE W_ID = ?");
        byKey("DISTRICT", "UPDATE district SET D_YTD = D_YTD + ? WHERE D_W_ID = ? AND D_ID = ?");
        byKey("DISTRICT", "SELECT D_STREET_1, D_STREET_2, D_CITY, D_STATE, D_ZIP, D_NAME FROM district"
            + " WHERE D_W_ID = ? AND D_ID = ?");
        // by last name: the secondary index (C_W_ID, C_D_ID, C_LAST, C_FIRST) gives the ORDER BY C_FIRST
        byRange("IDX_CUSTOMER_NAME", "prefix=[[?0, ?1, ?2]]", "SELECT C_FIRST, C_MIDDLE, C_ID, C_STREET_1,"
            + " C_STREET_2, C_CITY, C_STATE, C_ZIP, C_PHONE, C_CREDIT, C_CREDIT_LIM, C_DISCOUNT, C_BALANCE,"
            + " C_YTD_PAYMENT, C_PAYMENT_CNT, C_SINCE FROM customer WHERE C_W_ID = ? AND C_D_ID = ? AND C_LAST = ?"
            + " ORDER BY C_FIRST");
        byKey("CUSTOMER", "SELECT C_FIRST, C_MIDDLE, C_LAST, C_STREET_1, C_STREET_2, C_CITY, C_STATE, C_ZIP,"
            + " C_PHONE, C_CREDIT, C_CREDIT_LIM, C_DISCOUNT, C_BALANCE, C_YTD_PAYMENT, C_PAYMENT_CNT, C_SINCE"
            + " FROM customer WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?");
        byKey("CUSTOMER", "SELECT C_DATA FROM customer WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?");
        byKey("CUSTOMER", "UPDATE customer SET C_BALANCE = ?, C_YTD_PAYMENT = ?, C_PAYMENT_CNT = ?, C_DATA = ?"
            + " WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?");
        byKey("CUSTOMER", "UPDATE customer SET C_BALANCE = ?, C_YTD_PAYMENT = ?, C_PAYMENT_CNT = ?"
            + " WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?");
        assertTrue(plan("INSERT INTO history (H_C_D_ID, H_C_W_ID, H_C_ID, H_D_ID, H_W_ID, H_DATE, H_AMOUNT,"
            + " H_DATA) VALUES (?,?,?,?,?,?,?,?)").contains("operation=[INSERT]"));
    }

    @Test
    void orderStatusAndDelivery() throws SQLException {
        byRange("OORDER_O_W_ID_O_D_ID_O_C_ID_O_ID_KEY", "order=[reverse]", "SELECT O_ID, O_CARRIER_ID, O_ENTRY_D"
            + " FROM oorder WHERE O_W_ID = ? AND O_D_ID = ? AND O_C_ID = ? ORDER BY O_ID DESC LIMIT 1");
        byRange("ORDER_LINE_PKEY", "prefix=[[?2, ?1, ?0]]", "SELECT OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY,"
            + " OL_AMOUNT, OL_DELIVERY_D FROM order_line WHERE OL_O_ID = ? AND OL_D_ID = ? AND OL_W_ID = ?");
        String oldest = "SELECT NO_O_ID FROM new_order WHERE NO_D_ID = ? AND NO_W_ID = ? ORDER BY NO_O_ID ASC"
            + " LIMIT 1";
        byRange("NEW_ORDER_PKEY", "prefix=[[?1, ?0]]", oldest);
        assertFalse(plan(oldest).contains("reverse"));
        byKey("NEW_ORDER", "DELETE FROM new_order WHERE NO_O_ID = ? AND NO_D_ID = ? AND NO_W_ID = ?");
        byKey("OORDER", "SELECT O_C_ID FROM oorder WHERE O_ID = ? AND O_D_ID = ? AND O_W_ID = ?");
        byKey("OORDER", "UPDATE oorder SET O_CARRIER_ID = ? WHERE O_ID = ? AND O_D_ID = ? AND O_W_ID = ?");
        byRange("ORDER_LINE_PKEY", "prefix=[[?3, ?2, ?1]]", "UPDATE order_line SET OL_DELIVERY_D = ?"
            + " WHERE OL_O_ID = ? AND OL_D_ID = ? AND OL_W_ID = ?");
        byRange("ORDER_LINE_PKEY", "prefix=[[?2, ?1, ?0]]", "SELECT SUM(OL_AMOUNT) AS OL_TOTAL FROM order_line"
            + " WHERE OL_O_ID = ? AND OL_D_ID = ? AND OL_W_ID = ?");
        byKey("CUSTOMER", "UPDATE customer SET C_BALANCE = C_BALANCE + ?, C_DELIVERY_CNT = C_DELIVERY_CNT + 1"
            + " WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?");
    }

    @Test
    void stockLevel() throws SQLException {
        byKey("DISTRICT", "SELECT D_NEXT_O_ID FROM district WHERE D_W_ID = ? AND D_ID = ?");
        String plan = plan("SELECT COUNT(DISTINCT (S_I_ID)) AS STOCK_COUNT FROM order_line, stock"
            + " WHERE OL_W_ID = ? AND OL_D_ID = ? AND OL_O_ID < ? AND OL_O_ID >= ? AND S_W_ID = ?"
            + " AND S_I_ID = OL_I_ID AND S_QUANTITY < ?");
        assertTrue(plan.contains("VersoIndexJoin(table=[[PUBLIC, STOCK]], index=[STOCK_PKEY], keys=[[?4, $4]]"),
            plan);
        assertTrue(plan.contains("index=[ORDER_LINE_PKEY], prefix=[[?0, ?1]], low=[>= ?3], high=[< ?2]"), plan);
    }

    @Test
    void smallBank() throws SQLException {
        byKey("ACCOUNTS", "SELECT * FROM accounts WHERE custid = ?");
        byRange("IDX_ACCOUNTS_NAME", "prefix=[[?0]]", "SELECT * FROM accounts WHERE name = ?");
        for (String table : new String[] {"SAVINGS", "CHECKING"}) {
            byKey(table, "SELECT bal FROM " + table + " WHERE custid = ?");
            byKey(table, "UPDATE " + table + " SET bal = bal - ? WHERE custid = ?");
            byKey(table, "UPDATE " + table + " SET bal = bal + ? WHERE custid = ?");
            byKey(table, "UPDATE " + table + " SET bal = 0.0 WHERE custid = ?");
        }
    }
}
