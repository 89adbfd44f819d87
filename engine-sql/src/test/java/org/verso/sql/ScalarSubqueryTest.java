package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A subquery used as a value (in the select list and in WHERE): its one row's value, NULL when it has no row, and
 * 21000 when it has more than one.
 */
class ScalarSubqueryTest extends SqlTestSupport {
    @BeforeEach
    void createTables() {
        execute("CREATE TABLE warehouse (id INT PRIMARY KEY, ytd DECIMAL(12, 2))");
        execute("CREATE TABLE district (w INT NOT NULL, id INT NOT NULL, ytd DECIMAL(12, 2), PRIMARY KEY (w, id))");
        update("INSERT INTO warehouse VALUES (1, 30.00), (2, 5.00)");
        update("INSERT INTO district VALUES (1, 1, 10.00), (1, 2, 20.00), (2, 1, 5.00)");
    }

    @Test
    void inTheSelectList() {
        assertEquals(List.of(row(1, 30L), row(2, 30L)), query("SELECT id, CAST((SELECT SUM(ytd) FROM district"
            + " WHERE w = 1) AS BIGINT) FROM warehouse ORDER BY id"));
        assertEquals(List.of(row(0L)), query("SELECT CAST((SELECT ytd FROM warehouse WHERE id = 1)"
            + " - (SELECT SUM(ytd) FROM district WHERE w = 1) AS BIGINT) FROM warehouse WHERE id = 2"));
    }

    /**
     * A subquery in the condition of a subquery in the select list, correlated with the outermost row; it was 0A000
     * (the inner subquery was left unconverted). Values as PostgreSQL 15 gives them.
     */
    @Test
    void aSubqueryInsideACorrelatedSubqueryReadsTheOutermostRow() {
        assertEquals(List.of(row(1, 1L), row(2, 2L)), query("SELECT id, (SELECT COUNT(*) FROM district d2 "
            + "WHERE d2.ytd > (SELECT MIN(ytd) FROM district d1 WHERE d1.w = warehouse.id)) FROM warehouse ORDER BY id"));
        // Two correlated subqueries in one select list, each with the row it reads.
        assertEquals(List.of(row(1, 2L, new java.math.BigDecimal("20.00")),
                row(2, 1L, new java.math.BigDecimal("5.00"))),
            query("SELECT id, (SELECT COUNT(*) FROM district d WHERE d.w = warehouse.id), (SELECT MAX(ytd) FROM "
                + "district d WHERE d.w = warehouse.id) FROM warehouse ORDER BY id"));
        // Inside a VALUES row of the outer subquery: the inner one read the VALUES row as if it were the outermost
        // (0 where PostgreSQL has 10.00, NULL where it has 5.00).
        assertEquals(List.of(row(1, new java.math.BigDecimal("10.00")), row(2, new java.math.BigDecimal("5.00"))),
            query("SELECT id, (SELECT MAX(x) FROM (VALUES (0), ((SELECT MIN(ytd) FROM district d1 WHERE d1.w = "
                + "warehouse.id))) AS m (x)) FROM warehouse ORDER BY id"));
    }

    @Test
    void inWhere() {
        assertEquals(List.of(row(1)), query("SELECT id FROM warehouse WHERE ytd = (SELECT SUM(ytd) FROM district"
            + " WHERE w = 1)"));
        assertEquals(List.of(row(2)), query("SELECT id FROM warehouse WHERE ytd < (SELECT MIN(ytd) FROM district"
            + " WHERE w = 1)"));
    }

    @Test
    void inAnUpdate() {
        assertEquals(1L, update("UPDATE warehouse SET ytd = (SELECT SUM(ytd) FROM district WHERE w = 1) WHERE id = 2"));
        assertEquals(List.of(row(1, new java.math.BigDecimal("30.00")), row(2, new java.math.BigDecimal("30.00"))),
            query("SELECT id, ytd FROM warehouse ORDER BY id"));
        // correlated: each warehouse's districts
        assertEquals(2L, update("UPDATE warehouse SET ytd = (SELECT SUM(ytd) FROM district WHERE w = warehouse.id)"));
        assertEquals(List.of(row(1, new java.math.BigDecimal("30.00")), row(2, new java.math.BigDecimal("5.00"))),
            query("SELECT id, ytd FROM warehouse ORDER BY id"));
        assertFails("21000", "UPDATE warehouse SET ytd = (SELECT ytd FROM district WHERE w = 1)");
    }

    @Test
    void noRowIsNullAndTwoRowsAreAnError() {
        assertEquals(List.of(Arrays.asList(1, null)), query("SELECT id, (SELECT ytd FROM district WHERE w = 9)"
            + " FROM warehouse WHERE id = 1"));
        assertFails("21000", "SELECT id, (SELECT ytd FROM district WHERE w = 1) FROM warehouse WHERE id = 1");
        assertFails("21000", "SELECT id FROM warehouse WHERE ytd = (SELECT ytd FROM district)");
    }
}
