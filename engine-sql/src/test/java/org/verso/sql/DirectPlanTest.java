package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        "NULL", "NULL = NULL", "- NULL IS NULL"};
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
        for (int i = 0; i < 30; i++) {
            update("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)", i, i % 7 == 0 ? null : i % 9, 20 - i,
                i % 5 == 0 ? null : new java.math.BigDecimal(i).movePointLeft(1), i / 4.0,
                i % 6 == 0 ? null : "n" + i, "c" + i % 3, i % 4 == 0 ? null : i % 2 == 0);
            update("INSERT INTO k VALUES (?, ?, ?)", i % 5, i, "v" + i);
        }
        update("INSERT INTO n (p, w) VALUES (1, 'one')");
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
                + "FROM t", "SELECT CASE WHEN b > 1 THEN 1 ELSE 2.5 END, COALESCE(a, 2.5), NULLIF(s, c) FROM t")) {
            assertTrue(direct(sql), sql);
        }
        assertTrue(engine.prepareAsWritten("SELECT s FROM t WHERE id = 3", new Cancellation()).explain()
            .contains("VersoKeyLookup"));
        for (String sql : List.of("SELECT a FROM t WHERE a = 3", "SELECT id FROM t WHERE id > 3",
            "SELECT * FROM k WHERE x = 1", "SELECT id FROM t ORDER BY a", "SELECT MAX(a) FROM t",
            "SELECT b + 1 FROM t GROUP BY b + 1", "SELECT b FROM t GROUP BY c", "SELECT * FROM t, k", "SELECT id FROM t WHERE r BETWEEN 1 AND 2.5",
            "SELECT id FROM t ORDER BY s NULLS FIRST", "SELECT id FROM t ORDER BY b", "SELECT ? FROM t",
            "INSERT INTO n (p, w) VALUES (1, 'x')", "INSERT INTO t (id) VALUES (1)",
            "INSERT INTO t (id, b) VALUES (1, 2), (3, 4)", "INSERT INTO t (id, b) SELECT id + 100, b FROM t",
            "UPDATE t SET b = 'x' WHERE id = 1", "SELECT id FROM t WHERE s = 1", "SELECT * FROM t LIMIT ?", "SELECT id FROM t WHERE b + NULL > 1", "SELECT id FROM t WHERE id IN (1, 2)",
            "SELECT id FROM t WHERE r IN (1, 2.5)", "SELECT id FROM t WHERE b IN (SELECT p FROM n)",
            "SELECT nosuch FROM t", "SELECT * FROM nosuch", "SELECT NULL", "SELECT *", "SELECT x",
            "SELECT CASE WHEN b > 1 THEN 1 ELSE 'x' END FROM t", "SELECT COALESCE(a, ?) FROM t")) {
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

    @Test
    void randomQueriesAnswerAsThePlannersPlansDo() {
        int statements = 600;
        int direct = randomStatements("queries", statements, (random, i) -> query(random), this::compare);
        assertTrue(direct > statements / 4, "direct plans: " + direct);
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

    /** Runs {@code count} random statements (seed printed); returns how many the direct path planned. */
    private int randomStatements(String kind, int count, BiFunction<Random, Integer, String> statement,
                                 Comparison comparison) {
        long seed = System.nanoTime();
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
                "NOT MAX(d) > 1", "COUNT(*) > ?", keys.isEmpty() ? "COUNT(*) = 0" : keys.get(0) + " IS NOT NULL"}));
        }
        sql.append(" ORDER BY ");
        for (int i = 1; i <= items.size(); i++) {
            sql.append(i > 1 ? ", " : "").append(i).append(random.nextBoolean() ? " DESC" : "");
        }
        return sql.toString();
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
