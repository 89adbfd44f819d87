package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Window functions, with PostgreSQL 15's answers for the same data. */
class WindowFunctionTest extends SqlTestSupport {
    @BeforeEach
    void createTable() {
        execute("CREATE TABLE sales (id INT PRIMARY KEY, region VARCHAR(5), amount INT)");
        update("INSERT INTO sales VALUES (1, 'n', 10), (2, 'n', 20), (3, 'n', 20), (4, 's', 5), (5, 's', NULL),"
            + " (6, 's', 7)");
    }

    @Test
    void ranking() {
        assertEquals(List.of(row(1, 1L, 1L, 1L), row(2, 2L, 2L, 2L), row(3, 3L, 2L, 2L), row(4, 1L, 1L, 1L),
                row(6, 2L, 2L, 2L), row(5, 3L, 3L, 3L)),
            query("SELECT id, ROW_NUMBER() OVER (PARTITION BY region ORDER BY amount, id),"
                + " RANK() OVER (PARTITION BY region ORDER BY amount), DENSE_RANK() OVER (PARTITION BY region"
                + " ORDER BY amount) FROM sales ORDER BY region, amount, id"));
    }

    @Test
    void runningAndWholePartitionAggregates() {
        // the default frame with ORDER BY runs to the last peer; without ORDER BY it is the whole partition
        assertEquals(List.of(row(1, 10L, 50L, 1L), row(2, 50L, 50L, 3L), row(3, 50L, 50L, 3L), row(4, 5L, 12L, 1L),
                Arrays.asList(6, 12L, 12L, 2L), Arrays.asList(5, 12L, 12L, 2L)),
            query("SELECT id, SUM(amount) OVER (PARTITION BY region ORDER BY amount), SUM(amount) OVER"
                + " (PARTITION BY region), COUNT(amount) OVER (PARTITION BY region ORDER BY amount)"
                + " FROM sales ORDER BY region, amount, id"));
    }

    @Test
    void rowFramesLagAndLead() {
        assertEquals(List.of(Arrays.asList(1, 30L, null, 20), Arrays.asList(2, 50L, 10, 20),
                Arrays.asList(3, 40L, 20, null)),
            query("SELECT id, SUM(amount) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING),"
                + " LAG(amount) OVER (ORDER BY id), LEAD(amount) OVER (ORDER BY id) FROM sales WHERE region = 'n'"
                + " ORDER BY id"));
        assertEquals(List.of(row(1, 10, 20, 20)),
            query("SELECT id, FIRST_VALUE(amount) OVER w, LAST_VALUE(amount) OVER (ORDER BY id ROWS BETWEEN"
                + " UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING), MAX(amount) OVER () FROM sales"
                + " WHERE region = 'n' WINDOW w AS (ORDER BY id) ORDER BY id LIMIT 1"));
        assertFails("0A000", "SELECT SUM(amount) OVER (ORDER BY amount RANGE BETWEEN 5 PRECEDING AND CURRENT ROW)"
            + " FROM sales");
    }

    @Test
    void distributionFunctions() {
        // ntile: 6 rows in 4 buckets of 2, 2, 1, 1; the ranks of amounts 5, 7, 10, 20, 20 and NULL (last)
        assertEquals(List.of(row(4, 1L, 0.0, 1.0 / 6), row(6, 1L, 0.2, 2.0 / 6), row(1, 2L, 0.4, 0.5),
                row(2, 2L, 0.6, 5.0 / 6), row(3, 3L, 0.6, 5.0 / 6), row(5, 4L, 1.0, 1.0)),
            query("SELECT id, NTILE(4) OVER (ORDER BY amount, id), PERCENT_RANK() OVER (ORDER BY amount),"
                + " CUME_DIST() OVER (ORDER BY amount) FROM sales ORDER BY amount, id"));
        // more buckets than rows: one row each
        assertEquals(List.of(row(1, 1L), row(2, 2L), row(3, 3L)),
            query("SELECT id, NTILE(5) OVER (PARTITION BY region ORDER BY id) FROM sales WHERE region = 'n'"
                + " ORDER BY id"));
        assertFails("22014", "SELECT NTILE(0) OVER (ORDER BY id) FROM sales");
    }

    @Test
    void nthValueAndWindowStatistics() {
        assertEquals(List.of(Arrays.asList(1, null, 10), row(2, 20, 30), row(3, 20, 30), Arrays.asList(4, null, 5),
                Arrays.asList(5, null, 5), Arrays.asList(6, null, 7)),
            query("SELECT id, NTH_VALUE(amount, 2) OVER (PARTITION BY region ORDER BY id), BIT_OR(amount) OVER"
                + " (PARTITION BY region ORDER BY id) FROM sales ORDER BY id"));
        assertFails("22016", "SELECT NTH_VALUE(amount, 0) OVER (ORDER BY id) FROM sales");
        // a standard deviation over a window is the aggregate's, exact (amounts above 100 once overflowed)
        assertEquals(List.of(row("n", new BigDecimal("577.3502691896257645")),
                row("s", new BigDecimal("141.4213562373095049"))),
            query("SELECT DISTINCT region, STDDEV_SAMP(amount * 100) OVER (PARTITION BY region) FROM sales"
                + " ORDER BY region"));
    }
}
