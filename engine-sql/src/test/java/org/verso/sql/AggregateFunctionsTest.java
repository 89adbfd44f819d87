package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The statistical, bitwise, string and ordered-set aggregates, and GROUPING SETS, ROLLUP and CUBE. The values are
 * PostgreSQL 15's for the same rows, each in the result type Calcite gives the function (a variance of integers in
 * the DECIMAL(38, 16) of their average, PERCENTILE_CONT in DOUBLE as the standard says).
 */
class AggregateFunctionsTest extends SqlTestSupport {
    @BeforeEach
    void createTable() {
        execute("CREATE TABLE t (id INT PRIMARY KEY, g INT, x INT, d DOUBLE, s VARCHAR(10), b BOOLEAN)");
        update("INSERT INTO t VALUES (1, 1, 10, 1.5, 'a', TRUE), (2, 1, 5, 2.5, 'b', FALSE),"
            + " (3, 1, 0, NULL, NULL, NULL), (4, 2, 7, 4.0, 'c', TRUE), (5, 2, NULL, 4.0, 'c', TRUE),"
            + " (6, 3, NULL, NULL, NULL, NULL)");
    }

    @Test
    void varianceAndStandardDeviation() {
        // exact for integers: the sums are exact, the division and the square root round half up to 16 places
        assertEquals(List.of(row(new BigDecimal("13.2500000000000000"), new BigDecimal("17.6666666666666667"),
                new BigDecimal("3.6400549446402591"), new BigDecimal("4.2031734043061638"),
                new BigDecimal("4.2031734043061638"), new BigDecimal("17.6666666666666667"))),
            query("SELECT VAR_POP(x), VAR_SAMP(x), STDDEV_POP(x), STDDEV_SAMP(x), STDDEV(x), VARIANCE(x) FROM t"));
        assertEquals(List.of(row(1.125, 1.5, 1.0606601717798212, 1.224744871391589)),
            query("SELECT VAR_POP(d), VAR_SAMP(d), STDDEV_POP(d), STDDEV_SAMP(d) FROM t"));
        // one value: no sample statistic; no value: NULL
        assertEquals(List.of(row(1, new BigDecimal("25.0000000000000000"), new BigDecimal("16.6666666666666667")),
                Arrays.asList(2, null, BigDecimal.ZERO.setScale(16)), Arrays.asList(3, null, null)),
            query("SELECT g, VAR_SAMP(x), VAR_POP(x) FROM t GROUP BY g ORDER BY g"));
    }

    @Test
    void varianceOfCloseLargeDoublesKeepsItsDigits() {
        // a sum of squares loses these to cancellation; the running mean does not
        execute("CREATE TABLE big (v DOUBLE)");
        update("INSERT INTO big VALUES (1e9 + 4), (1e9 + 7), (1e9 + 13), (1e9 + 16)");
        assertEquals(List.of(row(30.0)), query("SELECT VAR_SAMP(v) FROM big"));
    }

    @Test
    void bitwiseAnyValueAndMode() {
        assertEquals(List.of(row(0, 15, 8)), query("SELECT BIT_AND(x), BIT_OR(x), BIT_XOR(x) FROM t"));
        assertEquals(List.of(row(1, 0, 15, 15), row(2, 7, 7, 7), Arrays.asList(3, null, null, null)),
            query("SELECT g, BIT_AND(x), BIT_OR(x), BIT_XOR(x) FROM t GROUP BY g ORDER BY g"));
        // MODE: the most frequent value; of equally frequent ones the smallest
        assertEquals(List.of(row(1, 0), row(2, 7), Arrays.asList(3, null)),
            query("SELECT g, MODE(x) FROM t GROUP BY g ORDER BY g"));
        assertEquals(List.of(row(1, "c")), query("SELECT MODE(g), MODE(s) FROM t"));
        assertEquals(List.of(row(2, "c"), Arrays.asList(3, null)),
            query("SELECT g, ANY_VALUE(s) FROM t WHERE g > 1 GROUP BY g ORDER BY g"));
        assertEquals(List.of(row(false, true, false, true)),
            query("SELECT BOOL_AND(b), BOOL_OR(b), EVERY(b), SOME(b) FROM t"));
    }

    @Test
    void stringAggregatesInTheirOrder() {
        assertEquals(List.of(row("a,b,c,c", "a,b,c", "c-c-b-a", "abcc")),
            query("SELECT STRING_AGG(s, ',' ORDER BY s), STRING_AGG(DISTINCT s, ',' ORDER BY s),"
                + " LISTAGG(s, '-') WITHIN GROUP (ORDER BY s DESC), LISTAGG(s) WITHIN GROUP (ORDER BY id) FROM t"));
        assertEquals(List.of(row(1, "b; a"), row(2, "c; c"), Arrays.asList(3, null)),
            query("SELECT g, STRING_AGG(s, '; ' ORDER BY id DESC) FROM t GROUP BY g ORDER BY g"));
        // FILTER applies before the order
        assertEquals(List.of(row("c,a")),
            query("SELECT STRING_AGG(s, ',' ORDER BY s DESC) FILTER (WHERE b) FROM t WHERE id <> 5"));
    }

    @Test
    void percentiles() {
        assertEquals(List.of(row(6.0, 5, 3.75, 4.0, 10)),
            query("SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x), PERCENTILE_DISC(0.5) WITHIN GROUP"
                + " (ORDER BY x), PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY x), PERCENTILE_CONT(0.25)"
                + " WITHIN GROUP (ORDER BY d DESC), PERCENTILE_DISC(1) WITHIN GROUP (ORDER BY x) FROM t"));
        assertEquals(List.of(row(1, 5.0, 0), row(2, 7.0, 7), Arrays.asList(3, null, null)),
            query("SELECT g, PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x), PERCENTILE_DISC(0) WITHIN GROUP"
                + " (ORDER BY x) FROM t GROUP BY g ORDER BY g"));
        assertFails("42000", "SELECT PERCENTILE_CONT(1.5) WITHIN GROUP (ORDER BY x) FROM t");
    }

    @Test
    void rollupCubeAndGroupingSets() {
        assertEquals(List.of(row(1, 3L, 15L, 0L), row(2, 2L, 7L, 0L), Arrays.asList(3, 1L, null, 0L),
                Arrays.asList(null, 6L, 22L, 1L)),
            query("SELECT g, COUNT(*), SUM(x), GROUPING(g) FROM t GROUP BY ROLLUP(g) ORDER BY g NULLS LAST"));
        // GROUPING tells a rolled-up NULL from a NULL value: s is NULL in rows 3 and 6
        assertEquals(List.of(row(1, "a", 1L, 0L), row(1, "b", 1L, 0L), Arrays.asList(1, null, 1L, 0L),
                row(2, "c", 2L, 0L), Arrays.asList(3, null, 1L, 0L), Arrays.asList(1, null, 3L, 1L),
                Arrays.asList(2, null, 2L, 1L), Arrays.asList(3, null, 1L, 1L), Arrays.asList(null, "a", 1L, 2L),
                Arrays.asList(null, "b", 1L, 2L), Arrays.asList(null, "c", 2L, 2L),
                Arrays.asList(null, null, 2L, 2L), Arrays.asList(null, null, 6L, 3L)),
            query("SELECT g, s, COUNT(*), GROUPING(g, s) FROM t GROUP BY CUBE(g, s) ORDER BY 4, 1, 2 NULLS LAST"));
        assertEquals(List.of(row(1, null, 3L), row(2, null, 2L), row(3, null, 1L), row(null, "a", 1L),
                row(null, "b", 1L), row(null, "c", 2L), row(null, null, 2L), row(null, null, 6L)).stream()
                .map(r -> Arrays.asList(r.toArray())).toList(),
            query("SELECT g, s, COUNT(*) FROM t GROUP BY GROUPING SETS ((g), (s), ()) ORDER BY 1, 2, 3"));
        // the grand total has its row even when no row is grouped; the other sets have none
        assertEquals(List.of(Arrays.asList(null, 0L)), query("SELECT g, COUNT(*) FROM t WHERE id < 0 GROUP BY ROLLUP(g)"));
        assertEquals(List.of(row(1, 2L, 15L), row(2, 1L, 7L), Arrays.asList(3, 0L, null), Arrays.asList(null, 3L, 22L)),
            query("SELECT g, COUNT(DISTINCT s), SUM(DISTINCT x) FROM t GROUP BY ROLLUP(g) ORDER BY 1 NULLS LAST"));
        assertEquals(List.of(row(1, 3L), row(2, 2L)),
            query("SELECT g, COUNT(*) FROM t GROUP BY ROLLUP(g) HAVING GROUPING(g) = 0 AND COUNT(x) > 0"
                + " ORDER BY g"));
    }
}
