package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.core.catalog.ViewDefinition;

/** Views expand into the statements that read them. */
class ViewsTest extends SqlTestSupport {
    @BeforeEach
    void tables() {
        execute("CREATE TABLE emp (id INT PRIMARY KEY, dept INT, salary INT)");
        update("INSERT INTO emp VALUES (1, 10, 100), (2, 10, 200), (3, 20, 300)");
    }

    @Test
    void aViewReadsLikeATableAndSeesLaterRows() {
        execute("CREATE VIEW rich AS SELECT id, salary FROM emp WHERE salary >= 200");
        assertEquals(List.of(row(2, 200), row(3, 300)), query("SELECT * FROM rich ORDER BY id"));
        update("INSERT INTO emp VALUES (4, 20, 400)");
        assertEquals(List.of(row(3L)), query("SELECT COUNT(*) FROM rich"));
        assertEquals(List.of(row(4, 20)), query("SELECT r.id, e.dept FROM rich r JOIN emp e ON r.id = e.id "
            + "WHERE r.salary > ?", 300));
    }

    /**
     * A view whose query has ORDER BY (with or without LIMIT, or DISTINCT ON) reads in that order when the outer
     * query gives none, as in PostgreSQL; expanding it was an internal error (an assertion in Calcite's converter).
     */
    @Test
    void aViewWithOrderByKeepsItsOrder() {
        execute("CREATE VIEW by_salary AS SELECT id, salary FROM emp ORDER BY salary DESC");
        assertEquals(List.of(row(3, 300), row(2, 200), row(1, 100)), query("SELECT * FROM by_salary"));
        assertEquals(List.of(row(1), row(2), row(3)), query("SELECT id FROM by_salary ORDER BY id"));
        execute("CREATE VIEW top_two AS SELECT id, salary FROM emp ORDER BY salary DESC LIMIT 2");
        assertEquals(List.of(row(3, 300), row(2, 200)), query("SELECT * FROM top_two"));
        execute("CREATE VIEW top_ids AS SELECT id FROM emp ORDER BY salary DESC LIMIT 2"); // a key not selected
        assertEquals(List.of(row(3), row(2)), query("SELECT * FROM top_ids"));
        execute("CREATE VIEW best_per_dept AS SELECT DISTINCT ON (dept) dept, id FROM emp "
            + "ORDER BY dept, salary DESC");
        assertEquals(List.of(row(10, 2), row(20, 3)), query("SELECT * FROM best_per_dept"));
    }

    @Test
    void viewsOfViewsWithColumnNamesAndAggregates() {
        execute("CREATE VIEW per_dept (dept, total) AS SELECT dept, SUM(salary) FROM emp GROUP BY dept");
        execute("CREATE VIEW big_dept AS SELECT dept FROM per_dept WHERE total > 250");
        assertEquals(List.of(row(10), row(20)), query("SELECT dept FROM big_dept ORDER BY dept"));
        ViewDefinition big = database.catalog().view("BIG_DEPT").orElseThrow();
        assertEquals(List.of("PER_DEPT", "EMP").stream().sorted().toList(), big.dependsOn().stream().sorted().toList());
        assertTrue(assertFails("2BP01", "DROP VIEW per_dept").getMessage().contains("BIG_DEPT"));
        execute("DROP VIEW per_dept CASCADE");
        assertFails("42P01", "SELECT * FROM big_dept");
    }

    @Test
    void starIsExpandedWhenTheViewIsCreated() {
        execute("CREATE VIEW all_emp AS SELECT * FROM emp");
        execute("ALTER TABLE emp ADD COLUMN bonus INT DEFAULT 0");
        assertEquals(List.of(row(1, 10, 100)), query("SELECT * FROM all_emp WHERE id = 1"));
    }

    @Test
    void replaceDropAndErrors() {
        execute("CREATE VIEW v AS SELECT id FROM emp");
        assertFails("42P07", "CREATE VIEW v AS SELECT dept FROM emp");
        execute("CREATE OR REPLACE VIEW v AS SELECT dept FROM emp WHERE id = 3");
        assertEquals(List.of(row(20)), query("SELECT * FROM v"));
        assertFails("42P16", "CREATE VIEW w (a, b) AS SELECT id FROM emp");
        assertFails("42P01", "CREATE VIEW w AS SELECT * FROM nowhere");
        assertFails("42703", "CREATE VIEW w AS SELECT nope FROM emp");
        assertFails("42P01", "DROP VIEW nowhere");
        assertFails("42809", "DROP TABLE v");
        assertFails("42809", "DROP VIEW emp");
        execute("DROP VIEW IF EXISTS nowhere");
        execute("DROP VIEW v");
        assertFails("42P01", "SELECT * FROM v");
    }

    @Test
    void aViewCannotBeWritten() {
        execute("CREATE VIEW v AS SELECT id, salary FROM emp");
        String state = assertFailsAny("INSERT INTO v VALUES (9, 9)");
        assertTrue(state.equals("0A000") || state.startsWith("42"), state);
    }

    private String assertFailsAny(String sql) {
        try {
            session.execute(sql);
        } catch (org.verso.common.VersoException e) {
            return e.sqlState();
        }
        throw new AssertionError("no failure for " + sql);
    }
}
