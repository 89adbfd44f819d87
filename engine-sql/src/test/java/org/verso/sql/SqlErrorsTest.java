package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;

/**
 * Bad input fails with the right SQLState, names the culprit, writes nothing, and leaves the session usable, in
 * autocommit mode and inside an explicit transaction.
 */
class SqlErrorsTest extends SqlTestSupport {
    @BeforeEach
    void createTable() {
        execute("CREATE TABLE t (id INT NOT NULL, name VARCHAR(5) NOT NULL, n INT, PRIMARY KEY (id))");
        update("INSERT INTO t VALUES (1, 'a', 10)");
    }

    @Test
    void syntaxErrorHasPosition() {
        VersoException e = assertFails("42601", "SELEC * FROM t");
        assertTrue(e.getMessage().contains("line 1, column 1"), e.getMessage());
        assertFalse(e.getMessage().contains("Was expecting"), e.getMessage());
    }

    @Test
    void columnLevelPrimaryKeyIsEnforcedLikeATableConstraint() {
        // Once refused with 42601 by the stock DDL parser; Verso's grammar accepts the column-level form.
        execute("CREATE TABLE k (id INT PRIMARY KEY)");
        update("INSERT INTO k VALUES (1)");
        assertFails("23505", "INSERT INTO k VALUES (1)");
        assertFails("23502", "INSERT INTO k VALUES (NULL)");
    }

    @Test
    void anInsertWithMoreValuesThanColumnsIsASyntaxError() {
        // Once an internal error (XX000, an index error inside Calcite's validator).
        assertTrue(assertFails("42601", "INSERT INTO t VALUES (2, 'b', 3, 4)").getMessage().contains("more expressions"));
        assertFails("42601", "INSERT INTO t VALUES (2, 'b', 3), (3, 'c', 4, 5)");
        assertFails("42601", "INSERT INTO t SELECT id, name, n, n FROM t");
        assertFails("42601", "INSERT INTO t (id, name) VALUES (2, 'b', 3)");
        assertFails("42601", "INSERT INTO t (id, name, n) VALUES (2, 'b')");
        assertEquals(1, update("INSERT INTO t VALUES (2, 'b')"), "fewer values: the rest take their defaults");
    }

    @Test
    void unknownTableAndColumnAreNamed() {
        assertTrue(assertFails("42P01", "SELECT * FROM nowhere").getMessage().contains("NOWHERE"));
        assertTrue(assertFails("42P01", "INSERT INTO nowhere VALUES (1)").getMessage().contains("NOWHERE"));
        assertTrue(assertFails("42703", "SELECT nope FROM t").getMessage().contains("NOPE"));
        assertTrue(assertFails("42703", "UPDATE t SET nope = 1").getMessage().contains("NOPE"));
        assertTrue(assertFails("42703", "SELECT t.nope FROM t").getMessage().contains("NOPE"));
    }

    /** PostgreSQL's 42883 for a function no signature matches, naming it and its arguments' type families. */
    @Test
    void anUnknownFunctionIsUndefinedFunction() {
        VersoException e = assertFails("42883", "SELECT nosuch(id, name) FROM t");
        assertTrue(e.getMessage().contains("function NOSUCH(NUMERIC, CHARACTER) does not exist"), e.getMessage());
        assertTrue(e.getMessage().contains("line 1, column 8"), e.getMessage());
        assertFails("42883", "SELECT * FROM t WHERE nosuch() > 1");
        assertFails("42883", "SELECT UPPER(id, id) FROM t");
    }

    @Test
    void typeMismatches() {
        assertFails("42804", "SELECT * FROM t WHERE name + 1 > TRUE");
        assertFails("42804", "INSERT INTO t VALUES (2, 'b', TRUE)");
        // An UPDATE assigning a value no cast makes a column's type: as the INSERT above, never an internal error.
        assertFails("42804", "UPDATE t SET n = TRUE");
        assertFails("42804", "UPDATE t SET n = DATE '2026-01-01' WHERE id = 1");
        assertFails("42804", "UPDATE t SET id = 1, n = TRUE");
        assertFails("22018", "SELECT * FROM t WHERE id = ?", "not a number");
        assertFails("22018", "INSERT INTO t VALUES (?, ?, ?)", 2, "b", new Object());
        assertFails("07001", "SELECT * FROM t WHERE id = ?", 1, 2);
    }

    @Test
    void aDateTimeAndANumberAreNotAssignedToEachOther() {
        // As in PostgreSQL, refused while the statement is planned, naming the column; these once passed planning
        // as implicit casts and failed at run time with 22018, or only when a row reached them.
        execute("CREATE TABLE dt (id INT PRIMARY KEY, n INT, ts TIMESTAMP, d DATE, s VARCHAR(30))");
        VersoException e = assertFails("42804", "INSERT INTO dt (id, n) VALUES (1, TIMESTAMP '2020-01-01 00:00:00')");
        assertTrue(e.getMessage().contains("N") && e.getMessage().contains("TIMESTAMP"), e.getMessage());
        assertFalse(e.getMessage().contains("EXPR$"), e.getMessage());
        assertFails("42804", "INSERT INTO dt (id, ts) VALUES (1, 5)");
        assertFails("42804", "INSERT INTO dt (id, n) SELECT 2, ts FROM dt");
        assertFails("42804", "UPDATE dt SET n = TIMESTAMP '2020-01-01 00:00:00' WHERE id = 99");
        assertFails("42804", "UPDATE dt SET ts = 7 WHERE id = 99");
        assertFails("42804", "INSERT INTO dt (id, n) VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = EXCLUDED.ts");
        // What PostgreSQL assigns stays assignable: a date to a timestamp and back, anything to a string.
        assertEquals(1, update("INSERT INTO dt VALUES (1, 1, DATE '2020-01-02', TIMESTAMP '2020-01-03 10:00:00', 5)"));
        assertEquals(1, update("UPDATE dt SET s = ts, n = '8' WHERE id = 1"));
        assertEquals(List.of(row(8, "2020-01-02 00:00:00")), query("SELECT n, s FROM dt"));
    }

    @Test
    void aLiteralThatCannotBeConvertedFailsEvenWhenNoRowReachesIt() {
        // As in PostgreSQL, a literal is converted to its column's type when the statement is prepared.
        assertFails("22018", "UPDATE t SET n = 'abc' WHERE id = 99");
        assertFails("22018", "UPDATE t SET n = 'abc' WHERE id = 1");
        assertFails("22018", "SELECT * FROM t WHERE id = 'abc'");
        assertFails("22018", "SELECT * FROM t WHERE 1 = 0 AND n = 'x1'");
        assertFails("22003", "UPDATE t SET n = 5000000000 WHERE id = 99");
        assertEquals(List.of(row(1, "a", 10)), query("SELECT * FROM t WHERE id = '1'"));
        assertEquals(1, update("UPDATE t SET n = '11' WHERE id = 1"));
        assertEquals(List.of(row(11)), query("SELECT n FROM t"));
    }

    @Test
    void aStringLiteralTooLongForItsColumnFailsEvenWhenNoRowReachesIt() {
        // As in PostgreSQL, a literal assigned to a column is checked against it when the statement is prepared; an
        // explicit CAST truncates instead, as PostgreSQL's does.
        VersoException e = assertFails("22001", "UPDATE t SET name = 'toolong' WHERE id = 99");
        assertTrue(e.getMessage().contains("NAME"), e.getMessage());
        assertFails("22001", "UPDATE t SET n = 1, name = 'toolong' WHERE 1 = 0");
        assertFails("22001", "UPDATE public.t SET \"NAME\" = '日本語テキスト' WHERE id = 99");
        assertEquals(0, update("UPDATE t SET name = CAST('toolong' AS VARCHAR(5)) WHERE id = 99"));
        assertEquals(0, update("UPDATE t SET name = 'fits5' WHERE id = 99"));
        assertEquals(1, update("UPDATE t SET name = '日本語' WHERE id = 1"));
        assertEquals(List.of(row(1, "日本語", 10)), query("SELECT * FROM t"));
    }

    @Test
    void dataErrors() {
        assertFails("22012", "SELECT n / 0 FROM t");
        assertFails("22003", "INSERT INTO t VALUES (?, 'b', 1)", 5_000_000_000L);
        assertFails("22001", "INSERT INTO t VALUES (2, 'toolong', 1)");
        assertFails("22003", "UPDATE t SET n = n * 2147483647");
    }

    @Test
    void constraintViolationsWriteNothingAndKeepTheSessionUsable() {
        assertTrue(assertFails("23502", "INSERT INTO t (id, n) VALUES (2, 1)").getMessage().contains("NAME"));
        assertFails("23502", "INSERT INTO t VALUES (?, ?, ?)", 2, null, 1);
        // the second row violates the key: the first row of the same statement is not kept either
        assertFails("23505", "INSERT INTO t VALUES (2, 'b', 1), (1, 'dup', 1)");
        assertEquals(List.of(row(1, "a", 10)), query("SELECT * FROM t"));
        update("INSERT INTO t VALUES (2, 'b', 2)");
        assertEquals(List.of(row(2L)), query("SELECT COUNT(*) FROM t"));
    }

    @Test
    void failedStatementInsideTransactionRollsBackOnlyItself() {
        session.setAutoCommit(false);
        update("INSERT INTO t VALUES (2, 'b', 2)");
        assertFails("23505", "INSERT INTO t VALUES (3, 'c', 3), (2, 'dup', 0)");
        assertFails("22012", "UPDATE t SET n = 1 / (n - 2)");
        assertTrue(session.inTransaction());
        update("INSERT INTO t VALUES (4, 'd', 4)");
        session.commit();
        assertEquals(List.of(row(1, 10), row(2, 2), row(4, 4)), query("SELECT id, n FROM t ORDER BY id"));
    }

    @Test
    void unsupportedFeaturesAreReportedNotCrashed() {
        // DEFAULT and UNIQUE were refused with 0A000 before Verso's own grammar and catalog; now they work.
        execute("CREATE TABLE d (id INT, a INT DEFAULT 5, UNIQUE (a))");
        update("INSERT INTO d (id) VALUES (1)");
        assertEquals(List.of(row(1, 5)), query("SELECT id, a FROM d"));
        assertFails("23505", "INSERT INTO d (id) VALUES (2)");
        assertFails("0A000", "SELECT INTERVAL '1' DAY FROM t");
    }

    @Test
    void namesThatCannotBeResolvedAreNamed() {
        execute("CREATE TABLE u (id INT NOT NULL, PRIMARY KEY (id))");
        assertTrue(assertFails("42702", "SELECT id FROM t, u").getMessage().contains("ID"));
        assertTrue(assertFails("42P01", "SELECT NEXT VALUE FOR nope").getMessage().contains("NOPE"));
        assertTrue(assertFails("42809", "SELECT NEXT VALUE FOR t").getMessage().contains("T"));
        assertTrue(assertFails("42P01", "SELECT nextval('nope')").getMessage().contains("NOPE"));
        execute("CREATE SEQUENCE s");
        assertFails("42809", "SELECT * FROM s");
    }

    @Test
    void decimalParameterRoundsToColumnScale() {
        execute("CREATE TABLE m (id INT NOT NULL, v DECIMAL(5,2), PRIMARY KEY (id))");
        update("INSERT INTO m VALUES (?, ?)", 1, new BigDecimal("1.005"));
        assertEquals(List.of(row(new BigDecimal("1.01"))), query("SELECT v FROM m"));
    }
    /**
     * A number literal no Verso type can hold is 22003 wherever it stands (it was XX000): more than 38 digits, or a
     * floating-point literal beyond DOUBLE's range. COALESCE without arguments was XX000 too.
     */
    @Test
    void numberLiteralsOutOfRange() {
        for (String sql : List.of("SELECT 123456789012345678901234567890123456789",
            "SELECT 99999999999999999999999999999999999999.5", "SELECT 1 FROM t WHERE n > 999999999999999999999999999999999999999",
            "SELECT id FROM t WHERE id = 123456789012345678901234567890123456789", "SELECT 1e400", "SELECT -1e400 + n FROM t",
            "INSERT INTO t VALUES (9, 'x', 1e400)")) {
            assertTrue(assertFails("22003", sql).getMessage().contains("out of range"), sql);
        }
        assertTrue(assertFails("42000", "SELECT COALESCE()").getMessage().contains("COALESCE"));
        // The largest that fit still work.
        assertEquals(List.of(row(new java.math.BigDecimal("99999999999999999999999999999999999999"))),
            query("SELECT 99999999999999999999999999999999999999"));
        assertEquals(List.of(row(1.0e308)), query("SELECT 1e308"));
    }
}
