package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.sql.prepare.LiteralParameters;

/**
 * Statements sent as text that differ only in the literals of their comparisons and values share one plan, and
 * answer exactly what a plan of their own would; a literal that a parameter of the column's type would not hold
 * exactly keeps the statement's own plan.
 */
class LiteralParametersTest extends SqlTestSupport {
    private final LiteralParameters shapes = new LiteralParameters();

    /** The shape of a statement met the second time (the first of a lexical shape is planned as written). */
    private LiteralParameters.Shape shaped(String sql) {
        assertNull(shapes.shape(sql), "the first statement of its lexical shape: " + sql);
        return shapes.shape(sql);
    }

    @BeforeEach
    void tables() {
        execute("CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(5), price DECIMAL(6,2), code CHAR(4), r REAL, "
            + "d DOUBLE)");
        for (int i = 0; i < 40; i++) {
            update("INSERT INTO t VALUES (" + i + ", 'n" + i + "', " + (i * 1.25) + ", 'c" + (i % 4) + "', "
                + (i / 10.0) + ", " + (i / 10.0) + ")");
        }
    }

    @Test
    void theShapeIsTheTextWithAQuestionMarkForEachLiteralTaken() {
        LiteralParameters.Shape shape = shaped(
            "SELECT name, 7 FROM t WHERE id = 17 AND name <> 'it''s'\n  OR id BETWEEN -3 AND 5 ORDER BY 1 LIMIT 3");
        assertEquals("SELECT name, 7 FROM t WHERE id = ? AND name <> ?\n  OR id BETWEEN ? AND ? ORDER BY 1 LIMIT 3",
            shape.sql());
        assertEquals(List.of(new BigDecimal(17), "it's", new BigDecimal(-3), new BigDecimal(5)), shape.literals());
        assertEquals("UPDATE t SET name = ?, price = price + 1 WHERE id IN (?, ?)",
            shaped("UPDATE t SET name = 'x', price = price + 1 WHERE id IN (1, 2)").sql());
        assertEquals("INSERT INTO t (id, name) VALUES (?, ?), (?, UPPER('b'))",
            shaped("INSERT INTO t (id, name) VALUES (1, 'a'), (2, UPPER('b'))").sql());
        assertNull(shaped("SELECT * FROM t WHERE id = ? OR id = 3"), "the text has parameters");
        assertNull(shaped("SELECT 1 + 2 FROM t WHERE id + 1 = name"), "no literal to take");
        assertNull(shaped("EXPLAIN PLAN FOR SELECT * FROM t WHERE id = 3"));
        assertNull(shaped("SELEC oops"));
        assertNull(shaped("SELECT * FROM t WHERE name = 'unterminated"));
        // One parse decides for every statement of the same tokens; comments and quoted names are not literals.
        assertEquals("SELECT \"a1\" FROM t /* 5 */ WHERE id = ? -- 'x'\n AND name = ?", shaped(
            "SELECT \"a1\" FROM t /* 5 */ WHERE id = 1.5e3 -- 'x'\n AND name = 'o''k'").sql());
        assertEquals(List.of(new BigDecimal("-2"), "?"), shaped(
            "SELECT \"a1\" FROM t /* 5 */ WHERE id = -2 -- 'x'\n AND name = '?'").literals());
    }

    @Test
    void statementsDifferingInTheirLiteralsShareOnePlan() {
        query("SELECT name FROM t WHERE id = 0");
        long planned = engine.planCount();
        for (int i = 1; i < 40; i++) {
            assertEquals(List.of(row("n" + i)), query("SELECT name FROM t WHERE id = " + i));
            assertEquals(List.of(row(i)), query("SELECT id FROM t WHERE name = 'n" + i + "'"));
        }
        // Each shape: its first statement planned as written, the second one the shape, every later one no plan.
        assertEquals(planned + 3, engine.planCount(), "plans of two shapes");
        update("UPDATE t SET name = 'u1' WHERE id = 1");
        update("UPDATE t SET name = 'u2' WHERE id = 2");
        update("INSERT INTO t (id, name) VALUES (100, 'a')");
        update("INSERT INTO t (id, name) VALUES (101, 'b')");
        update("DELETE FROM t WHERE id = 100");
        update("DELETE FROM t WHERE id = 101");
        update("UPDATE t SET name = 'u3' WHERE id = 3");
        update("INSERT INTO t (id, name) VALUES (102, 'c')");
        update("DELETE FROM t WHERE id = 102");
        assertEquals(planned + 9, engine.planCount(), "two plans each for UPDATE, INSERT and DELETE, then none");
        assertEquals(List.of(row("u3")), query("SELECT name FROM t WHERE id = 3"));
        assertEquals(List.of(row("u1"), row("u2")), query("SELECT name FROM t WHERE id <= 2 AND id >= 1 ORDER BY id"));
    }

    /**
     * Random comparisons of every column with literals of every kind, each answered by its shape's plan (or its own
     * plan where the shape cannot hold the literal) and by a plan of the text as written; both must give the same
     * rows, or fail with the same SQLState.
     */
    @Test
    void everyShapedStatementAnswersAsItsOwnPlanWould() {
        long seed = System.nanoTime();
        System.out.println("LiteralParametersTest seed=" + seed);
        Random random = new Random(seed);
        String[] columns = {"id", "name", "price", "code", "r", "d"};
        String[] operators = {"=", "<>", "<", "<=", ">", ">="};
        String[] literals = {"3", "-3", "17.5", "17.0", "2147483648", "0.1", "0.30", "1.234", "1e1", "'n3'", "'n3 '",
            "'c1'", "'c1  '", "'toolongname'", "'12'", "''"};
        int byShape = 0;
        for (int i = 0; i < 300; i++) {
            String column = columns[random.nextInt(columns.length)];
            String operator = operators[random.nextInt(operators.length)];
            String literal = literals[random.nextInt(literals.length)];
            String where = random.nextBoolean() ? column + " " + operator + " " + literal
                : literal + " " + operator + " " + column;
            String sql = "SELECT id FROM t WHERE " + where + " ORDER BY id";
            String context = "seed " + seed + ": " + sql;
            Object shaped;
            Object own;
            long planned = engine.planCount();
            try {
                shaped = query(sql);
                if (engine.planCount() == planned) {
                    byShape++;
                }
            } catch (org.verso.common.VersoException e) {
                shaped = e.sqlState();
            }
            try {
                own = rows(session.execute(engine.prepareAsWritten(sql, new org.verso.sql.api.Cancellation()),
                    new Object[0]));
            } catch (org.verso.common.VersoException e) {
                own = e.sqlState();
            }
            assertEquals(own, shaped, context);
        }
        System.out.println("answered by a shape planned before: " + byShape + " of 300");
        assertTrue(byShape > 15, "shapes answered " + byShape + " statements");
    }
}
