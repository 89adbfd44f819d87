package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** PostgreSQL's SELECT DISTINCT ON; every expected result is what PostgreSQL 15 returns for the same rows. */
class DistinctOnTest extends SqlTestSupport {
    @BeforeEach
    void orders() {
        execute("CREATE TABLE o (id INT PRIMARY KEY, c INT, amt INT)");
        update("INSERT INTO o VALUES (1, 1, 10), (2, 1, 30), (3, 2, 5), (4, 2, 7), (5, 3, 1), (6, NULL, 4), "
            + "(7, NULL, 9)");
    }

    @Test
    void theFirstRowOfEachGroupInTheOrderGiven() {
        assertEquals(List.of(row(2, 1, 30), row(4, 2, 7), row(5, 3, 1), row(7, null, 9)),
            query("SELECT DISTINCT ON (c) id, c, amt FROM o ORDER BY c, amt DESC"));
        assertEquals(List.of(row(1, 1, 10), row(3, 2, 5), row(5, 3, 1), row(6, null, 4)),
            query("select distinct on (c) * from o order by c, id"));
        assertEquals(List.of(row(null, 9), row(1, 10), row(2, 5)),
            query("SELECT DISTINCT ON (c) c, amt FROM o WHERE amt > 4 ORDER BY c NULLS FIRST, amt"));
        assertEquals(List.of(row(4L)), query("SELECT COUNT(*) FROM (SELECT DISTINCT ON (c) id FROM o) AS d"));
    }

    @Test
    void outputColumnsByAliasOrPositionAndExpressions() {
        assertEquals(List.of(row(2, 1), row(4, 2), row(5, 3), row(7, null)),
            query("SELECT DISTINCT ON (customer) id, c AS customer FROM o ORDER BY customer, id DESC"));
        assertEquals(List.of(row(1, 1), row(3, 2), row(5, 3), row(6, null)),
            query("SELECT DISTINCT ON (2) id, c FROM o ORDER BY 2, 1"));
        assertEquals(List.of(row(0, 5), row(1, 1), row(null, 4)),
            query("SELECT DISTINCT ON (c % 2) c % 2 AS parity, amt FROM o ORDER BY c % 2, amt"));
        assertEquals(List.of(row(2)), query("SELECT DISTINCT ON (o.c) id FROM o WHERE id = ? ORDER BY c", 2));
    }

    @Test
    void theExpressionsMustLeadTheOrderBy() {
        assertTrue(assertFails("42P10", "SELECT DISTINCT ON (c) id FROM o ORDER BY amt").getMessage()
            .contains("must match initial ORDER BY expressions"));
        assertFails("42P10", "SELECT DISTINCT ON (3) id, c FROM o");
        // DISTINCT alone, IS DISTINCT FROM and a column named like the marker's words are untouched.
        assertEquals(List.of(row(3L)), query("SELECT COUNT(DISTINCT c) FROM o"));
        assertEquals(List.of(row(2L)), query("SELECT COUNT(*) FROM o WHERE c IS DISTINCT FROM 1 AND amt > 6"));
        assertEquals(List.of(row("DISTINCT ON (c)")), query("SELECT 'DISTINCT ON (c)' FROM o WHERE id = 1"));
    }
}
