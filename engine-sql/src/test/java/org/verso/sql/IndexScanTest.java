package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.sql.api.PreparedSql;

/**
 * Index range scans: a condition on the leading columns of the primary key or of a secondary index reads only
 * that key range, and returns exactly what a full scan with the same condition returns: for every comparison
 * operator, parameters and literals, values the column cannot hold exactly, NULL, and changes that move a row's
 * key while the scan runs.
 */
class IndexScanTest extends SqlTestSupport {
    @BeforeEach
    void createTables() {
        execute("CREATE TABLE ol (w INT NOT NULL, d INT NOT NULL, o INT NOT NULL, n INT NOT NULL, amount INT, "
            + "PRIMARY KEY (w, d, o, n))");
        execute("CREATE INDEX ol_amount ON ol (amount)");
        StringBuilder insert = new StringBuilder("INSERT INTO ol VALUES ");
        for (int w = 1; w <= 2; w++) {
            for (int d = 1; d <= 3; d++) {
                for (int o = 1; o <= 10; o++) {
                    for (int n = 1; n <= 3; n++) {
                        insert.append(w + d + o + n == 4 ? "" : ", ").append("(").append(w).append(", ").append(d)
                            .append(", ").append(o).append(", ").append(n).append(", ")
                            .append((w * 1000 + d * 100 + o * 10 + n) % 97).append(")");
                    }
                }
            }
        }
        update(insert.toString());
    }

    /** The rows of {@code where} through the planner's choice, and through a full scan ({@code w + 0} hides w). */
    private void assertSameAsFullScan(String where, Object... params) {
        String columns = "SELECT w, d, o, n, amount FROM ol WHERE ";
        String order = " ORDER BY w, d, o, n";
        List<List<Object>> planned = query(columns + where + order, params);
        List<List<Object>> scanned = query(columns + "w + 0 = w AND (" + where + ")" + order, params);
        assertEquals(scanned, planned, where);
    }

    private String plan(String sql) {
        return session.prepare(sql).explain();
    }

    @Test
    void prefixesAndRangesReadTheirKeyRangeOnly() {
        String plan = plan("SELECT amount FROM ol WHERE w = ? AND d = ? AND o >= ? AND o < ?");
        assertTrue(plan.contains("VersoIndexScan") && plan.contains("OL_PKEY") && !plan.contains("VersoTableScan"),
            plan);
        assertEquals(3 * 3, query("SELECT amount FROM ol WHERE w = ? AND d = ? AND o >= ? AND o < ?", 1, 2, 4, 7)
            .size());
        String secondary = plan("SELECT w FROM ol WHERE amount = ?");
        assertTrue(secondary.contains("VersoIndexScan") && secondary.contains("OL_AMOUNT"), secondary);
    }

    @Test
    void everyOperatorMatchesAFullScan() {
        String[] conditions = {
            "w = 1", "w = 2 AND d = 3", "w = 1 AND d = 2 AND o = 5", "w = 1 AND d = 2 AND o > 5",
            "w = 1 AND d = 2 AND o >= 5", "w = 1 AND d = 2 AND o < 5", "w = 1 AND d = 2 AND o <= 5",
            "w = 1 AND d = 2 AND o > 3 AND o <= 8", "w = 1 AND d = 2 AND 5 < o", "w = 1 AND d = 2 AND 5 >= o",
            "w = 1 AND d = 2 AND o > 10", "w = 1 AND d = 2 AND o < 1", "w = 1 AND d = 2 AND o BETWEEN 4 AND 6",
            "w < 2", "w >= 2", "w = 1 AND d = 2 AND o = 5 AND n > 1", "w = 1 AND n = 2",
            "w = 1 AND d = 2 AND o > 3 AND amount > 40", "amount = 17", "amount > 90", "amount <= 3",
            "w = 1 AND d = 2.5", "w = 1 AND d = 2 AND o > 4.5", "w = 1 AND d = 2 AND o < 4.5",
            "w = 3000000000", "w = 1 AND d = 2 AND o > 3000000000", "w = 1 AND d = 2 AND o < -3000000000",
        };
        for (String condition : conditions) {
            assertSameAsFullScan(condition);
        }
    }

    @Test
    void parametersBindEachExecutionAndNullMatchesNothing() {
        PreparedSql select = session.prepare(
            "SELECT o FROM ol WHERE w = ? AND d = ? AND o > ? AND o <= ? AND n = 1 ORDER BY o");
        assertTrue(select.explain().contains("VersoIndexScan"), select.explain());
        assertEquals(List.of(row(3), row(4)), rows(session.execute(select, new Object[] {1, 1, 2, 4})));
        assertEquals(List.of(row(9), row(10)), rows(session.execute(select, new Object[] {2, 3, 8, 10})));
        assertEquals(List.of(), rows(session.execute(select, new Object[] {1, null, 2, 4})));
        assertEquals(List.of(), rows(session.execute(select, new Object[] {1, 1, null, 4})));
        assertEquals(List.of(), rows(session.execute(select, new Object[] {1, 1, 2, null})));
        Random random = new Random(42);
        for (int i = 0; i < 50; i++) {
            int w = random.nextInt(3);
            int d = random.nextInt(4);
            int low = random.nextInt(12) - 1;
            int high = random.nextInt(12) - 1;
            List<List<Object>> expected = new ArrayList<>();
            for (int o = Math.max(1, low + 1); o <= Math.min(10, high); o++) {
                if (w >= 1 && w <= 2 && d >= 1 && d <= 3) {
                    expected.add(row(o));
                }
            }
            assertEquals(expected, rows(session.execute(select, new Object[] {w, d, low, high})),
                "w=" + w + " d=" + d + " " + low + " < o <= " + high);
        }
    }

    @Test
    void anUpdateThatMovesKeysAheadOfItsScanChangesEachRowOnce() {
        String sql = "UPDATE ol SET o = o + 100 WHERE w = 1 AND d = 1 AND o >= 2";
        assertTrue(plan(sql).contains("VersoIndexScan"), plan(sql));
        assertEquals(9 * 3, update(sql));
        assertEquals(List.of(row(9 * 3L)), query("SELECT count(*) FROM ol WHERE w = 1 AND d = 1 AND o > 100"));
        assertEquals(List.of(row(3L)), query("SELECT count(*) FROM ol WHERE w = 1 AND d = 1 AND o < 100"));
        assertEquals(10 * 3, update("UPDATE ol SET amount = amount + 1000 WHERE w = 2 AND d = 2"));
        // Through the index on amount, every row moves ahead of the scan; UPDATE reads its input first, so each
        // row is still updated once.
        String moving = "UPDATE ol SET amount = amount + 1 WHERE amount > 999";
        assertTrue(plan(moving).contains("OL_AMOUNT"), plan(moving));
        assertEquals(10 * 3, update(moving));
        assertEquals(List.of(row(30L)), query("SELECT count(*) FROM ol WHERE amount > 1000"));
        assertEquals(List.of(row(0L)), query("SELECT count(*) FROM ol WHERE amount > 1000 AND MOD(amount, 1000) "
            + "<> MOD(w * 1000 + d * 100 + o * 10 + n, 97) + 1"));
    }

    @Test
    void deletesThroughARangeRemoveExactlyTheRange() {
        assertEquals(3 * 4, update("DELETE FROM ol WHERE w = 2 AND d = 3 AND o BETWEEN 3 AND 6"));
        assertEquals(List.of(row(3 * 6L)), query("SELECT count(*) FROM ol WHERE w = 2 AND d = 3"));
        assertSameAsFullScan("w = 2 AND d = 3 AND o > 1");
    }

    @Test
    void aScanInATransactionSeesItsOwnChangesAndNotOthers() {
        session.setAutoCommit(false);
        update("INSERT INTO ol VALUES (1, 1, 50, 1, 7)");
        update("DELETE FROM ol WHERE w = 1 AND d = 1 AND o = 1");
        assertEquals(List.of(row(2), row(3), row(50)),
            query("SELECT o FROM ol WHERE w = 1 AND d = 1 AND o < 100 AND n = 1 AND o <= 3 OR (w = 1 AND o = 50)"
                + " ORDER BY o"));
        assertEquals(List.of(row(50)), query("SELECT o FROM ol WHERE w = 1 AND d = 1 AND o > 10"));
        session.rollback();
        assertEquals(List.of(), query("SELECT o FROM ol WHERE w = 1 AND d = 1 AND o > 10"));
        assertFalse(query("SELECT o FROM ol WHERE w = 1 AND d = 1 AND o = 1").isEmpty());
    }

    /**
     * An ORDER BY that the index gives needs no sort: forward, backward, with LIMIT (reading only what it returns),
     * with NULLs where the key encoding puts them, and with the sorted column after the fixed prefix. Every answer
     * is compared with the same query sorted explicitly ({@code + 0} hides the column from the index).
     */
    @Test
    void anOrderTheIndexGivesNeedsNoSort() {
        String[] orders = {"o DESC, n DESC", "o, n", "n", "o DESC", "d, o", "amount", "amount DESC"};
        for (String order : orders) {
            String where = order.startsWith("amount") ? "amount > 40" : "w = 2 AND d = 3";
            // The sort keys' values, which ties cannot reorder, then the whole rows as a set.
            String keys = order.replace(" DESC", "");
            String hidden = order.replaceAll("([a-z]+)( DESC)?", "$1 + 0$2");
            for (String limit : new String[] {"", " LIMIT 1", " LIMIT 4 OFFSET 2"}) {
                String planned = "SELECT " + keys + " FROM ol WHERE " + where + " ORDER BY " + order + limit;
                String sorted = "SELECT " + keys + " FROM ol WHERE w + 0 = w AND " + where + " ORDER BY " + hidden
                    + limit;
                assertEquals(query(sorted), query(planned), planned);
            }
            List<List<Object>> rows = new ArrayList<>(query("SELECT w, d, o, n, amount FROM ol WHERE " + where
                + " ORDER BY " + order));
            rows.sort(Comparator.comparing((List<Object> r) -> r.subList(0, 4).toString()));
            List<List<Object>> expected = new ArrayList<>(query("SELECT w, d, o, n, amount FROM ol WHERE w + 0 = w"
                + " AND " + where));
            expected.sort(Comparator.comparing((List<Object> r) -> r.subList(0, 4).toString()));
            assertEquals(expected, rows, order);
        }
        String last = plan("SELECT o FROM ol WHERE w = ? AND d = ? ORDER BY o DESC LIMIT 1");
        assertFalse(last.contains("sort0"), last);
        assertTrue(last.contains("order=[reverse]"), last);
        assertEquals(List.of(row(10)), query("SELECT o FROM ol WHERE w = ? AND d = ? ORDER BY o DESC LIMIT 1", 1, 2));
        String first = plan("SELECT o, n FROM ol WHERE w = 1 AND d = 1 ORDER BY o, n LIMIT 1");
        assertFalse(first.contains("sort0") || first.contains("reverse"), first);
        // a column outside the index order still needs its sort
        assertTrue(plan("SELECT o FROM ol WHERE w = 1 AND d = 1 ORDER BY amount").contains("sort0"));
        assertTrue(plan("SELECT o FROM ol WHERE w = 1 ORDER BY o").contains("sort0"));
    }

    /** NULLs come last in ascending order and first in descending order, as they do from the index. */
    @Test
    void theIndexOrdersNullsAsOrderByDoes() {
        update("INSERT INTO ol VALUES (3, 1, 1, 1, NULL), (3, 1, 2, 1, 5), (3, 1, 3, 1, NULL), (3, 1, 4, 1, 1)");
        execute("CREATE INDEX ol_w_amount ON ol (w, amount)");
        assertEquals(List.of(row(4), row(2), row(1), row(3)),
            query("SELECT o FROM ol WHERE w = 3 ORDER BY amount, o"));
        String descending = "SELECT o FROM ol WHERE w = 3 ORDER BY amount DESC";
        assertFalse(plan(descending).contains("sort0"), plan(descending));
        List<List<Object>> rows = query(descending);
        assertEquals(List.of(row(2), row(4)), rows.subList(2, 4));
        assertEquals(2, rows.subList(0, 2).stream().filter(r -> List.of(row(1), row(3)).contains(r)).count());
        assertTrue(plan("SELECT o FROM ol WHERE w = 3 ORDER BY amount NULLS FIRST").contains("sort0"));
    }
}
