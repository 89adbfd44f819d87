package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.sql.api.Cancellation;

/**
 * The direct path ({@code prepare.DirectPlanner}) plans only statements whose plan is obvious, and its plans answer
 * exactly as the cost-based planner's plans of the same text: the same rows (in the same order where ORDER BY fixes
 * it), the same result columns and parameters, the same effects of a change, the same SQLState when they fail.
 */
class DirectPlanTest extends SqlTestSupport {
    private static final String[] NUMBERS = {"id", "a", "b", "d", "r", "t.a", "x.b"};
    /** What a query without a table computes with: literals, parameters and NULL. */
    private static final String[] CONSTANTS = {"1", "-7", "2.5", "1e1", "?", "NULL", "2147483647"};
    private static final String[] NUMBER_LITERALS = {"0", "1", "3", "-2", "17", "2.5", "0.25", "1e1", "2147483647", "5000000000"};
    private static final String[] STRINGS = {"s", "c", "'n3'", "'abc'", "'c1   '", "''", "'日本'", "CAST(a AS VARCHAR(2))",
        "CAST(s AS CHAR(3))", "CAST(NULL AS VARCHAR(4))", "CAST('12' AS VARCHAR)"};
    private static final String[] COMPARISONS = {"=", "<>", "<", "<=", ">", ">=", "!="};
    private static final String[] ARITHMETIC = {"+", "-", "*", "/", "%"};
    /** Forms the direct path leaves to the planner, mixed in so that both paths are compared on every mixture. */
    private static final String[] OTHER_CONDITIONS = {"a IN (1, 2, 3)", "CAST(a AS VARCHAR(5)) = s",
        "COALESCE(a, 0) > 1", "s = 1", "a = NULL", "s LIKE 'n%'", "UPPER(s) = 'N3'", "EXISTS (SELECT 1 FROM n)",
        "a BETWEEN SYMMETRIC 5 AND 1", "d = 1e0", "r > 1", "NULL IS NULL", "NOT NULL IS NOT NULL", "f AND NULL",
        "NULL", "NULL = NULL", "- NULL IS NULL", "a < NULL", "NULL <> b", "b + NULL > 1", "NULL NOT IN (1, 2)",
        "CAST(NULL AS INT) + b IS NOT NULL", "b BETWEEN NULL AND 3", "b / 0 = 1", "d / (b - 20) > 0",
        "NULL BETWEEN b AND 3", "NULL NOT BETWEEN NULL AND d", "NOT NULL BETWEEN 2.5 AND b", "NULL BETWEEN ? AND b",
        "NULL IN (1, b)", "NOT NULL IN (b)", "NULL NOT IN (b, d)", "NULL IN (NULL, a, 3)", "NULL IN (?, b)",
        "NULL <> NULL", "NOT NULL < NULL", "(NULL) >= NULL", "NOT NULL = NULL OR b > 3", "NULL BETWEEN NULL AND NULL",
        "NOT NULL NOT BETWEEN (NULL) AND NULL", "NULL NOT BETWEEN NULL AND NULL OR b > 2"};
    private static final String[] AGGREGATES = {"COUNT(*)", "COUNT(a)", "COUNT(DISTINCT b % 3)", "SUM(b)", "MIN(d)",
        "MAX(s)", "AVG(b)", "AVG(d)", "- COUNT(*) * 2", "SUM(b + 1) + MIN(a)", "MAX(r)", "COUNT(ALL f)", "SUM(s)",
        "MIN(id)", "AVG(DISTINCT a)", "SUM(NULL)", "COUNT(*) + b"};
    private static final String[] IN_ITEMS = {"1", "3", "?", "NULL", "2.5", "b", "- 4", "'n3'", "1e0", "a + 1"};
    private static final String[] CAST_TYPES = {"INTEGER", "BIGINT", "SMALLINT", "DECIMAL(6, 2)", "DECIMAL",
        "DOUBLE", "REAL", "VARCHAR(3)", "CHAR(4)", "NUMERIC(3)", "DECIMAL(50, 2)", "DATE", "TINYINT"};
    private static final String[] GROUP_COLUMNS = {"a", "c", "f", "s", "b"};

    @BeforeEach
    void tables() {
        execute("CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT NOT NULL, d DECIMAL(10, 2), r DOUBLE, "
            + "s VARCHAR(20), c CHAR(5), f BOOLEAN)");
        execute("CREATE INDEX t_a ON t (a)");
        execute("CREATE TABLE k (x INT, y INT, v VARCHAR(10), PRIMARY KEY (x, y))");
        execute("CREATE TABLE n (p INT, q INT DEFAULT 7, w VARCHAR(3) NOT NULL)");
        // Tables without indexes, whose columns share names with each other's and with t's, for joins.
        execute("CREATE TABLE u (g INT, h INT NOT NULL, z VARCHAR(8), e DECIMAL(6, 1))");
        execute("CREATE TABLE w (g BIGINT, b INT, c CHAR(5), v VARCHAR(8))");
        for (int i = 0; i < 30; i++) {
            update("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)", i, i % 7 == 0 ? null : i % 9, 20 - i,
                i % 5 == 0 ? null : new java.math.BigDecimal(i).movePointLeft(1), i / 4.0,
                i % 6 == 0 ? null : "n" + i, "c" + i % 3, i % 4 == 0 ? null : i % 2 == 0);
            update("INSERT INTO k VALUES (?, ?, ?)", i % 5, i, "v" + i);
        }
        update("INSERT INTO n (p, w) VALUES (1, 'one')");
        for (int i = 0; i < 12; i++) {
            update("INSERT INTO u VALUES (?, ?, ?, ?)", i % 5 == 0 ? null : i % 4, i - 2,
                i % 3 == 0 ? null : "n" + i % 4, new java.math.BigDecimal(i).movePointLeft(1));
        }
        for (int i = 0; i < 8; i++) {
            update("INSERT INTO w VALUES (?, ?, ?, ?)", i % 4 == 3 ? null : (long) (i % 3), 10 - 2 * i, "c" + i % 2,
                i % 2 == 0 ? "n" + i : null);
        }
    }

    private boolean direct(String sql) {
        return engine.prepareAsWritten(sql, new Cancellation()).compiled().direct();
    }

    @Test
    void simpleStatementsTakeTheDirectPathAndOthersThePlanner() {
        for (String sql : List.of("SELECT * FROM t", "SELECT s, b FROM t WHERE id = 3", "SELECT s FROM t WHERE id = ?",
            "SELECT v FROM k WHERE x = 1 AND y = 6 AND v <> 'a'", "SELECT id, b * 2 AS twice FROM t WHERE b > 3",
            "SELECT id, b FROM t WHERE s = 'n4' ORDER BY b DESC LIMIT 2 OFFSET 1", "SELECT * FROM t AS x WHERE x.b = 1",
            "SELECT s FROM t WHERE id = 2 FOR UPDATE", "INSERT INTO t VALUES (100, 1, 2, 3.5, 1e0, 's', 'c', TRUE)",
            "INSERT INTO t (b, id) VALUES (?, ?)", "UPDATE t SET b = b + ?, s = NULL WHERE id = ?",
            "DELETE FROM t WHERE id = 5", "DELETE FROM t WHERE b < 0", "UPDATE n SET q = 1",
            "SELECT DISTINCT b FROM t", "SELECT COUNT(*) FROM t", "SELECT c, SUM(b) FROM t GROUP BY c HAVING COUNT(*) > 1",
            "SELECT b + NULL, CAST(NULL AS INT) FROM t WHERE b IS NULL", "SELECT id FROM t WHERE b IN (1, ?, 3)",
            "SELECT id FROM t WHERE b NOT IN (1, 2)", "SELECT id FROM t WHERE b BETWEEN 1 AND 2.5",
            "SELECT id FROM t WHERE b IN (1, 2.5)", "SELECT id FROM t WHERE d <= CAST(b AS DECIMAL)",
            "SELECT 1 + 2 AS c, 'x'", "SELECT COUNT(*)", "SELECT DISTINCT - COUNT(-11) / 95 ORDER BY 1 LIMIT 1",
            "SELECT COALESCE(a, 0), NULLIF(b, 2), CASE WHEN b > 1 THEN 'x' END, CASE b WHEN 1 THEN NULL ELSE 3 END "
                + "FROM t", "SELECT CASE WHEN b > 1 THEN 1 ELSE 2.5 END, COALESCE(a, 2.5), NULLIF(s, c) FROM t",
            "SELECT * FROM t, k", "SELECT n.p, u.h FROM n, u WHERE n.p = u.g AND u.h > 3",
            "SELECT x.z, - y.b FROM u AS x CROSS JOIN w y WHERE x.g = y.g AND y.b > ?", "SELECT ALL * FROM w, u AS x",
            "SELECT u.*, b FROM u JOIN w ON u.g = w.g AND w.b < 5", "SELECT w.*, x.* FROM u x INNER JOIN w ON h < b",
            "SELECT COUNT(*), SUM(h), MAX(w.v) FROM u, w WHERE u.g = w.g", "SELECT DISTINCT z FROM u, n ORDER BY 1",
            "SELECT u.g, COUNT(*) FROM u, w WHERE u.z = w.v GROUP BY u.g", "SELECT * FROM t, u WHERE t.b = u.h",
            "SELECT * FROM u, w, n WHERE u.g = w.g AND n.p < u.h", "SELECT * FROM u, w WHERE u.z = w.v OR u.g IS NULL",
            "SELECT s, w.c FROM t, w WHERE t.c = w.c", "SELECT * FROM u, w WHERE u.h / 2 > 1 AND u.g = w.g",
            "SELECT h FROM u JOIN w ON u.g = w.g JOIN n ON n.p = w.b, k AS j ORDER BY 1",
            "SELECT * FROM u, w, n, k, t", "SELECT n.p FROM n, w, n AS n2 CROSS JOIN w AS w2, n AS n3 WHERE w.b > 1",
            "SELECT * FROM u, w WHERE NOT NULL IS NOT NULL AND u.g = w.g",
            "SELECT * FROM u CROSS JOIN w WHERE NULL IS NULL",
            "SELECT c FROM t GROUP BY c HAVING NULL IS NULL", "SELECT c FROM t GROUP BY c HAVING NOT NULL < NULL",
            "SELECT c FROM t GROUP BY c HAVING COUNT(*) > NULL OR SUM(b) < 9",
            "SELECT id FROM t WHERE r BETWEEN 1 AND 2.5", "SELECT * FROM u, w WHERE NOT NULL IS NULL",
            "SELECT * FROM u, w WHERE u.g = NULL")) {
            assertTrue(direct(sql), sql);
        }
        assertTrue(engine.prepareAsWritten("SELECT s FROM t WHERE id = 3", new Cancellation()).explain()
            .contains("VersoKeyLookup"));
        for (String sql : List.of("SELECT a FROM t WHERE a = 3", "SELECT id FROM t WHERE id > 3",
            "SELECT * FROM k WHERE x = 1", "SELECT id FROM t ORDER BY a", "SELECT MAX(a) FROM t",
            "SELECT b + 1 FROM t GROUP BY b + 1", "SELECT b FROM t GROUP BY c",
            "SELECT id FROM t ORDER BY s NULLS FIRST", "SELECT id FROM t ORDER BY b", "SELECT ? FROM t",
            "INSERT INTO n (p, w) VALUES (1, 'x')", "INSERT INTO t (id) VALUES (1)",
            "INSERT INTO t (id, b) VALUES (1, 2), (3, 4)", "INSERT INTO t (id, b) SELECT id + 100, b FROM t",
            "UPDATE t SET b = 'x' WHERE id = 1", "SELECT id FROM t WHERE s = 1", "SELECT * FROM t LIMIT ?", "SELECT id FROM t WHERE id IN (1, 2)",
            "SELECT id FROM t WHERE r IN (1, 2.5)", "SELECT id FROM t WHERE b IN (SELECT p FROM n)",
            "SELECT nosuch FROM t", "SELECT * FROM nosuch", "SELECT NULL", "SELECT *", "SELECT x",
            "SELECT CASE WHEN b > 1 THEN 1 ELSE 'x' END FROM t", "SELECT COALESCE(a, ?) FROM t",
            "SELECT * FROM t, u WHERE t.a = u.g", "SELECT * FROM t JOIN u ON t.id = u.h",
            "SELECT * FROM k, u WHERE h = x", "SELECT * FROM u LEFT JOIN w ON u.g = w.g",
            "SELECT * FROM u NATURAL JOIN w", "SELECT * FROM u JOIN w USING (g)",
            "SELECT * FROM u, w WHERE u.h / w.b > 1", "SELECT * FROM u JOIN w ON u.g = w.g AND u.h * 2 > 1",
            "SELECT g FROM u, w", "SELECT * FROM u, u",
            "SELECT * FROM u AS w, w", "SELECT * FROM u, (SELECT * FROM w) AS s",
            "SELECT * FROM u, w, n, k, t WHERE u.g = w.g",
            "SELECT * FROM n, n AS a, n AS b, n AS c, n AS d, n AS e, n AS f, n AS g, n AS h",
            "SELECT * FROM u JOIN w ON u.g = w.g WHERE NOT NULL IS NULL",
            "SELECT COUNT(*) FROM n, w WHERE 5000000000 != COALESCE(1e1, -2, 2.5) AND b < p",
            "SELECT * FROM u, w WHERE u.g + NULL > w.g",
            "SELECT c FROM t GROUP BY c HAVING c = NULL", "SELECT c FROM t GROUP BY c HAVING c < NULL OR COUNT(*) > 1",
            "SELECT * FROM u JOIN w ON w.b = n.p, n", "SELECT * FROM u JOIN w ON u.g = NULL",
            "SELECT * FROM u, w WHERE u.g = w.g AND u.h > 5 AND u.h < 3", "SELECT * FROM u, t WHERE u.h = t.id + 1",
            "SELECT * FROM u, w WHERE u.e = w.g + 0.5", "SELECT * FROM u, k WHERE x > 3",
            "SELECT * FROM u JOIN (w JOIN n ON p = b) ON true", "SELECT u.* FROM u, w GROUP BY u.g",
            "SELECT - CAST(NULL AS INT) FROM u, w, n", "SELECT - - u.h FROM u, w, n")) {
            try {
                assertFalse(direct(sql), sql);
            } catch (VersoException e) {
                // the planner's path reports the error
            }
        }
    }

    /**
     * PostgreSQL's {@code x::type} reaches the direct path as the CAST it stands for: it takes the path the CAST
     * takes, and answers as the planner's plan does.
     */
    @Test
    void infixCastsTakeTheirCastsPathAndAnswerAsThePlannersPlansDo() {
        Map<String, String> casts = Map.of(
            "SELECT id FROM t WHERE d <= b::DECIMAL", "SELECT id FROM t WHERE d <= CAST(b AS DECIMAL)",
            "SELECT id, a::VARCHAR(3) FROM t WHERE id = 3", "SELECT id, CAST(a AS VARCHAR(3)) FROM t WHERE id = 3",
            "SELECT s FROM t WHERE id = ?::INT", "SELECT s FROM t WHERE id = CAST(? AS INT)",
            "SELECT -b::DOUBLE, b + a::BIGINT FROM t WHERE id = 8",
            "SELECT -CAST(b AS DOUBLE), b + CAST(a AS BIGINT) FROM t WHERE id = 8");
        int direct = 0;
        for (Map.Entry<String, String> pair : casts.entrySet()) {
            String sql = pair.getKey();
            Object[] params = sql.contains("?") ? new Object[] {4} : new Object[0];
            boolean byDirectPath = compare(sql, params, sql);
            assertEquals(direct(pair.getValue()), byDirectPath, sql);
            direct += byDirectPath ? 1 : 0;
        }
        assertTrue(direct > 0, "no statement with :: took the direct path");
    }

    /**
     * A WHERE clause over one table that holds a NULL literal takes the direct path, simplified as the converter
     * simplifies it: a conjunct comparing with NULL makes the whole clause FALSE on both paths, so that neither
     * evaluates a conjunct that would fail; a NULL elsewhere both evaluate alike. (A HAVING clause with NULL stays
     * the planner's: its plan computes part of the clause apart from the filter; the random queries compare both.)
     */
    @Test
    void whereClausesWithNullAnswerAsThePlannersPlansDo() {
        for (String sql : List.of("SELECT id FROM t WHERE a < NULL AND b / 0 = 1",
            "SELECT id FROM t WHERE b / 0 = 1 AND NULL = a", "SELECT id FROM t WHERE (b / 0 = 1 AND a > 1) AND a <> NULL",
            "SELECT COUNT(*) FROM t WHERE id = NULL", "SELECT id FROM t WHERE b + NULL > 1",
            "SELECT id FROM t WHERE NOT a < NULL", "SELECT id, s FROM t WHERE NULL IS NULL",
            "SELECT id FROM t WHERE CAST(NULL AS INT) + b IS NOT NULL OR NOT b IS NOT NULL",
            "SELECT id FROM t WHERE b / 0 = 1 OR d = NULL", "SELECT id FROM t WHERE b NOT IN (NULL, 2) AND b > 3",
            "SELECT c, SUM(b) FROM t WHERE NULL = 42 GROUP BY c", "SELECT id FROM t WHERE b NOT BETWEEN NULL AND 3",
            "SELECT id FROM t WHERE NULL BETWEEN b AND 30 AND b / 0 = 1", "SELECT id FROM t WHERE NULL NOT BETWEEN NULL AND b",
            "SELECT id FROM t WHERE NOT NULL BETWEEN d AND 5", "SELECT id FROM t WHERE NULL IN (1, b)",
            "SELECT id FROM t WHERE NOT NULL IN (b) OR b > 3", "SELECT id FROM t WHERE NULL = NULL AND b / 0 = 1",
            "SELECT id FROM t WHERE NOT NULL <> NULL", "SELECT COUNT(*) FROM t WHERE NULL IN (b) AND b / 0 = 1")) {
            assertTrue(compare(sql, new Object[0], sql), sql);
        }
        for (String sql : List.of("UPDATE t SET b = b + 1 WHERE a = NULL AND b / 0 = 1",
            "DELETE FROM t WHERE b / 0 = 1 AND s < NULL", "UPDATE t SET s = 'x' WHERE b + NULL IS NULL AND s = 'n3'")) {
            assertTrue(compareEffects(sql, new Object[0], sql), sql);
        }
    }

    /**
     * A star in a grouped select list stands for its table's columns, each of which must be a group key: such a
     * query takes the direct path and answers as the planner's plan does; a star over a column not grouped is the
     * planner's error, on either path.
     */
    @Test
    void aStarOverGroupedColumnsAnswersAsThePlannersPlanDoes() {
        for (String sql : List.of("SELECT * FROM u GROUP BY g, h, z, e",
            "SELECT DISTINCT * FROM u AS x GROUP BY x.e, h, x.z, x.g",
            "SELECT ALL * FROM w GROUP BY v, w.c, b, g ORDER BY 1, 2",
            "SELECT w.*, COUNT(*) FROM w GROUP BY g, b, c, v",
            "SELECT x.*, SUM(w.b) FROM n AS x, w GROUP BY x.p, x.q, x.w HAVING COUNT(*) > 1")) {
            assertTrue(compare(sql, new Object[0], sql), sql);
        }
        for (String sql : List.of("SELECT * FROM u GROUP BY g, h, z",
            "SELECT u.* FROM u, w GROUP BY u.g, u.h, u.z, w.c")) {
            assertFalse(compare(sql, new Object[0], sql), sql);
            assertThrows(VersoException.class, () -> engine.prepareAsWritten(sql, new Cancellation()), sql);
        }
    }

    /**
     * THEN x under WHEN x IS NOT NULL makes a CASE that is never NULL, also where one x is qualified and the other
     * not (seed 13164855928988 of the random joins found the direct path calling it nullable).
     */
    @Test
    void aCaseGuardedByIsNotNullOfItsColumnIsNotNullHoweverTheColumnIsNamed() {
        for (String sql : List.of("SELECT CASE WHEN b IS NOT NULL THEN j0.b ELSE -2 END FROM w AS j0",
            "SELECT CASE WHEN j0.b IS NOT NULL THEN b ELSE -2 END FROM w AS j0 INNER JOIN u j1 ON h = j0.b",
            "SELECT CASE WHEN b IS NOT NULL THEN b ELSE -2 END FROM w")) {
            assertTrue(compare(sql, new Object[0], sql), sql);
            assertFalse(engine.prepareAsWritten(sql, new Cancellation()).columns().get(0).nullable(), sql);
        }
    }

    @Test
    void randomQueriesAnswerAsThePlannersPlansDo() {
        int statements = 600;
        int direct = randomStatements("queries", statements, (random, i) -> query(random), this::compare);
        assertTrue(direct > statements / 4, "direct plans: " + direct);
    }

    /**
     * Joins of two and three tables, with and without indexes, aliases, stars, qualified and unqualified names, equi
     * and other conditions in WHERE and ON, grouped or not. Where the direct path plans a query, its plan as
     * relational nodes (which EXPLAIN ANALYZE runs) also returns as many rows as its operators do.
     */
    @Test
    void randomJoinsAnswerAsThePlannersPlansDo() {
        int statements = 500;
        int direct = randomStatements("joins", statements, (random, i) -> joinQuery(random), (sql, params, context) -> {
            boolean byDirectPath = compare(sql, params, context);
            if (byDirectPath) {
                Object answer = answer(engine.prepareAsWritten(sql, new Cancellation()), params);
                Integer rows = answer instanceof List<?> list ? Integer.valueOf(list.size()) : null;
                assertEquals(rows, analyzedRows("EXPLAIN ANALYZE " + sql, params), context);
            }
            return byDirectPath;
        });
        // Many leave to the planner on purpose: outer joins, ambiguous names, joins an index could serve.
        assertTrue(direct > statements / 4, "direct plans: " + direct);
    }

    /**
     * A cross product of more tables than the direct path joins under join conditions (no condition reads two tables)
     * is the direct path's, and answers as the planner's plan does, single-table filters, stars and grouping included.
     */
    @Test
    void crossProductsOfManyTablesAnswerAsThePlannersPlansDo() {
        for (String sql : List.of(
            "SELECT COUNT(*), SUM(w.b), MIN(w2.v), MAX(n3.q) FROM n, w, n AS n2 CROSS JOIN w AS w2, n AS n3",
            "SELECT DISTINCT w.b, w2.c, w3.g FROM w, n, w AS w2, n AS n2, w AS w3 WHERE w.b / 2 > 1 AND w2.c <> 'c1'"
                + " AND n.p IS NOT NULL ORDER BY 1, 2, 3",
            "SELECT * FROM n, n AS a, w, n AS b, w AS c, n AS d WHERE w.g = 1 AND c.b < 5 AND NULL IS NULL"
                + " ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20",
            "SELECT w.g, COUNT(*) FROM w, n, n AS a, n AS b, w AS c WHERE c.v IS NULL GROUP BY w.g ORDER BY 1",
            "SELECT COUNT(*) FROM w, n, n AS a, n AS b, w AS c WHERE c.b / 0 = 1",
            "SELECT COUNT(*), MAX(w.b) FROM w, n WHERE NOT NULL IS NULL", "SELECT * FROM w, n WHERE 95 IS NULL",
            "SELECT * FROM w CROSS JOIN n WHERE (7) > NULL AND w.b > 1",
            "SELECT COUNT(*) FROM w, n WHERE NOT NULL IS NULL AND w.b / 0 = 1")) {
            assertTrue(compare(sql, new Object[0], sql) || sql.contains("/ 0"), sql);
        }
    }

    /**
     * A table filtered both by an ON condition and by a WHERE conjunct that can fail: the planner evaluates the two
     * in an order that depends on where the ON condition's join sits in the tree (here, below a comma join, the ON
     * condition first, so the overflow of the WHERE conjunct is never reached, since no row of w has b = g), so
     * both paths must answer alike; the direct path leaves such statements to the planner.
     */
    @Test
    void aFallibleWhereConjunctBesideAnOnConditionAnswersAsThePlannersPlanDoes() {
        for (String sql : List.of(
            "SELECT * FROM n AS j0 INNER JOIN w ON w.b = g, t WHERE (-2 * 2147483647) = (w.g - 0.25)",
            "SELECT * FROM n INNER JOIN w ON w.b = w.g WHERE (-2 * 2147483647) = (w.g - 0.25)",
            "SELECT COUNT(*) FROM n INNER JOIN w ON w.b = w.g, t WHERE w.b / 0 = 1",
            "SELECT COUNT(*) FROM n INNER JOIN w ON w.b > 1, t WHERE w.b > 2")) {
            compare(sql, new Object[0], sql);
        }
    }

    /**
     * An exact number compared with an approximate one is cast to the approximate type on both paths, as the
     * validator coerces it: in comparisons and BETWEEN, with columns, literals, NULLs and parameters.
     */
    @Test
    void exactAndApproximateNumbersCompareAsThePlannersPlansDo() {
        for (String sql : List.of("SELECT id FROM t WHERE r > b", "SELECT id FROM t WHERE b < 2.5e0",
            "SELECT id FROM t WHERE CAST(b AS REAL) <= d", "SELECT id FROM t WHERE NOT - CAST(1 AS REAL) >= b",
            "SELECT id FROM t WHERE r BETWEEN 1 AND 2.5", "SELECT id FROM t WHERE b BETWEEN r AND 7",
            "SELECT id FROM t WHERE CAST(-b AS REAL) * 99 BETWEEN b AND -b",
            "SELECT id FROM t WHERE 3 NOT BETWEEN r AND b", "SELECT id FROM t WHERE r = ? OR d <> r",
            "SELECT COUNT(*) FROM t, u WHERE t.r >= u.h AND t.b = u.g")) {
            Object[] params = sql.contains("?") ? new Object[] {2} : new Object[0];
            assertTrue(compare(sql, params, sql), sql);
        }
    }

    /** The rows an EXPLAIN ANALYZE counted its plan's top operator return, or null if the plan failed. */
    private Integer analyzedRows(String explainAnalyze, Object[] params) {
        try {
            String top = (String) rows(session.execute(session.prepare(explainAnalyze), params)).get(0).get(0);
            java.util.regex.Matcher count = java.util.regex.Pattern.compile("actual rows=(\\d+)").matcher(top);
            assertTrue(count.find(), top);
            return Integer.parseInt(count.group(1));
        } catch (VersoException e) {
            return null;
        }
    }

    /**
     * FOR UPDATE plans through relational nodes ({@code PlanShapes.Relations}) rather than straight into operators:
     * those plans too answer as the planner's, in a transaction that is then rolled back.
     */
    @Test
    void randomLockingQueriesAnswerAsThePlannersPlansDo() {
        int statements = 200;
        int direct = randomStatements("locking queries", statements, (random, i) -> plainQuery(random)
            + " FOR UPDATE", (sql, params, context) -> {
                session.setAutoCommit(false);
                try {
                    return compare(sql, params, context);
                } finally {
                    session.rollback();
                    session.setAutoCommit(true);
                }
            });
        assertTrue(direct > statements / 4, "direct plans: " + direct);
    }

    @Test
    void randomChangesHaveThePlannersEffects() {
        int statements = 300;
        int direct = randomStatements("changes", statements, DirectPlanTest::change, this::compareEffects);
        assertTrue(direct > statements / 3, "direct plans: " + direct);
    }

    /** Compares one way of running a statement with the other; returns whether the direct path planned it. */
    private interface Comparison {
        boolean compare(String sql, Object[] params, String context);
    }

    /**
     * Runs {@code count} random statements (seed printed; {@code -DdirectPlanTest.seed=...} replays one); returns
     * how many the direct path planned.
     */
    private int randomStatements(String kind, int count, BiFunction<Random, Integer, String> statement,
                                 Comparison comparison) {
        long seed = Long.getLong("directPlanTest.seed", System.nanoTime());
        System.out.println("DirectPlanTest " + kind + " seed=" + seed);
        Random random = new Random(seed);
        int direct = 0;
        for (int i = 0; i < count; i++) {
            String sql = statement.apply(random, i);
            if (comparison.compare(sql, params(sql, random), "seed " + seed + ": " + sql)) {
                direct++;
            }
        }
        System.out.println("planned directly: " + direct + " of " + count);
        return direct;
    }

    /** Runs a change both ways, each rolled back, and compares their counts and tables, or their SQLStates. */
    private boolean compareEffects(String sql, Object[] params, String context) {
        session.setAutoCommit(false);
        Object byDirect = effect(() -> engine.prepareAsWritten(sql, new Cancellation()), params);
        Object byPlanner = effect(() -> engine.prepareByPlanner(sql, new Cancellation()), params);
        session.setAutoCommit(true);
        assertEquals(byPlanner, byDirect, context);
        return !(byPlanner instanceof String) && direct(sql);
    }

    /** Runs a change and returns its count and the tables after it, or its SQLState; then rolls it back. */
    private Object effect(java.util.function.Supplier<PlannedSql> statement, Object[] params) {
        try {
            long count = session.execute(statement.get(), params).updateCount();
            return List.of(count, query("SELECT * FROM t ORDER BY id"), query("SELECT * FROM n ORDER BY p, w"));
        } catch (VersoException e) {
            return e.sqlState();
        } finally {
            session.rollback();
        }
    }

    /** Plans the text both ways and compares; returns whether the direct path planned it. */
    private boolean compare(String sql, Object[] params, String context) {
        PlannedSql byDirect;
        PlannedSql byPlanner;
        try {
            byPlanner = engine.prepareByPlanner(sql, new Cancellation());
        } catch (VersoException e) {
            VersoException other = org.junit.jupiter.api.Assertions.assertThrows(VersoException.class,
                () -> engine.prepareAsWritten(sql, new Cancellation()), context);
            assertEquals(e.sqlState(), other.sqlState(), context);
            return false;
        }
        byDirect = engine.prepareAsWritten(sql, new Cancellation());
        assertEquals(byPlanner.parameters(), byDirect.parameters(), context);
        assertEquals(byPlanner.columns(), byDirect.columns(), context);
        assertEquals(answer(byPlanner, params), answer(byDirect, params), context);
        return byDirect.compiled().direct();
    }

    private Object answer(PlannedSql statement, Object[] params) {
        try {
            return rows(session.execute(statement, params));
        } catch (VersoException e) {
            return e.sqlState();
        }
    }

    /** One value per parameter marker: numbers, as every marker generated here stands for a number. */
    private static Object[] params(String sql, Random random) {
        Object[] params = new Object[(int) sql.chars().filter(ch -> ch == '?').count()];
        for (int i = 0; i < params.length; i++) {
            params[i] = random.nextInt(10) == 0 ? null : random.nextInt(40) - 5;
        }
        return params;
    }

    private static String query(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> groupedQuery(random);
            case 1 -> queryWithoutTable(random);
            default -> plainQuery(random);
        };
    }

    /** A SELECT without FROM: constants, parameters and NULLs, aggregated or not; ordered by every column. */
    private static String queryWithoutTable(Random random) {
        List<String> items = new ArrayList<>();
        boolean aggregated = random.nextBoolean();
        for (int i = random.nextInt(3); i >= 0; i--) {
            items.add(switch (random.nextInt(aggregated ? 5 : 4)) {
                case 0 -> pick(random, new String[] {"'abc'", "''", "'日本'", "CAST(NULL AS VARCHAR(4))",
                    "CAST('12' AS VARCHAR)", "CAST(7 AS CHAR(3))"});
                case 1 -> number(random, 2, CONSTANTS) + " AS e" + i;
                case 2 -> condition(random, 1).replaceAll("\\b(id|a|b|d|r|t\\.a|x\\.b)\\b", "3");
                case 3 -> number(random, 2, CONSTANTS);
                default -> random.nextInt(6) == 0 ? "COUNT(*)" : pick(random, new String[] {"COUNT(", "SUM(",
                    "MIN(", "MAX(", "AVG(", "COUNT(DISTINCT ", "- SUM("}) + number(random, 1, CONSTANTS) + ")";
            });
        }
        StringBuilder sql = new StringBuilder("SELECT ").append(random.nextInt(4) == 0 ? "DISTINCT " : "")
            .append(String.join(", ", items));
        if (random.nextBoolean()) {
            sql.append(" ORDER BY ");
            for (int i = 1; i <= items.size(); i++) {
                sql.append(i > 1 ? ", " : "").append(i).append(random.nextBoolean() ? " DESC" : "");
            }
        }
        if (random.nextInt(4) == 0) {
            sql.append(" LIMIT ").append(random.nextInt(2));
        }
        return sql.toString();
    }

    /** A query whose rows are rows of the table: no grouping, no DISTINCT. */
    private static String plainQuery(Random random) {
        boolean alias = random.nextBoolean();
        StringBuilder sql = new StringBuilder("SELECT ");
        boolean ordered = random.nextInt(3) == 0;
        List<String> items = new ArrayList<>();
        if (ordered) {
            items.add("id"); // a unique last key: the order is then fully fixed
        }
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
            switch (random.nextInt(6)) {
                case 0 -> items.add("*");
                case 1 -> items.add(pick(random, STRINGS));
                case 2 -> items.add(number(random, 2) + " AS e" + i);
                case 3 -> items.add("f");
                default -> items.add(number(random, 2));
            }
        }
        sql.append(String.join(", ", items).replace("x.", alias ? "x." : "t.")).append(" FROM t");
        if (alias) {
            sql.append(" AS x");
        }
        if (random.nextInt(4) != 0) {
            String where = random.nextInt(4) == 0 ? "id = " + (random.nextBoolean() ? "?" : random.nextInt(35))
                + (random.nextBoolean() ? " AND " + condition(random, 2) : "") : condition(random, 3);
            sql.append(" WHERE ").append(alias ? where.replace("t.", "x.") : where.replace("x.", "t."));
        }
        if (ordered) {
            int key = 1 + random.nextInt(items.size());
            sql.append(" ORDER BY ").append(key).append(random.nextBoolean() ? " DESC" : "").append(", 1");
        }
        if (random.nextInt(5) == 0) {
            sql.append(" LIMIT ").append(random.nextInt(5));
            if (random.nextBoolean()) {
                sql.append(" OFFSET ").append(random.nextInt(3));
            }
        }
        return sql.toString();
    }

    /** Aggregates, GROUP BY, HAVING or DISTINCT; ordered by every output column, so that the order is fixed. */
    private static String groupedQuery(Random random) {
        List<String> items = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        if (random.nextInt(3) != 0) {
            for (int i = random.nextInt(3); i >= 0; i--) {
                String key = pick(random, GROUP_COLUMNS);
                keys.add(key);
                items.add(key);
            }
        }
        boolean distinct = keys.isEmpty() && random.nextInt(3) == 0;
        if (distinct) {
            items.add(pick(random, GROUP_COLUMNS));
            items.add(number(random, 1).replace("x.", "t."));
        } else {
            for (int i = random.nextInt(3); i >= 0; i--) {
                items.add(pick(random, AGGREGATES));
            }
        }
        StringBuilder sql = new StringBuilder("SELECT ").append(distinct || random.nextInt(5) == 0 ? "DISTINCT " : "")
            .append(String.join(", ", items)).append(" FROM t");
        if (random.nextBoolean()) {
            sql.append(" WHERE ").append(condition(random, 2).replace("x.", "t."));
        }
        if (!keys.isEmpty()) {
            sql.append(" GROUP BY ").append(String.join(", ", keys));
        }
        if (random.nextInt(3) == 0) {
            sql.append(" HAVING ").append(pick(random, new String[] {"COUNT(*) > 1", "SUM(b) < 30", "MIN(a) IS NULL",
                "NOT MAX(d) > 1", "COUNT(*) > ?", keys.isEmpty() ? "COUNT(*) = 0" : keys.get(0) + " IS NOT NULL",
                "COUNT(*) > NULL", "NULL IS NULL", "SUM(b) + NULL IS NULL", "NOT MIN(a) = NULL",
                "MAX(b) < NULL AND SUM(b) / 0 = 1", "NULL NOT BETWEEN MIN(b) AND 3", "SUM(b) / 0 = 1"}));
        }
        sql.append(" ORDER BY ");
        for (int i = 1; i <= items.size(); i++) {
            sql.append(i > 1 ? ", " : "").append(i).append(random.nextBoolean() ? " DESC" : "");
        }
        return sql.toString();
    }

    /** A table a join reads: its name, its columns by kind, and how many columns it has. */
    private record JoinTable(String name, String[] numbers, String[] strings, int width) {
    }

    /** t and k have indexes (a join on an index's first column is the planner's); n, u and w have none. */
    private static final JoinTable[] JOIN_TABLES = {
        new JoinTable("t", new String[] {"id", "a", "b", "d"}, new String[] {"s", "c"}, 8),
        new JoinTable("k", new String[] {"x", "y"}, new String[] {"v"}, 3),
        new JoinTable("n", new String[] {"p", "q"}, new String[] {"w"}, 3),
        new JoinTable("u", new String[] {"g", "h", "e"}, new String[] {"z"}, 4),
        new JoinTable("w", new String[] {"g", "b"}, new String[] {"c", "v"}, 4)};
    private static final JoinTable[] UNINDEXED = {JOIN_TABLES[2], JOIN_TABLES[3], JOIN_TABLES[4]};

    /** The tables of a join query so far, each with the name that qualifies its columns. */
    private record Joined(List<JoinTable> tables, List<String> qualifiers) {
        /** A column of one of the tables, qualified four times in five (unqualified, it may be ambiguous). */
        String column(Random random, boolean number) {
            int i = random.nextInt(tables.size());
            return column(random, i, number);
        }

        String column(Random random, int table, boolean number) {
            JoinTable joined = tables.get(table);
            String name = pick(random, number ? joined.numbers() : joined.strings());
            return random.nextInt(5) == 0 ? name : qualifiers.get(table) + "." + name;
        }

        String[] numbers(Random random) {
            String[] operands = new String[4];
            for (int i = 0; i < operands.length; i++) {
                operands[i] = column(random, true);
            }
            return operands;
        }
    }

    /**
     * A SELECT over two tables (three one time in three) joined with commas, CROSS JOIN or [INNER] JOIN ... ON, and
     * now and then an outer join that is the planner's; ordered by every column where the join order could differ.
     */
    private static String joinQuery(Random random) {
        int count = random.nextInt(3) == 0 ? 3 : 2;
        Joined joined = new Joined(new ArrayList<>(), new ArrayList<>());
        StringBuilder from = new StringBuilder();
        for (int i = 0; i < count; i++) {
            JoinTable[] choices = random.nextInt(3) == 0 ? JOIN_TABLES : UNINDEXED;
            JoinTable table = choices[random.nextInt(choices.length)];
            String alias = random.nextInt(3) == 0 ? null : "j" + i;
            joined.tables().add(table);
            joined.qualifiers().add(alias == null ? table.name() : alias);
            String item = table.name() + (alias == null ? "" : random.nextBoolean() ? " AS " + alias : " " + alias);
            if (i == 0) {
                from.append(item);
                continue;
            }
            switch (random.nextInt(10)) {
                case 0, 1, 2 -> from.append(", ").append(item);
                case 3 -> from.append(" CROSS JOIN ").append(item);
                case 4, 5, 6 -> from.append(" JOIN ").append(item).append(" ON ")
                    .append(joinCondition(random, joined, 1));
                case 7 -> from.append(" INNER JOIN ").append(item).append(" ON ")
                    .append(joinCondition(random, joined, 1));
                case 8 -> from.append(pick(random, new String[] {" LEFT JOIN ", " RIGHT JOIN "})).append(item)
                    .append(" ON ").append(joinCondition(random, joined, 0));
                default -> from.append(" NATURAL JOIN ").append(item);
            }
        }
        boolean grouped = random.nextInt(4) == 0;
        List<String> items = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        int width = 0;
        if (grouped) {
            for (int i = random.nextInt(3); i > 0; i--) {
                String key = joined.column(random, random.nextBoolean());
                keys.add(key);
                items.add(key);
                width++;
            }
            for (int i = random.nextInt(2); i >= 0; i--) {
                items.add(switch (random.nextInt(5)) {
                    case 0 -> "COUNT(*)";
                    case 1 -> pick(random, new String[] {"SUM(", "MIN(", "AVG(", "COUNT(DISTINCT "})
                        + joined.column(random, true) + ")";
                    case 2 -> "MAX(" + joined.column(random, false) + ")";
                    case 3 -> "SUM(" + number(random, 1, joined.numbers(random)) + ")";
                    default -> "COUNT(" + joined.column(random, random.nextBoolean()) + ") + 1";
                });
                width++;
            }
        } else {
            for (int i = random.nextInt(3); i >= 0; i--) {
                switch (random.nextInt(6)) {
                    case 0 -> {
                        items.add("*");
                        width += joined.tables().stream().mapToInt(JoinTable::width).sum();
                    }
                    case 1 -> {
                        int table = random.nextInt(count);
                        items.add(joined.qualifiers().get(table) + ".*");
                        width += joined.tables().get(table).width();
                    }
                    case 2 -> {
                        items.add(joined.column(random, false));
                        width++;
                    }
                    case 3 -> {
                        items.add(number(random, 2, joined.numbers(random)) + " AS e" + i);
                        width++;
                    }
                    default -> {
                        items.add(random.nextBoolean() ? joined.column(random, true)
                            : number(random, 1, joined.numbers(random)));
                        width++;
                    }
                }
            }
        }
        StringBuilder sql = new StringBuilder("SELECT ").append(random.nextInt(5) == 0 ? "DISTINCT " : "")
            .append(String.join(", ", items)).append(" FROM ").append(from);
        if (random.nextInt(3) != 0) {
            sql.append(" WHERE ").append(joinCondition(random, joined, 2));
        }
        if (!keys.isEmpty()) {
            sql.append(" GROUP BY ").append(String.join(", ", keys));
        }
        // Two tables join in the order written on both paths; the planner may reorder three.
        boolean ordered = count > 2 || grouped || random.nextBoolean();
        if (ordered) {
            sql.append(" ORDER BY ");
            for (int i = 1; i <= width; i++) {
                sql.append(i > 1 ? ", " : "").append(i).append(random.nextBoolean() ? " DESC" : "");
            }
        }
        if (ordered && random.nextInt(4) == 0) {
            sql.append(" LIMIT ").append(random.nextInt(4));
        }
        return sql.toString();
    }

    /**
     * A condition over the tables joined so far: equalities of columns of two tables or of one (in ON too), and other
     * forms.
     */
    private static String joinCondition(Random random, Joined joined, int depth) {
        int last = joined.tables().size() - 1;
        int other = random.nextInt(last + 1);
        return switch (random.nextInt(depth == 0 ? 5 : 9)) {
            case 0, 1 -> joined.column(random, last, true) + " = " + joined.column(random, other, true);
            case 2 -> joined.column(random, last, false) + " = " + joined.column(random, other, false);
            case 3 -> {
                boolean number = random.nextBoolean();
                yield joined.column(random, number) + " " + pick(random, COMPARISONS) + " "
                    + joined.column(random, number);
            }
            case 4 -> pick(random, new String[] {
                joined.column(random, true) + " > " + pick(random, new String[] {"?", "2", "-1", "2.5"}),
                joined.column(random, random.nextBoolean()) + (random.nextBoolean() ? " IS NULL" : " IS NOT NULL"),
                joined.column(random, false) + " <> 'n1'", joined.column(random, true) + " IN (1, 3, ?)",
                number(random, 1, joined.numbers(random)) + " " + pick(random, COMPARISONS) + " "
                    + number(random, 1, joined.numbers(random)),
                pick(random, new String[] {"NOT NULL IS NOT NULL", "NULL IS NULL", "NOT NULL IS NULL",
                    "NULL = NULL"})});
            case 5 -> "(" + joinCondition(random, joined, depth - 1) + " AND "
                + joinCondition(random, joined, depth - 1) + ")";
            case 6 -> "(" + joinCondition(random, joined, depth - 1) + " OR "
                + joinCondition(random, joined, depth - 1) + ")";
            case 7 -> "NOT " + joinCondition(random, joined, depth - 1);
            default -> joinCondition(random, joined, depth - 1) + " AND "
                + joinCondition(random, joined, depth - 1);
        };
    }

    private static String change(Random random, int i) {
        return switch (random.nextInt(6)) {
            case 0 -> "INSERT INTO t VALUES (" + (100 + i) + ", " + number(random, 0).replace("t.", "") + ", "
                + pick(random, new String[] {"?", "4", "NULL", "2.5", "5000000000"}) + ", " + pick(random, NUMBER_LITERALS) + ", "
                + pick(random, new String[] {"1e0", "2", "?"}) + ", " + pick(random, STRINGS) + ", 'c', "
                + pick(random, new String[] {"TRUE", "NULL", "FALSE"}) + ")";
            case 1 -> "INSERT INTO n (w, p) VALUES (" + pick(random, new String[] {"'ab'", "'abcd'", "NULL", "?"})
                + ", " + pick(random, new String[] {"?", "3", "NULL"}) + ")";
            case 2 -> "UPDATE t" + (random.nextBoolean() ? " AS x" : "") + " SET b = "
                + number(random, 1).replace("t.", "").replace("x.", "") + ", s = " + pick(random, STRINGS)
                + " WHERE " + (random.nextBoolean() ? "id = " + random.nextInt(35) : condition(random, 2)
                .replace("t.", "").replace("x.", ""));
            case 3 -> "UPDATE n SET q = " + pick(random, new String[] {"q + 1", "?", "NULL", "'x'", "p * q"});
            case 4 -> "DELETE FROM t WHERE " + (random.nextBoolean() ? "id = " + (random.nextBoolean() ? "?"
                : String.valueOf(random.nextInt(35))) : condition(random, 2).replace("t.", "").replace("x.", ""));
            default -> "DELETE FROM k WHERE x = " + random.nextInt(5) + " AND y = " + random.nextInt(30);
        };
    }

    private static String number(Random random, int depth) {
        return number(random, depth, NUMBERS);
    }

    /** A numeric expression over {@code operands} and number literals. */
    private static String number(Random random, int depth, String[] operands) {
        // CASE, NULLIF and COALESCE (5 to 7) one time in five, so that the other forms stay common.
        int choice = depth > 0 && random.nextInt(5) == 0 ? 5 + random.nextInt(3) : random.nextInt(depth == 0 ? 2 : 5);
        return switch (choice) {
            case 5 -> "CASE WHEN " + condition(random, 0) + " THEN " + number(random, depth - 1, operands)
                + (random.nextBoolean() ? " WHEN " + condition(random, 0) + " THEN "
                + pick(random, new String[] {"NULL", "?", number(random, depth - 1, operands)}) : "")
                + (random.nextBoolean() ? " ELSE " + number(random, depth - 1, operands) : "") + " END";
            case 6 -> random.nextBoolean() ? "NULLIF(" + number(random, depth - 1, operands) + ", "
                + number(random, depth - 1, operands) + ")"
                : "CASE " + number(random, depth - 1, operands) + " WHEN " + number(random, 0, operands) + " THEN "
                + number(random, depth - 1, operands) + " END";
            case 7 -> "COALESCE(" + number(random, depth - 1, operands) + ", " + pick(random, new String[] {"NULL",
                number(random, depth - 1, operands)}) + (random.nextBoolean() ? ", " + number(random, 0, operands)
                : "") + ")";
            case 0 -> pick(random, operands);
            case 1 -> pick(random, NUMBER_LITERALS);
            case 2 -> random.nextInt(3) == 0 ? "CAST(" + number(random, depth - 1, operands) + " AS "
                + pick(random, CAST_TYPES) + ")"
                : (random.nextBoolean() ? "- " : "+ ") + number(random, depth - 1, operands);
            default -> "(" + number(random, depth - 1, operands) + " " + pick(random, ARITHMETIC) + " "
                + number(random, depth - 1, operands) + ")";
        };
    }

    private static String condition(Random random, int depth) {
        int choice = random.nextInt(depth == 0 ? 4 : 10);
        return switch (choice) {
            case 0 -> number(random, 1) + " " + pick(random, COMPARISONS) + " "
                + (random.nextInt(4) == 0 ? "?" : number(random, 1));
            case 1 -> pick(random, STRINGS) + " " + pick(random, COMPARISONS) + " " + pick(random, STRINGS);
            case 2 -> pick(random, new String[] {"a", "s", "d", "f", "b"}) + (random.nextBoolean() ? " IS NULL"
                : " IS NOT NULL");
            case 3 -> random.nextBoolean() ? "f" : pick(random, OTHER_CONDITIONS);
            case 4 -> "NOT " + condition(random, depth - 1);
            case 5 -> "(" + condition(random, depth - 1) + " AND " + condition(random, depth - 1) + ")";
            case 6 -> "(" + condition(random, depth - 1) + " OR " + condition(random, depth - 1) + ")";
            case 7 -> number(random, 1) + (random.nextBoolean() ? " NOT" : "") + " BETWEEN " + number(random, 0)
                + " AND " + (random.nextInt(3) == 0 ? "?" : number(random, 0));
            case 8 -> pick(random, new String[] {"b", "d", "r", "id", "a", "s", "x.b", "t.b"})
                + (random.nextBoolean() ? " NOT" : "") + " IN (" + pick(random, IN_ITEMS) + ", "
                + pick(random, IN_ITEMS) + (random.nextBoolean() ? ", " + pick(random, IN_ITEMS) : "") + ")";
            default -> number(random, 0) + " = " + number(random, 0);
        };
    }

    private static String pick(Random random, String[] choices) {
        return choices[random.nextInt(choices.length)];
    }
}
