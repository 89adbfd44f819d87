package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verso.common.type.DateTimes;

/** PostgreSQL's generate_series in FROM; every expected value is what PostgreSQL 15 returns. */
class SeriesTest extends SqlTestSupport {
    private static long micros(String timestamp) {
        return DateTimes.toEpochMicros(DateTimes.parseTimestamp(timestamp));
    }

    @Test
    void numbersFromStartToStopByStep() {
        assertEquals(List.of(row(1), row(2), row(3)), query("SELECT * FROM generate_series(1, 3)"));
        assertEquals(List.of(row(5), row(3), row(1)),
            query("SELECT generate_series FROM generate_series(5, 1, -2)"));
        assertEquals(List.of(row(1), row(5), row(9)), query("SELECT g FROM generate_series(1, 10, 4) AS g"));
        assertEquals(List.of(row(2), row(6)), query("SELECT g * 2 FROM generate_series(1, 3) g WHERE g <> 2"));
        assertEquals(List.of(row(100_000L, 5_000_050_000L)),
            query("SELECT COUNT(*), SUM(x) FROM generate_series(1, 100000) AS x"));
        assertEquals(List.of(row(2_147_483_646), row(2_147_483_647)),
            query("SELECT * FROM generate_series(2147483646, 2147483647)"), "the series ends at the type's end");
        assertEquals(List.of(row(1L), row(2L)), query("SELECT * FROM generate_series(CAST(1 AS BIGINT), 2)"));
        assertEquals(List.of(row(new BigDecimal("0.5")), row(new BigDecimal("1.0")), row(new BigDecimal("1.5")),
            row(new BigDecimal("2.0"))), query("SELECT * FROM generate_series(0.5, 2.0, 0.5)"));
    }

    @Test
    void emptyWhenStopIsBehindOrAnArgumentIsNull() {
        assertEquals(List.of(), query("SELECT * FROM generate_series(1, 0)"));
        assertEquals(List.of(), query("SELECT * FROM generate_series(1, CAST(NULL AS INT))"));
        assertEquals(List.of(), query("SELECT * FROM generate_series(1, ?)", (Object) null));
        assertEquals(List.of(row(1), row(2)), query("SELECT * FROM generate_series(?, 2)", 1));
        assertTrue(assertFails("22023", "SELECT * FROM generate_series(1, 3, 0)").getMessage()
            .contains("step size cannot equal zero"));
        assertFails("42804", "SELECT * FROM generate_series('a', 'b')");
        assertFails("42804", "SELECT * FROM generate_series(DATE '2026-01-01', DATE '2026-01-03')");
    }

    @Test
    void timestampsByAnInterval() {
        assertEquals(List.of(row(micros("2026-01-31 00:00:00")), row(micros("2026-02-28 00:00:00")),
            row(micros("2026-03-28 00:00:00")), row(micros("2026-04-28 00:00:00"))),
            query("SELECT * FROM generate_series(TIMESTAMP '2026-01-31 00:00:00', TIMESTAMP '2026-04-30 00:00:00', "
                + "INTERVAL '1' MONTH)"));
        assertEquals(List.of(row(micros("2026-01-01 00:00:00")), row(micros("2026-01-02 00:00:00")),
            row(micros("2026-01-03 00:00:00"))),
            query("SELECT * FROM generate_series(DATE '2026-01-01', DATE '2026-01-03', INTERVAL '1 day')"));
    }

    @Test
    void argumentsReadTheRowsBeforeItAndALimitStopsIt() {
        assertEquals(List.of(row(1, 1), row(3, 1), row(3, 2), row(3, 3)),
            query("SELECT t.a, s FROM (VALUES (1), (3)) AS t(a), generate_series(1, t.a) AS s ORDER BY 1, 2"));
        assertEquals(List.of(row(1), row(2), row(3)),
            query("SELECT * FROM generate_series(1, 1000000000) LIMIT 3"));
    }

    @Test
    void fillsATable() {
        execute("CREATE TABLE gt (id INT PRIMARY KEY, name VARCHAR(10))");
        assertEquals(5L, update("INSERT INTO gt SELECT g, 'n' || g FROM generate_series(1, 5) g"));
        assertEquals(List.of(row(1, "n1"), row(5, "n5")), query("SELECT * FROM gt WHERE id IN (1, 5) ORDER BY id"));
    }
}
