package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Words people choose as table and column names work unquoted in every statement. */
class NamesAsWordsTest extends SqlTestSupport {
    private static final List<String> WORDS = List.of("value", "name", "key", "type", "status", "data", "count",
        "year", "month", "day", "hour", "minute", "second", "position", "result", "language", "rank", "start",
        "identity", "index", "min", "max", "sum", "avg", "version", "size", "state", "zone", "level", "role", "uuid",
        "condition", "element", "at", "free", "hold", "large", "match", "mod", "module", "old", "open", "parameter",
        "power", "ref", "release", "return", "search", "static", "system", "trigger", "pattern", "define",
        "measures", "subset", "classifier", "prev", "skip", "one", "cycle", "external", "function", "global", "local",
        "procedure", "returns");

    @Test
    void everyWordAsAColumnName() {
        for (String word : WORDS) {
            String table = "t_" + word;
            execute("CREATE TABLE " + table + " (id INT PRIMARY KEY, " + word + " INT)");
            update("INSERT INTO " + table + " (id, " + word + ") VALUES (1, 5), (2, 7)");
            update("UPDATE " + table + " SET " + word + " = " + word + " + 1 WHERE " + word + " = 5");
            assertEquals(List.of(row(7), row(6)), query("SELECT " + word + " FROM " + table + " WHERE " + word
                + " > 0 ORDER BY " + word + " DESC"), word);
            assertEquals(List.of(row(13L)), query("SELECT SUM(" + table + "." + word + ") FROM " + table), word);
            update("DELETE FROM " + table + " WHERE " + word + " = 6");
        }
    }

    /**
     * The words kept reserved because a clause starts with them where a name could stand: PARTITION and RANGE
     * (a window's name may open its parentheses), FILTER and WITHIN (after an aggregate call).
     */
    @Test
    void clausesThatStartWithReservedWordsStillParse() {
        execute("CREATE TABLE w (a INT, b INT)");
        update("INSERT INTO w VALUES (1, 2), (1, 3), (2, 5)");
        assertEquals(List.of(row(1, 10L), row(1, 10L), row(2, 10L)), query("SELECT a, SUM(b) OVER (RANGE BETWEEN "
            + "UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM w ORDER BY a, b"));
        assertEquals(List.of(row(1, 5L), row(1, 5L), row(2, 5L)),
            query("SELECT a, SUM(b) OVER (PARTITION BY a) FROM w ORDER BY a, b"));
        assertEquals(List.of(row(2L, 2.5)), query("SELECT COUNT(*) FILTER (WHERE a = 1), "
            + "PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY b) FILTER (WHERE a = 1) FROM w"));
    }

    @Test
    void wordsAsTableNames() {
        for (String word : List.of("value", "data", "status", "user_data", "year", "count", "element")) {
            execute("CREATE TABLE " + word + " (id INT)");
            update("INSERT INTO " + word + " VALUES (1)");
            assertEquals(List.of(row(1)), query("SELECT id FROM " + word));
        }
    }

    @Test
    void reservedWordsWorkQuoted() {
        execute("CREATE TABLE q (\"timestamp\" TIMESTAMP, \"user\" VARCHAR(10), \"date\" DATE)");
        update("INSERT INTO q (\"user\") VALUES ('ann')");
        assertEquals(List.of(row("ann")), query("SELECT \"user\" FROM q"));
    }

    @Test
    void aggregateFunctionsStillWork() {
        execute("CREATE TABLE n (x INT)");
        update("INSERT INTO n VALUES (1), (2), (3)");
        assertEquals(List.of(row(3L, 1, 3, 6L, new java.math.BigDecimal("2.0000000000000000"))),
            query("SELECT COUNT(*), MIN(x), MAX(x), SUM(x), AVG(x) FROM n"));
        assertEquals(List.of(row(3L)), query("SELECT COUNT(DISTINCT (x)) FROM n"));
        // functions and clauses named by words that are names elsewhere
        assertEquals(List.of(row(1, 8.0)), query("SELECT MOD(7, 3), POWER(2, 3)"));
        assertEquals(List.of(row(3L)), query("SELECT COUNT(*) FROM n TABLESAMPLE SYSTEM(100)"));
    }

    /** A column named VALUE (or another common word) is an argument like any other column. */
    @Test
    void wordsAsNamesInFunctionArguments() {
        execute("CREATE TABLE m (value INT, name VARCHAR(10), count INT)");
        update("INSERT INTO m VALUES (10, 'a', 1), (5, 'b', 2)");
        assertEquals(List.of(row(new java.math.BigDecimal("7.5000000000000000"), 15L, "a", 3L)),
            query("SELECT AVG(value), SUM(value), MIN(name), SUM(count) FROM m"));
        assertEquals(List.of(row(11)), query("SELECT ABS(value) + 1 FROM m WHERE name = 'a'"));
    }
}
