package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * WITH RECURSIVE, evaluated as PostgreSQL does: a working table of the last step's rows, UNION ALL keeping every
 * row and UNION dropping the rows seen before (which ends a walk over a cycle), rows streamed so that LIMIT stops a
 * recursion that would not end by itself. It once ended in an internal error (XX000) while planning.
 */
class RecursiveQueryTest extends SqlTestSupport {
    @Test
    void countingAndFibonacci() {
        assertEquals(List.of(row(15L)),
            query("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT SUM(n) FROM r"));
        assertEquals(List.of(row(0, 1), row(1, 1), row(1, 2), row(2, 3), row(3, 5)),
            query("WITH RECURSIVE fib(a, b) AS (VALUES (0, 1) UNION ALL SELECT b, a + b FROM fib WHERE b < 5) "
                + "SELECT * FROM fib"));
    }

    @Test
    void aWalkOverATableWithACycleEndsUnderUnion() {
        execute("CREATE TABLE edge (src INT, dst INT, PRIMARY KEY (src, dst))");
        update("INSERT INTO edge VALUES (1, 2), (2, 3), (3, 1), (3, 4), (5, 6)");
        assertEquals(List.of(row(1), row(2), row(3), row(4)),
            query("WITH RECURSIVE reach(node) AS (SELECT 1 UNION SELECT e.dst FROM edge e JOIN reach r ON e.src = r.node) "
                + "SELECT node FROM reach ORDER BY node"));
        assertEquals(List.of(row(2, 1), row(3, 2), row(1, 3), row(4, 3)),
            query("WITH RECURSIVE path(node, depth) AS (SELECT 1, 0 UNION ALL "
                + "SELECT e.dst, p.depth + 1 FROM edge e, path p WHERE e.src = p.node AND p.depth < 3) "
                + "SELECT node, depth FROM path WHERE depth > 0 ORDER BY depth, node"));
    }

    @Test
    void limitStopsARecursionWithoutEnd() {
        assertEquals(List.of(row(1), row(2), row(3)),
            query("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r LIMIT 3"));
        String plan = query("EXPLAIN PLAN FOR WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r "
            + "WHERE n < 3) SELECT n FROM r").toString();
        assertTrue(plan.contains("RepeatUnion") && plan.contains("WorkingTableScan"), plan);
    }
}
