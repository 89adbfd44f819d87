package org.verso.sql.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Litmus;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;

/**
 * {@link SimpleQueryParser} builds exactly the tree the generated parser builds (every node's class, operator,
 * value and position), or declines: over sqllogictest's queries, over hand-picked forms, and over random
 * expressions (seed printed).
 */
class SimpleQueryParserTest {
    private static final List<String> CORPUS = List.of("test/random/aggregates/slt_good_0.test",
        "test/random/expr/slt_good_0.test", "test/random/groupby/slt_good_0.test",
        "test/random/select/slt_good_0.test", "test/select1.test", "test/select2.test", "test/select3.test",
        "test/select4.test", "test/select5.test", "test/index/in/10/slt_good_0.test", "test/index/orderby/10/slt_good_0.test",
        "test/index/commute/10/slt_good_0.test", "test/evidence/slt_lang_aggfunc.test");

    /**
     * Parses with both; if the simple parser answers, its tree must be the generated parser's after
     * {@link EarlyChecks}, which {@code SqlParsing} applies to the generated parser's trees and the simple parser to
     * its own where they could change or refuse something (the same refusal, where they refuse).
     */
    private static boolean sameOrDeclined(String sql) {
        SqlNode simple;
        VersoException refused = null;
        try {
            simple = SimpleQueryParser.parse(sql);
        } catch (VersoException e) {
            simple = null;
            refused = e;
        }
        if (simple == null && refused == null) {
            return false;
        }
        SqlNode expected;
        try {
            expected = SqlParsing.grammarTree(sql);
        } catch (SqlParseException e) {
            fail("the simple parser accepted what the generated parser refuses: " + sql + "\n" + e.getMessage());
            return false;
        }
        try {
            expected.accept(EarlyChecks.INSTANCE);
        } catch (VersoException e) {
            assertEquals(e.getMessage(), refused == null ? "(accepted)" : refused.getMessage(), sql);
            return true;
        }
        assertNull(refused, sql);
        assertSameTree(expected, simple, sql, "");
        return true;
    }

    @Test
    void buildsTheGeneratedParsersTreeForSqlLogicTestQueries() throws IOException {
        int statements = 0;
        int accepted = 0;
        int selects = 0;
        for (String file : CORPUS) {
            for (String sql : statements(file)) {
                statements++;
                if (sql.regionMatches(true, 0, "SELECT", 0, 6)) {
                    selects++;
                }
                if (sameOrDeclined(sql)) {
                    accepted++;
                }
            }
        }
        System.out.printf("SimpleQueryParser: %d of %d statements (%d SELECTs) parsed, each to the generated "
            + "parser's tree%n", accepted, statements, selects);
        // The point of the parser: most plain queries are its. A change that made it decline them would pass the
        // comparisons above without testing anything.
        assertTrue(accepted > selects * 0.8, accepted + " of " + selects + " SELECTs");
    }

    @Test
    void buildsTheGeneratedParsersTreeForEachForm() {
        for (String sql : List.of(
            "SELECT 1",
            "SELECT * FROM t",
            "select a, B, \"c\", \"Mixed\"\"Quote\" from T",
            "SELECT ALL a AS x, b y, c AS \"Z z\" FROM s.t",
            "SELECT DISTINCT t.a, t.*, x.y.z FROM t AS u, v w CROSS JOIN x JOIN y ON y.a = x.b INNER JOIN z ON TRUE",
            "SELECT a FROM t JOIN u",
            "SELECT - + - 1 * 2 / 3 % 4 - 5 + 6 || 'x' FROM t",
            "SELECT 1.5, .5, 1., 1e5, 1.5E-3, 2E+2, 123456789012345678901234567890",
            "SELECT 'it''s', '', '日本', '🎉' FROM t",
            "SELECT a FROM t WHERE a = 1 AND b <> 2 OR c != 3 AND NOT d < 4 AND e <= 5 AND f > 6 AND g >= 7",
            "SELECT a FROM t WHERE a IS NULL OR b IS NOT NULL OR c IS TRUE OR d IS NOT FALSE OR e IS UNKNOWN",
            "SELECT a FROM t WHERE a BETWEEN 1 AND 2 AND b NOT BETWEEN SYMMETRIC c + 1 AND d * 2",
            "SELECT a FROM t WHERE a BETWEEN ASYMMETRIC 1 AND 2 OR NOT a NOT BETWEEN 3 AND 4",
            "SELECT a FROM t WHERE a IN (1, 2, 3) AND b NOT IN (c, d + 1) AND e IN (1)",
            "SELECT a FROM t WHERE s LIKE 'a%' AND u NOT LIKE 'b' || c",
            "SELECT CASE WHEN a > 1 THEN 'x' WHEN a < 0 THEN 'y' ELSE 'z' END FROM t",
            "SELECT CASE a WHEN 1 THEN 2 END, CASE WHEN NULL THEN NULL END FROM t",
            "SELECT CAST(a AS INTEGER), CAST(b AS INT), CAST(c AS DECIMAL(10, 2)), CAST(d AS NUMERIC(5)), "
                + "CAST(e AS DEC), CAST(f AS VARCHAR(20)), CAST(g AS CHAR), CAST(h AS CHARACTER VARYING(3)), "
                + "CAST(i AS DOUBLE PRECISION), CAST(j AS DOUBLE), CAST(k AS REAL), CAST(l AS FLOAT), "
                + "CAST(m AS BOOLEAN), CAST(n AS BIGINT), CAST(o AS SMALLINT), CAST(p AS TINYINT), "
                + "CAST(q AS SIGNED), CAST(r AS VARCHAR)",
            "SELECT COUNT(*), COUNT(DISTINCT a), COUNT(ALL b), SUM(a + 1), MIN(a), MAX(b), AVG(c), ABS(-1), "
                + "COALESCE(a, b, 0), NULLIF(a, 1), f(), g(1, 2), \"Q\"(a), LOWER(s), UPPER(s), MOD(a, 2) FROM t",
            "SELECT a, COUNT(*) FROM t GROUP BY a HAVING COUNT(*) > 1",
            "SELECT a, b FROM t GROUP BY a, b ORDER BY a DESC, 2 ASC, b LIMIT 10 OFFSET 5",
            "SELECT a FROM t ORDER BY a LIMIT ?",
            "SELECT a FROM t LIMIT 3",
            "SELECT a FROM t OFFSET 2",
            "SELECT a FROM t WHERE a = ? AND b = ? OR c IN (?, ?)",
            "SELECT ((a)), (1 + 2) * 3, (CASE WHEN a THEN 1 END) FROM t",
            "SELECT\n  a,\n\tb\nFROM t\nWHERE a = 'x'\n  AND b = 2",
            "  SELECT a FROM t  ",
            "SELECT NULL, TRUE, FALSE, UNKNOWN, - NULL",
            "SELECT value, name, key, type, data, day, \"year\", t.year, count, c.c FROM t AS c WHERE count > 1",
            "SELECT a FROM t AS value, u name JOIN v AS \"Day\" ON value.a = name.b",
            "SELECT a AS value, b name, c AS key, d data FROM t",
            "SELECT LEFT(s, 2), POWER(a, 2), SQRT(a), LN(a), EXP(a), CHAR_LENGTH(s), LOWER(s) FROM t",
            // what the early checks refuse or retype, refused or retyped alike
            "SELECT 123456789012345678901234567890123456789 FROM t", "SELECT 1e400, 2.5E-3 FROM t",
            "SELECT COALESCE() FROM t", "SELECT a FROM t WHERE NULL AND a > 1 OR NOT NULL",
            "SELECT 0.123456789012345678901234567890123456789")) {
            assertTrue(sameOrDeclined(sql), "declined: " + sql);
        }
    }

    @Test
    void declinesWhatItDoesNotKnow() {
        for (String sql : List.of(
            "INSERT INTO t VALUES (1)", "VALUES (1)", "WITH x AS (SELECT 1) SELECT * FROM x",
            "SELECT (SELECT 1)", "SELECT a FROM t WHERE EXISTS (SELECT 1)", "SELECT a FROM t WHERE a IN (SELECT b FROM u)",
            "SELECT a FROM (SELECT 1 AS a) AS s", "SELECT a FROM t LEFT JOIN u ON TRUE", "SELECT a FROM t -- c",
            "SELECT /* c */ a FROM t", "SELECT a::INT FROM t", "SELECT a FROM t UNION SELECT b FROM u",
            "SELECT a FROM t FOR UPDATE", "SELECT s LIKE 'a' ESCAPE '\\' FROM t", "SELECT a = ANY (1) FROM t",
            "SELECT DATE '2020-01-01'", "SELECT x'01'", "SELECT N'a'", "SELECT 'a' 'b'", "SELECT a FROM t\r\n",
            "SELECT COUNT(*) OVER () FROM t", "SELECT a FROM t GROUP BY ROLLUP(a)", "SELECT \"\" FROM t", "SELECT a.b(1) FROM t",
            "SELECT TRIM(a) FROM t", "SELECT CAST(a AS DATE) FROM t", "SELECT a FROM t ORDER BY a NULLS FIRST",
            "SELECT a FROM t LIMIT 1, 2", "SELECT a FROM t FETCH FIRST 1 ROWS ONLY", "SELECT (a, b) FROM t",
            "SELECT a FROM t GROUP BY ()", "SELECT CASE WHEN a, b THEN 1 END FROM t", "SELECT a FROM t AS u (x)",
            "SELECT a IS DISTINCT FROM b FROM t", "SELECT CAST(a AS INT UNSIGNED) FROM t",
            "SELECT CAST(a AS VARCHAR(3) CHARACTER SET utf8) FROM t", "SELECT 1e FROM t", "SELECT 1x FROM t",
            "SELECT é FROM t")) {
            assertNull(SimpleQueryParser.parse(sql), sql);
        }
    }

    /** A statement in error is never the simple parser's: the generated parser reports every error. */
    @Test
    void declinesStatementsInError() {
        for (String sql : List.of("SELECT", "SELECT FROM t", "SELECT a FROM", "SELECT a b c FROM t", "SELECT a,",
            "SELECT a FROM t WHERE", "SELECT (a FROM t", "SELECT a FROM t WHERE a = = 1", "SELECT a FROM t t2 t3",
            "SELECT COUNT(* FROM t", "SELECT CASE END", "SELECT a FROM t ORDER a", "SELECT CAST(a INT) FROM t",
            "SELECT a FROM t GROUP BY", "SELECT 1 +", "SELECT a NOT b FROM t", "SELECT a FROM t LIMIT",
            "SELECT a FROM t WHERE a IN ()", "SELECT CAST(a AS DECIMAL(99999999999)) FROM t", "SELECT 'abc")) {
            assertNull(SimpleQueryParser.parse(sql), sql);
        }
    }

    @Test
    void buildsTheGeneratedParsersTreeForRandomExpressions() {
        long seed = System.nanoTime();
        System.out.println("SimpleQueryParserTest random expressions, seed " + seed);
        Random random = new Random(seed);
        int accepted = 0;
        for (int i = 0; i < 3000; i++) {
            String sql = "SELECT " + expression(random, 4) + (random.nextBoolean() ? " AS c" : "")
                + " FROM t" + (random.nextBoolean() ? " WHERE " + expression(random, 4) : "");
            if (sameOrDeclined(sql)) {
                accepted++;
            }
        }
        assertTrue(accepted > 2500, accepted + " of 3000 random queries (seed " + seed + ")");
    }

    private static final String[] ATOMS = {"1", "0", "17", "2.5", "1e3", "'s'", "''", "NULL", "TRUE", "a", "t.b",
        "\"C\"", "?", "COUNT(*)", "SUM(a)", "COALESCE(a, 1)", "CAST(a AS INTEGER)", "f(a, b)"};
    private static final String[] BINARY = {"+", "-", "*", "/", "%", "||", "=", "<>", "!=", "<", "<=", ">", ">=",
        "AND", "OR"};

    private static String expression(Random random, int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return ATOMS[random.nextInt(ATOMS.length)];
        }
        String a = expression(random, depth - 1);
        String b = expression(random, depth - 1);
        String space = random.nextInt(5) == 0 ? "\n" : random.nextInt(3) == 0 ? "  " : " ";
        return switch (random.nextInt(12)) {
            case 0 -> "(" + a + ")";
            case 1 -> (random.nextBoolean() ? "- " : random.nextBoolean() ? "+" : "NOT ") + a;
            case 2 -> a + " IS " + (random.nextBoolean() ? "NOT " : "") + "NULL";
            case 3 -> a + (random.nextBoolean() ? " NOT" : "") + " BETWEEN " + a + " AND " + b;
            case 4 -> a + (random.nextBoolean() ? " NOT" : "") + " IN (" + a + ", " + b + ")";
            case 5 -> a + (random.nextBoolean() ? " NOT" : "") + " LIKE " + b;
            case 6 -> "CASE WHEN " + a + " THEN " + b + (random.nextBoolean() ? " ELSE " + a : "") + " END";
            case 7 -> "CASE " + a + " WHEN " + b + " THEN " + a + " END";
            default -> a + space + BINARY[random.nextInt(BINARY.length)] + space + b;
        };
    }

    /** The statements and queries of a sqllogictest file, as its runner reads them. */
    private static List<String> statements(String file) throws IOException {
        List<String> statements = new ArrayList<>();
        InputStream in = SimpleQueryParserTest.class.getClassLoader().getResourceAsStream(file);
        assertNotNull(in, file);
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            StringBuilder sql = null;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("query ") || line.startsWith("statement ")) {
                    sql = new StringBuilder();
                } else if (sql != null) {
                    if (line.equals("----") || line.isEmpty()) {
                        statements.add(sql.toString().strip());
                        sql = null;
                    } else {
                        sql.append(sql.isEmpty() ? "" : "\n").append(line);
                    }
                }
            }
        }
        return statements;
    }

    // ---- the comparison

    private static void assertSameTree(SqlNode expected, SqlNode actual, String sql, String path) {
        if (expected == null || actual == null) {
            assertEquals(expected, actual, () -> where(sql, path));
            return;
        }
        Supplier<String> at = () -> where(sql, path + "/" + expected.getClass().getSimpleName());
        assertEquals(expected.getClass(), actual.getClass(), at);
        assertEquals(expected.getKind(), actual.getKind(), at);
        assertSamePosition(expected.getParserPosition(), actual.getParserPosition(), at);
        if (expected instanceof SqlIdentifier id) {
            SqlIdentifier other = (SqlIdentifier) actual;
            assertEquals(id.names, other.names, at);
            for (int i = 0; i < id.names.size(); i++) {
                assertSamePosition(id.getComponentParserPosition(i), other.getComponentParserPosition(i), at);
            }
        } else if (expected instanceof SqlLiteral literal) {
            SqlLiteral other = (SqlLiteral) actual;
            assertEquals(literal.getTypeName(), other.getTypeName(), at);
            assertEquals(literal.getValue(), other.getValue(), at);
        } else if (expected instanceof SqlDynamicParam param) {
            assertEquals(param.getIndex(), ((SqlDynamicParam) actual).getIndex(), at);
        } else if (expected instanceof SqlDataTypeSpec spec) {
            SqlDataTypeSpec other = (SqlDataTypeSpec) actual;
            assertEquals(spec.getTypeNameSpec().getClass(), other.getTypeNameSpec().getClass(), at);
            assertSamePosition(spec.getTypeNameSpec().getParserPos(), other.getTypeNameSpec().getParserPos(), at);
            assertSameTree(spec.getTypeNameSpec().getTypeName(), other.getTypeNameSpec().getTypeName(), sql,
                path + "/type");
            if (spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic) {
                SqlBasicTypeNameSpec otherBasic = (SqlBasicTypeNameSpec) other.getTypeNameSpec();
                assertEquals(basic.getPrecision(), otherBasic.getPrecision(), at);
                assertEquals(basic.getScale(), otherBasic.getScale(), at);
                assertEquals(basic.getCharSetName(), otherBasic.getCharSetName(), at);
            }
            assertEquals(spec.getNullable(), other.getNullable(), at);
        } else if (expected instanceof SqlNodeList list) {
            SqlNodeList other = (SqlNodeList) actual;
            assertEquals(list.size(), other.size(), at);
            for (int i = 0; i < list.size(); i++) {
                assertSameTree(list.get(i), other.get(i), sql, path + "[" + i + "]");
            }
        } else if (expected instanceof SqlCall call) {
            SqlCall other = (SqlCall) actual;
            assertEquals(call.getOperator().getClass(), other.getOperator().getClass(), at);
            if (call.getOperator() instanceof SqlUnresolvedFunction function) {
                assertSameTree(function.getSqlIdentifier(),
                    ((SqlUnresolvedFunction) other.getOperator()).getSqlIdentifier(), sql, path + "/name");
                assertEquals(function.getFunctionType(), ((SqlUnresolvedFunction) other.getOperator())
                    .getFunctionType(), at);
            } else {
                assertTrue(call.getOperator() == other.getOperator(), () -> at.get() + ": operator " + call.getOperator());
            }
            assertSameTree(call.getFunctionQuantifier(), other.getFunctionQuantifier(), sql, path + "/quantifier");
            List<SqlNode> operands = call.getOperandList();
            List<SqlNode> otherOperands = other.getOperandList();
            assertEquals(operands.size(), otherOperands.size(), at);
            for (int i = 0; i < operands.size(); i++) {
                assertSameTree(operands.get(i), otherOperands.get(i), sql, path + "(" + i + ")");
            }
        }
        if (path.isEmpty()) { // the whole tree, once
            assertTrue(expected.equalsDeep(actual, Litmus.IGNORE), at);
            assertEquals(expected.toString(), actual.toString(), at);
        }
    }

    private static void assertSamePosition(SqlParserPos expected, SqlParserPos actual, Supplier<String> at) {
        assertEquals(expected, actual, () -> at.get() + ": position");
        assertEquals(expected.getLineNum(), actual.getLineNum(), () -> at.get() + ": line");
        assertEquals(expected.getColumnNum(), actual.getColumnNum(), () -> at.get() + ": column");
        assertEquals(expected.getEndLineNum(), actual.getEndLineNum(), () -> at.get() + ": end line");
        assertEquals(expected.getEndColumnNum(), actual.getEndColumnNum(), () -> at.get() + ": end column");
        assertEquals(expected.isQuoted(), actual.isQuoted(), () -> at.get() + ": quoting");
    }

    private static String where(String sql, String path) {
        return sql + " at " + path;
    }
}
