package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Subqueries of every kind (scalar, EXISTS, IN, and comparisons with ANY and ALL; correlated or not; in the select
 * list, WHERE, HAVING and the statements that change rows) and the set operations. Answers are PostgreSQL's, with
 * SQL's three-valued logic: x IN (subquery) is unknown when no row matches and x or a subquery value is NULL.
 */
class SubqueryTest extends SqlTestSupport {
    @BeforeEach
    void createTables() {
        execute("CREATE TABLE t (a INT PRIMARY KEY, b INT)");
        update("INSERT INTO t VALUES (1, 10), (2, 20), (3, NULL), (4, 5), (5, 5)");
        execute("CREATE TABLE u (x INT)");
        update("INSERT INTO u VALUES (5), (20), (NULL)");
    }

    @Test
    void correlatedInTheSelectList() {
        assertEquals(List.of(row(1, 1L), row(2, 0L), row(3, 0L), row(4, 2L), row(5, 2L)),
            query("SELECT a, (SELECT COUNT(*) FROM t t2 WHERE t2.b > t.b) FROM t ORDER BY a"));
        assertEquals(List.of(row(1, 20), row(2, null)),
            query("SELECT a, (SELECT MAX(b) FROM t t2 WHERE t2.b > t.b) FROM t WHERE a <= 2 ORDER BY a"));
    }

    @Test
    void existsAndNotExists() {
        assertEquals(List.of(row(1), row(2), row(3), row(4)),
            query("SELECT a FROM t WHERE EXISTS (SELECT 1 FROM t t2 WHERE t2.a = t.a + 1) ORDER BY a"));
        assertEquals(List.of(row(5)),
            query("SELECT a FROM t WHERE NOT EXISTS (SELECT 1 FROM t t2 WHERE t2.a = t.a + 1) ORDER BY a"));
        assertEquals(List.of(row(5L)), query("SELECT COUNT(*) FROM t WHERE EXISTS (SELECT * FROM u)"));
        assertEquals(List.of(row(0L)), query("SELECT COUNT(*) FROM t WHERE EXISTS (SELECT * FROM u WHERE x > 99)"));
    }

    /** Each answer is PostgreSQL 15's for the same data. */
    @Test
    void inAndNotInFollowThreeValuedLogic() {
        assertEquals(List.of(row(2), row(4), row(5)), query("SELECT a FROM t WHERE b IN (SELECT x FROM u) ORDER BY a"));
        // u holds a NULL: NOT IN is never true
        assertEquals(List.of(), query("SELECT a FROM t WHERE b NOT IN (SELECT x FROM u)"));
        assertEquals(List.of(row(1)), query("SELECT a FROM t WHERE b NOT IN (SELECT x FROM u WHERE x IS NOT NULL)"));
        assertEquals(List.of(Arrays.asList(null, false, true, false, null, false)),
            query("SELECT NULL IN (SELECT x FROM u), 7 IN (SELECT x FROM u WHERE x > 99),"
                + " 7 NOT IN (SELECT x FROM u WHERE x > 99), 5 NOT IN (SELECT x FROM u), 7 NOT IN (SELECT x FROM u),"
                + " NULL IN (SELECT x FROM u WHERE x > 99)"));
        assertEquals(List.of(row(1), row(2), row(4), row(5)),
            query("SELECT a FROM t WHERE b IN (SELECT b FROM t t2 WHERE t2.a < t.a + 2) ORDER BY a"));
    }

    @Test
    void comparisonsWithAnyAndAll() {
        assertEquals(List.of(row(1), row(2)),
            query("SELECT a FROM t WHERE b > ALL (SELECT b FROM t t2 WHERE t2.a < t.a) ORDER BY a"));
        assertEquals(List.of(row(1), row(2)), query("SELECT a FROM t WHERE b >= ANY (SELECT x FROM u WHERE x > 5)"
            + " OR b = 10 ORDER BY a"));
        assertEquals(List.of(row(2)), query("SELECT a FROM t WHERE b = SOME (SELECT x FROM u WHERE x > 5)"));
        // ALL over a set with a NULL is never true unless the set is empty
        assertEquals(List.of(), query("SELECT a FROM t WHERE b < ALL (SELECT x FROM u)"));
    }

    @Test
    void inHavingAndInAJoinCondition() {
        assertEquals(List.of(row(5, 2L)), query("SELECT b, COUNT(*) FROM t GROUP BY b"
            + " HAVING COUNT(*) > (SELECT COUNT(*) FROM u WHERE x = 20)"));
        assertEquals(List.of(row(2, 20)), query("SELECT t.a, u.x FROM t JOIN u ON t.b = u.x"
            + " AND u.x = (SELECT MAX(x) FROM u)"));
    }

    @Test
    void updateAndDeleteWithSubqueries() {
        assertEquals(2L, update("DELETE FROM t WHERE a IN (SELECT a FROM t WHERE b < 10)"));
        assertEquals(List.of(row(1), row(2), row(3)), query("SELECT a FROM t ORDER BY a"));
        // the subquery sees the table as the statement found it, not as its own deletes leave it
        assertEquals(1L, update("DELETE FROM t WHERE NOT EXISTS (SELECT 1 FROM t t2 WHERE t2.a = t.a - 1)"));
        assertEquals(List.of(row(2), row(3)), query("SELECT a FROM t ORDER BY a"));
        assertEquals(2L, update("UPDATE t SET b = (SELECT COUNT(*) FROM u WHERE x <= t.a * 10)"));
        assertEquals(List.of(row(2, 2), row(3, 2)), query("SELECT a, b FROM t ORDER BY a"));
        assertEquals(1L, update("UPDATE t SET b = 0 WHERE EXISTS (SELECT 1 FROM u WHERE x = t.a * 10)"));
        assertEquals(List.of(row(2, 0), row(3, 2)), query("SELECT a, b FROM t ORDER BY a"));
    }

    @Test
    void setOperations() {
        assertEquals(List.of(row(5), row(20), Arrays.asList((Object) null)),
            sorted(query("SELECT b FROM t INTERSECT SELECT x FROM u")));
        assertEquals(List.of(row(5), row(5)), query("SELECT b FROM t WHERE b = 5 INTERSECT ALL"
            + " SELECT b FROM t WHERE a >= 4"));
        assertEquals(List.of(row(10)), query("SELECT b FROM t EXCEPT SELECT x FROM u"));
        assertEquals(List.of(row(5), row(10)), sorted(query("SELECT b FROM t WHERE b IS NOT NULL EXCEPT ALL"
            + " SELECT x FROM u")));
    }

    @Test
    void aCorrelatedSubqueryProbesTheKeyOfItsOuterRow() {
        String plan = session.prepare("SELECT a, (SELECT b FROM t t2 WHERE t2.a = t.a + 1) FROM t").explain();
        assertTrue(plan.contains("VersoCorrelate") && plan.contains("VersoKeyLookup"), plan);
        assertEquals(List.of(row(1, 20), row(2, null), row(3, 5), row(4, 5), row(5, null)),
            query("SELECT a, (SELECT b FROM t t2 WHERE t2.a = t.a + 1) FROM t ORDER BY a"));
    }

    /**
     * Both branches of the union hold inner joins (the IN subqueries become joins), so the joins are reordered; the
     * ordering rule leaves this n-way join as it gathered it, and the plan then keeps its written join order.
     */
    @Test
    void aUnionOfInSubqueriesUnderOrAndNotKeepsItsJoinOrderWhereItCannotBeReordered() {
        execute("CREATE TABLE v (pk INT PRIMARY KEY, c0 INT, c1 DOUBLE, c3 INT, c4 DOUBLE)");
        update("INSERT INTO v VALUES (0, 30, 81.46, 91, 30.73), (1, 95, 61.72, 97, 41.75), (2, 22, 73.2, 83, 78.44),"
            + " (3, 45, 69.17, 64, 54.75), (4, 84, 41.83, 95, 56.56), (5, 58, 82.60, 88, 1.73),"
            + " (6, 0, 52.14, 22, 2.27), (7, 65, 33.32, 58, 31.42), (8, 47, 0.34, 51, 80.85),"
            + " (9, 88, 80.81, 59, 24.71)");
        String p = "c4 IN (SELECT c1 FROM v) OR c0 IN (SELECT c3 FROM v) OR c0 IN (SELECT c3 FROM v WHERE c0 > 35)"
            + " AND c1 IN (SELECT c4 FROM v) OR c3 IN (SELECT c0 FROM v)";
        // true where c0 is some c3 (pks 1, 2, 5, 9) or c3 is some c0 (pks 4, 5, 6, 7); no c4 equals a c1
        assertEquals(List.of(row(0, 0), row(1, 1), row(2, 1), row(3, 0), row(4, 1), row(5, 1), row(6, 1), row(7, 1),
                row(8, 0), row(9, 1)),
            query("SELECT pk, 1 FROM v WHERE " + p + " UNION ALL SELECT pk, 0 FROM v WHERE NOT (" + p + ")"
                + " ORDER BY 1"));
    }

    /** Rows in a fixed order, NULLs last, for set operations that give no order. */
    private static List<List<Object>> sorted(List<List<Object>> rows) {
        return rows.stream().sorted((l, r) -> l.get(0) == null ? 1 : r.get(0) == null ? -1
            : Integer.compare(((Number) l.get(0)).intValue(), ((Number) r.get(0)).intValue())).toList();
    }
}
