package org.verso.sql;

import org.verso.sql.api.Cancellation;
import org.verso.sql.api.PreparedSql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Which physical operators the planner chooses; SQL in, plan shape out. */
class PlanShapeTest extends SqlTestSupport {
    @BeforeEach
    void createTable() {
        execute("CREATE TABLE stock (w INT NOT NULL, item INT NOT NULL, qty INT, PRIMARY KEY (w, item))");
        update("INSERT INTO stock VALUES (1, 1, 10), (1, 2, 20), (2, 1, 30)");
    }

    @Test
    void equalityOnEveryKeyColumnWithParametersIsAKeyLookup() {
        PreparedSql select = session.prepare("SELECT qty FROM stock WHERE item = ? AND w = ?");
        assertTrue(select.explain().contains("VersoKeyLookup"), select.explain());
        assertFalse(select.explain().contains("VersoTableScan"), select.explain());
        // key values are bound at execution: the same plan finds different rows
        assertEquals(List.of(row(20)), rows(session.execute(select, new Object[] {2, 1})));
        assertEquals(List.of(row(30)), rows(session.execute(select, new Object[] {1, 2})));
        assertEquals(List.of(), rows(session.execute(select, new Object[] {9, 9})));
    }

    @Test
    void literalKeyWithResidualConditionKeepsAFilterAboveTheLookup() {
        PreparedSql select = session.prepare("SELECT qty FROM stock WHERE w = 1 AND item = 2 AND qty > 5");
        String plan = select.explain();
        assertTrue(plan.contains("VersoFilter") && plan.contains("VersoKeyLookup"), plan);
        assertEquals(List.of(row(20)), rows(session.execute(select, new Object[0])));
    }

    @Test
    void updateAndDeleteByKeyUseTheLookup() {
        PreparedSql update = session.prepare("UPDATE stock SET qty = qty + ? WHERE w = ? AND item = ?");
        assertTrue(update.explain().contains("VersoKeyLookup"), update.explain());
        assertTrue(update.explain().contains("VersoTableModify"), update.explain());
        assertEquals(1, session.execute(update, new Object[] {5, 1, 1}).updateCount());
        assertEquals(List.of(row(15)), query("SELECT qty FROM stock WHERE w = 1 AND item = 1"));

        PreparedSql delete = session.prepare("DELETE FROM stock WHERE w = ? AND item = ?");
        assertTrue(delete.explain().contains("VersoKeyLookup"), delete.explain());
        assertEquals(1, session.execute(delete, new Object[] {2, 1}).updateCount());
    }

    @Test
    void explainReturnsThePlanAsRows() {
        List<List<Object>> plan = query("EXPLAIN PLAN FOR SELECT qty FROM stock WHERE w = ? AND item = ?", 1, 1);
        assertTrue(plan.get(0).get(0).toString().startsWith("VersoProject"), plan.toString());
        assertTrue(plan.get(1).get(0).toString().contains("VersoKeyLookup"), plan.toString());
    }

    /**
     * EXPLAIN with or without PLAN FOR, of a query with FOR UPDATE or of a change, needs no parameter values: a plan
     * does not depend on them.
     */
    @Test
    void explainTakesEveryStatementAndNeedsNoValues() {
        List<List<Object>> locking = query("EXPLAIN SELECT qty FROM stock WHERE w = ? AND item = ? FOR UPDATE");
        assertEquals("VersoForUpdate(table=[STOCK])", locking.get(0).get(0));
        assertTrue(locking.get(2).get(0).toString().contains("VersoKeyLookup"), locking.toString());
        List<List<Object>> change = query("EXPLAIN PLAN FOR UPDATE stock SET qty = qty + ? WHERE w = ? AND item = ?");
        assertTrue(change.get(0).get(0).toString().startsWith("VersoTableModify"), change.toString());
        List<List<Object>> delete = query("EXPLAIN DELETE FROM stock WHERE w = 1");
        assertTrue(delete.toString().contains("VersoIndexScan"), delete.toString());
        assertEquals(3, rows(session.execute(session.prepare("SELECT * FROM stock"), new Object[0])).size(),
            "EXPLAIN ran nothing");
    }

    @Test
    void aKeyPrefixIsAnIndexRangeScan() {
        PreparedSql select = session.prepare("SELECT qty FROM stock WHERE w = ? ORDER BY qty");
        String plan = select.explain();
        assertTrue(plan.contains("VersoIndexScan") && !plan.contains("VersoKeyLookup")
            && !plan.contains("VersoTableScan"), plan);
        assertEquals(List.of(row(10), row(20)), rows(session.execute(select, new Object[] {1})));
    }

    @Test
    void aConditionOnNoLeadingKeyColumnIsAFullScan() {
        String plan = session.prepare("SELECT qty FROM stock WHERE item = ?").explain();
        assertTrue(plan.contains("VersoTableScan") && !plan.contains("VersoIndexScan"), plan);
    }

    @Test
    void equiJoinIsAHashJoinAndOtherJoinsNestedLoops() {
        // No key on id: with one, the inner join would probe it (aJoinOnAKeyProbesTheIndexForEachRow).
        execute("CREATE TABLE item (id INT NOT NULL, name VARCHAR(10))");
        update("INSERT INTO item VALUES (1, 'nut'), (2, 'bolt')");
        PreparedSql join = session.prepare("SELECT s.w, i.name FROM stock s, item i WHERE s.item = i.id AND s.qty > ?"
            + " ORDER BY s.w, i.name");
        assertTrue(join.explain().contains("VersoHashJoin"), join.explain());
        assertEquals(List.of(row(1, "bolt"), row(2, "nut")), rows(session.execute(join, new Object[] {15})));

        PreparedSql left = session.prepare("SELECT i.name, s.qty FROM item i LEFT JOIN stock s ON s.item = i.id "
            + "AND s.w = 2 ORDER BY i.name");
        assertTrue(left.explain().contains("VersoHashJoin"), left.explain());
        assertEquals(List.of(row("bolt", null), row("nut", 30)), rows(session.execute(left, new Object[0])));

        PreparedSql theta = session.prepare("SELECT COUNT(*) FROM stock s JOIN item i ON s.qty > i.id * 10");
        assertTrue(theta.explain().contains("VersoNestedLoopJoin"), theta.explain());
        assertEquals(List.of(row(3L)), rows(session.execute(theta, new Object[0])));
    }

    @Test
    void keyLookupWithBigintParameterOnIntegerKey() {
        assertEquals(List.of(row(10)), query("SELECT qty FROM stock WHERE w = ? AND item = ?", 1L, "1"));
    }

    /**
     * Tables of a comma join are joined along their conditions, not in the order they are written: here the
     * written order puts two tables that share no condition side by side, which would be a cross product.
     */
    @Test
    void aCommaJoinFollowsItsConditionsNotTheWrittenOrder() {
        for (String t : List.of("t1", "t2", "t3", "t4")) {
            execute("CREATE TABLE " + t + " (a INT PRIMARY KEY, b INT)");
            update("INSERT INTO " + t + " VALUES (1, 2), (2, 3), (3, 1)");
        }
        String sql = "SELECT t1.a, t4.a FROM t1, t3, t2, t4 WHERE t1.b = t2.a AND t2.b = t4.a AND t3.a = t4.b"
            + " ORDER BY t1.a";
        String plan = session.prepare(sql).explain();
        assertFalse(plan.contains("condition=[true]"), plan);
        assertEquals(List.of(row(1, 3), row(2, 1), row(3, 2)), query(sql));
    }

    /**
     * An ON condition that compares two columns of one table, in a join of three tables, filters that table: the join
     * ordering expects every equality among the join conditions to read two of the joined tables.
     */
    @Test
    void anOnConditionOverOneTableOfAThreeTableJoinFiltersThatTable() {
        for (String t : List.of("t1", "t2", "t3")) {
            execute("CREATE TABLE " + t + " (a INT PRIMARY KEY, b INT)");
            update("INSERT INTO " + t + " VALUES (1, 1), (2, 3), (3, 3)");
        }
        assertPlannerAnswers(List.of(row(1, 1), row(2, 3), row(3, 3)),
            "SELECT t1.a, t3.a FROM t1 JOIN t2 ON t1.a = t2.a JOIN t3 ON t3.a = t3.b AND t3.a = t2.b ORDER BY 1");
        assertPlannerAnswers(List.of(row(1, 1), row(3, 3)),
            "SELECT t1.a, t3.a FROM t1 JOIN t2 ON t2.a = t2.b JOIN t3 ON t3.a = t2.b AND t1.a = t2.a ORDER BY 1");
        assertPlannerAnswers(List.of(row(2L)),
            "SELECT COUNT(*) FROM t1 JOIN t2 ON t1.a = t1.b JOIN t3 ON t3.b = t3.a AND t3.a = t2.a AND t2.a = t1.b");
        assertPlannerAnswers(List.of(row(3, 3)),
            "SELECT t1.a, t3.a FROM t1, t2 JOIN t3 ON t3.a = t3.b WHERE t1.a = t2.a AND t2.b = t3.a AND t1.a > 2");
    }

    /** The cost-based planner's answer (not the direct path's, which plans joins of a few tables itself). */
    private void assertPlannerAnswers(List<List<Object>> expected, String sql) {
        PreparedSql byPlanner = engine.prepareByPlanner(sql, new Cancellation());
        assertEquals(expected, rows(session.execute(byPlanner, new Object[0])), byPlanner.explain());
        assertEquals(expected, query(sql));
    }

    /** A join of many tables is planned quickly: the planner's metadata answers are cached per query. */
    @Test
    void aJoinOfThirtyTwoTablesIsPlanned() {
        StringBuilder from = new StringBuilder();
        StringBuilder where = new StringBuilder();
        for (int i = 31; i >= 0; i--) {
            execute("CREATE TABLE j" + i + " (a INT PRIMARY KEY, b INT)");
            update("INSERT INTO j" + i + " VALUES (1, 1), (2, 2)");
            from.append(from.length() == 0 ? "" : ", ").append("j").append(i);
            if (i > 0) {
                // a chain through the tables in the order 0, 7, 14, ... (7k mod 32), far from the written one
                where.append(where.length() == 0 ? "" : " AND ").append("j").append((i - 1) * 7 % 32)
                    .append(".b = j").append(i * 7 % 32).append(".a");
            }
        }
        String sql = "SELECT COUNT(*) FROM " + from + " WHERE " + where;
        assertFalse(session.prepare(sql).explain().contains("condition=[true]"));
        assertEquals(List.of(row(2L)), query(sql));
    }

    /**
     * A join whose right side is fixed by a key probes that key for each left row (an index nested-loop join), as
     * TPC-C's StockLevel probes stock by (warehouse, item); it returns what the same join without the probe returns
     * ({@code + 0} hides the column from the index), NULL keys and filters on the probed table included.
     */
    @Test
    void aJoinOnAKeyProbesTheIndexForEachRow() {
        execute("CREATE TABLE line (w INT NOT NULL, o INT NOT NULL, n INT NOT NULL, item INT, PRIMARY KEY (w, o, n))");
        StringBuilder lines = new StringBuilder("INSERT INTO line VALUES (1, 0, 0, NULL)");
        java.util.Random random = new java.util.Random(42);
        long warehouseOneItemsInStock = 0; // lines of warehouse 1 whose item stock (1, 1) or (1, 2) holds
        for (int o = 1; o <= 20; o++) {
            for (int n = 1; n <= 5; n++) {
                int w = 1 + random.nextInt(2);
                int item = random.nextInt(4);
                lines.append(", (").append(w).append(", ").append(o).append(", ").append(n).append(", ")
                    .append(item).append(")");
                warehouseOneItemsInStock += w == 1 && (item == 1 || item == 2) ? 1 : 0;
            }
        }
        update(lines.toString());
        String join = "SELECT COUNT(DISTINCT line.item), COUNT(*) FROM line, stock WHERE line.w = ? AND o < ? AND o >= ?"
            + " AND stock.w = ? AND stock.item = line.item%s AND qty < ?";
        String plan = session.prepare(String.format(join, "")).explain();
        assertTrue(plan.contains("VersoIndexJoin") && plan.contains("STOCK_PKEY"), plan);
        assertFalse(session.prepare(String.format(join, " + 0")).explain().contains("VersoIndexJoin"));
        for (int w = 1; w <= 2; w++) {
            for (int qty = 0; qty <= 40; qty += 20) {
                Object[] params = {w, 15, 3, 1, qty};
                assertEquals(query(String.format(join, " + 0"), params), query(String.format(join, ""), params),
                    "w " + w + ", qty " + qty);
            }
        }
        assertEquals(List.of(row(2L, warehouseOneItemsInStock)), query(String.format(join, ""), 1, 21, 0, 1, 25));
    }
}
