package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoVersion;
import org.verso.common.type.DateTimes;

/**
 * The numeric, string and date functions. The values are PostgreSQL 15's, each in the result type Calcite gives the
 * function (POWER is DOUBLE, EXTRACT a whole number, SIGN of a decimal keeps its scale).
 */
class SqlFunctionsTest extends SqlTestSupport {
    @Test
    void roundingAndTruncating() {
        assertEquals(List.of(row(new BigDecimal("2.57"), new BigDecimal("3"), new BigDecimal("-3"), 1200, 2.6)),
            query("SELECT ROUND(2.567, 2), ROUND(2.5), ROUND(-2.5), ROUND(1234, -2), ROUND(2.567e0, 1)"));
        assertEquals(List.of(row(new BigDecimal("2.5"), new BigDecimal("2"), new BigDecimal("-2.56"))),
            query("SELECT TRUNCATE(2.567, 1), TRUNC(2.567), TRUNC(-2.567, 2)"));
        assertEquals(List.of(row(new BigDecimal("2"), new BigDecimal("-2"), new BigDecimal("-1.0"), 2.0, -2.0)),
            query("SELECT CEIL(1.2), FLOOR(-1.8), SIGN(-3.5), CEIL(1.5e0), FLOOR(-1.5e0)"));
    }

    @Test
    void powersAndLogarithms() {
        assertEquals(List.of(row(8.0, 4.0, 0.0, 1.0, 2.0, 9.0)),
            query("SELECT POWER(2, 3), SQRT(16.0), LN(1), EXP(0), LOG10(100), POW(3, 2)"));
        assertFails("2201F", "SELECT SQRT(-1)");
        assertFails("2201E", "SELECT LN(0)");
        assertFails("2201E", "SELECT LOG10(-5)");
    }

    @Test
    void strings() {
        assertEquals(List.of(row("ell", 3, "a", "a", "a|", "axcx", "ab", 3)),
            query("SELECT SUBSTRING('hello' FROM 2 FOR 3), POSITION('l' IN 'hello'), TRIM('  a '), LTRIM('  a'),"
                + " RTRIM('a  ') || '|', REPLACE('abcb', 'b', 'x'), CONCAT('a', 'b'), LENGTH('abc')"));
        // CONCAT skips a NULL; || does not
        assertEquals(List.of(Arrays.asList("ab", null)), query("SELECT CONCAT('a', NULL, 'b'), 'a' || NULL"));
    }

    @Test
    void conditionalFunctions() {
        assertEquals(List.of(Arrays.asList(1, null, 3, 1)),
            query("SELECT COALESCE(NULL, 1), NULLIF(1, 1), GREATEST(1, 3, 2), LEAST(2, 1, 3)"));
    }

    @Test
    void dateParts() {
        assertEquals(List.of(row(2020L, 1L, 2L, 34L, 10L, 11L, 12L, 1L)),
            query("SELECT EXTRACT(YEAR FROM DATE '2020-02-03'), EXTRACT(DOW FROM DATE '2020-02-03'),"
                + " EXTRACT(MONTH FROM DATE '2020-02-03'), EXTRACT(DOY FROM DATE '2020-02-03'),"
                + " EXTRACT(HOUR FROM TIMESTAMP '2020-01-01 10:11:12'),"
                + " EXTRACT(MINUTE FROM TIMESTAMP '2020-01-01 10:11:12'), EXTRACT(SECOND FROM TIME '10:11:12'),"
                + " EXTRACT(QUARTER FROM DATE '2020-02-03')"));
    }

    /** A table with a row of values and a row of NULLs, to call the functions on columns. */
    private void createWords() {
        execute("CREATE TABLE words (id INT PRIMARY KEY, s VARCHAR(20), n INT)");
        execute("INSERT INTO words VALUES (1, 'Hello', 3), (2, NULL, NULL)");
    }

    @Test
    void similarTo() {
        assertEquals(List.of(row(true, false, true, false, false, true, true, true)),
            query("SELECT 'abc' SIMILAR TO 'abc', 'abc' SIMILAR TO 'a', 'abc' SIMILAR TO '%(b|d)%',"
                + " 'abc' SIMILAR TO '(b|c)%', 'abc' SIMILAR TO 'a.c', 'aaa' SIMILAR TO 'a{2,3}',"
                + " 'cab' SIMILAR TO '[a-c]+', 'a.c' SIMILAR TO 'a.c'"));
        assertEquals(List.of(row(true, false, true, false)),
            query("SELECT 'a%' SIMILAR TO 'a#%' ESCAPE '#', 'ab' SIMILAR TO 'a#%' ESCAPE '#',"
                + " 'abc' NOT SIMILAR TO '(a|b)c', 'bc' NOT SIMILAR TO '(a|b)c'"));
        assertEquals(List.of(Arrays.asList(null, null, null)),
            query("SELECT CAST(NULL AS VARCHAR(5)) SIMILAR TO 'a', 'a' SIMILAR TO CAST(NULL AS VARCHAR(5)),"
                + " 'a' SIMILAR TO 'a' ESCAPE CAST(NULL AS CHAR(1))"));
        createWords();
        assertEquals(List.of(Arrays.asList(1, true, false), Arrays.asList(2, null, null)),
            query("SELECT id, s SIMILAR TO 'H(e|a)l+o', s NOT SIMILAR TO '%l%' FROM words ORDER BY id"));
        assertEquals(List.of(row(1)), query("SELECT id FROM words WHERE s SIMILAR TO ?", "%(x|ll)%"));
        assertFails("2201B", "SELECT 'a' SIMILAR TO '(a'");
        assertFails("2201B", "SELECT id FROM words WHERE s SIMILAR TO ?", "a{2");
    }

    @Test
    void ilike() {
        assertEquals(List.of(row(true, false, true, false, true)),
            query("SELECT 'Hello' ILIKE 'h%', 'Hello' NOT ILIKE 'H_LLO', 'ÄB' ILIKE 'äb', 'Hello' ILIKE 'h',"
                + " 'a%' ILIKE 'A#%' ESCAPE '#'"));
        assertEquals(List.of(Arrays.asList((Object) null)), query("SELECT CAST(NULL AS VARCHAR(5)) ILIKE 'a'"));
        createWords();
        assertEquals(List.of(Arrays.asList(1, true, false), Arrays.asList(2, null, null)),
            query("SELECT id, s ILIKE '%LL%', s NOT ILIKE 'hello' FROM words ORDER BY id"));
        assertEquals(List.of(row(1)), query("SELECT id FROM words WHERE s ILIKE ?", "HEL%"));
    }

    @Test
    void postgresStringFunctions() {
        assertEquals(List.of(row("ab", "ab", "abc", "bc", "bc", "", "ababab", "", "")),
            query("SELECT LEFT('abc', 2), LEFT('abc', -1), LEFT('abc', 5), RIGHT('abc', 2), RIGHT('abc', -1),"
                + " RIGHT('abc', -5), REPEAT('ab', 3), REPEAT('ab', 0), REPEAT('ab', -1)"));
        assertEquals(List.of(row("xyxhi", "he", "  hi", "hixyx", "", "hi", "cba")),
            query("SELECT LPAD('hi', 5, 'xy'), LPAD('hello', 2), LPAD('hi', 4), RPAD('hi', 5, 'xy'), RPAD('hi', -1),"
                + " LPAD('hi', 5, ''), REVERSE('abc')"));
        assertEquals(List.of(row("b", "", "c", "b", true, false, 2, 0, "a2x5")),
            query("SELECT SPLIT_PART('a,b,c', ',', 2), SPLIT_PART('a,b,c', ',', 4), SPLIT_PART('a,b,c', ',', -1),"
                + " SPLIT_PART('a||b', '||', 2), STARTS_WITH('alphabet', 'alph'), STARTS_WITH('alphabet', 'b'),"
                + " STRPOS('high', 'ig'), STRPOS('high', 'x'), TRANSLATE('12345', '143', 'ax')"));
        assertEquals(List.of(row("Hi Thomas", "X1y-Z", 120, 0, "A", "900150983cd24fb0d6963f7d28e17f72")),
            query("SELECT INITCAP('hi THOMAS'), INITCAP('x1y-z'), ASCII('x'), ASCII(''), CHR(65), MD5('abc')"));
        assertEquals(List.of(row("Thomas", "abxyef", 4, 2)),
            query("SELECT OVERLAY('Txxxxas' PLACING 'hom' FROM 2 FOR 4), OVERLAY('abcdef' PLACING 'xy' FROM 3),"
                + " OCTET_LENGTH('abé'), OCTET_LENGTH(X'0102')"));
        // characters are code points: a character outside the Basic Multilingual Plane counts once
        assertEquals(List.of(row("😀", "b😀a", "😀x😀", 128512, "😀", 4)),
            query("SELECT LEFT('😀ab', 1), REVERSE('a😀b'), LPAD('😀', 3, '😀x'), ASCII('😀'), CHR(128512),"
                + " OCTET_LENGTH('😀')"));
    }

    /** PostgreSQL's version() and current_database(), which tools call to learn what they are connected to. */
    @Test
    void versionAndCurrentDatabase() {
        List<Object> row = query("SELECT version(), current_database(), CURRENT_CATALOG").get(0);
        assertTrue(((String) row.get(0)).startsWith("Verso " + VersoVersion.NUMBER + " "),
            (String) row.get(0));
        assertEquals("VERSO", row.get(1));
        assertEquals(row.get(2), row.get(1));
        assertFails("42883", "SELECT version(1)");
    }

    /**
     * PostgreSQL's {@code ^}, a power as a DOUBLE, binding more tightly than * and less than a sign, left to right
     * (values as PostgreSQL 15 gives them); it was 0A000 (Calcite reads {@code ^} as a bitwise XOR).
     */
    @Test
    void caretIsAPowerAsInPostgresql() {
        assertEquals(List.of(row(8.0, 18.0, 4.0, 64.0, 2.0)),
            query("SELECT 2 ^ 3, 2 * 3 ^ 2, -2 ^ 2, 2 ^ 3 ^ 2, 4 ^ 0.5"));
        assertEquals(List.of(row(9.0)), query("SELECT ? ^ 2", 3));
        assertFails("2201F", "SELECT -8 ^ 0.5");
    }

    /** CONCAT_WS and REGEXP_REPLACE, as PostgreSQL 15 computes them; they were 42000 (no such function). */
    @Test
    void concatWithSeparatorAndRegularExpressionReplacement() {
        assertEquals(List.of(row("a-b", null, "1,2.5")),
            query("SELECT CONCAT_WS('-', 'a', NULL, 'b'), CONCAT_WS(NULL, 'a'), concat_ws(',', 1, 2.5)"));
        assertEquals(List.of(row("aXbX", "aXb2", "World Hello", "A[B]C", "A[&]C", "\\\\\\", "Line1\nLine2")),
            query("SELECT REGEXP_REPLACE('a1b2', '[0-9]', 'X', 'g'), regexp_replace('a1b2', '[0-9]', 'X'), "
                + "REGEXP_REPLACE('Hello World', '(\\w+) (\\w+)', '\\2 \\1'), "
                + "REGEXP_REPLACE('ABC', 'b', '[\\&]', 'i'), REGEXP_REPLACE('ABC', 'b', '[&]', 'i'), "
                + "REGEXP_REPLACE('a.b', '.', '\\\\', 'g'), REGEXP_REPLACE('line1' || CHR(10) || 'line2', '^l', "
                + "'L', 'gn')"));
        assertEquals(List.of(row((Object) null)), query("SELECT REGEXP_REPLACE(NULL, 'a', 'b')"));
        assertFails("2201B", "SELECT REGEXP_REPLACE('x', '(', 'y')");
        assertFails("22023", "SELECT REGEXP_REPLACE('x', 'x', 'y', 'q')");
    }

    /** PostgreSQL's regular expression matches ~, ~*, !~ and !~*; they were a lexical error (42601). */
    @Test
    void regularExpressionMatchOperators() {
        assertEquals(List.of(row(true, false, true, true, false, null)),
            query("SELECT 'abc' ~ 'b', 'abc' ~ '^A', 'abc' ~* '^A', 'abc' !~ 'x', 'abc' !~* 'A', "
                + "CAST(NULL AS VARCHAR(5)) ~ 'a'"));
        execute("CREATE TABLE mails (id INT PRIMARY KEY, address VARCHAR(40))");
        execute("INSERT INTO mails VALUES (1, 'ann@example.com'), (2, 'not an address'), (3, 'Bob@Example.org')");
        assertEquals(List.of(row(1), row(3)),
            query("SELECT id FROM mails WHERE address ~* '^[a-z]+@[a-z]+\\.(com|org)$' ORDER BY id"));
        assertEquals(List.of(row(2)), query("SELECT id FROM mails WHERE address !~ '@'"));
        assertFails("2201B", "SELECT 'x' ~ '('");
    }

    @Test
    void postgresStringFunctionsOnColumns() {
        createWords();
        assertEquals(List.of(
                row(1, "Hel", "Hello**", "", 3, "Hello", "olleH", "8b1a9953c4611296a827abf8c47804d7", "He   ", false),
                Arrays.asList(2, null, null, null, null, null, null, null, null, null)),
            query("SELECT id, LEFT(s, n), RPAD(s, 7, '*'), SPLIT_PART(s, 'l', 2), STRPOS(s, 'l'), INITCAP(LOWER(s)),"
                + " REVERSE(s), MD5(s), RPAD(LEFT(s, 2), n + 2), STARTS_WITH(s, 'h') FROM words ORDER BY id"));
        assertEquals(List.of(Arrays.asList(null, null, null, null)),
            query("SELECT LPAD('a', CAST(NULL AS INT)), CHR(CAST(NULL AS INT)), REPEAT(CAST(NULL AS VARCHAR(2)), 2),"
                + " OVERLAY('abc' PLACING CAST(NULL AS VARCHAR(2)) FROM 2)"));
        assertEquals(List.of(row("el")), query("SELECT SUBSTRING(s FROM 2 FOR 2) FROM words WHERE LEFT(s, 2) = ?",
            "He"));
    }

    @Test
    void postgresStringFunctionErrors() {
        assertFails("22023", "SELECT SPLIT_PART('a,b', ',', 0)");
        assertFails("54000", "SELECT CHR(0)");
        assertFails("54000", "SELECT CHR(-1)");
        assertFails("54000", "SELECT CHR(1114112)");
        assertFails("54000", "SELECT REPEAT('abc', 1000000000)");
    }

    @Test
    void trigonometry() {
        assertEquals(List.of(row(Math.sin(1), Math.cos(1), Math.tan(1), 1 / Math.tan(1), Math.PI / 2, 0.0,
                Math.PI / 4, Math.atan2(1, 2))),
            query("SELECT SIN(1), COS(1), TAN(1), COT(1), ASIN(1), ACOS(1), ATAN(1), ATAN2(1, 2)"));
        assertEquals(List.of(row(180.0, Math.PI, Math.PI, Math.PI, 3.0, -2.0, Double.POSITIVE_INFINITY)),
            query("SELECT DEGREES(PI), RADIANS(180), PI, PI(), CBRT(27), CBRT(-8.0), COT(0)"));
        assertEquals(List.of(Arrays.asList(null, null, null)),
            query("SELECT SIN(CAST(NULL AS DOUBLE)), ATAN2(1, CAST(NULL AS INT)), DEGREES(CAST(NULL AS DECIMAL(3, 1)))"));
        createWords();
        assertEquals(List.of(row(1, Math.sin(3), Math.toRadians(3)), Arrays.asList(2, null, null)),
            query("SELECT id, SIN(n), RADIANS(n) FROM words ORDER BY id"));
        // PostgreSQL: "input is out of range"
        assertFails("22003", "SELECT ACOS(2)");
        assertFails("22003", "SELECT ASIN(-1.5)");
        assertFails("22003", "SELECT SIN(CAST('Infinity' AS DOUBLE))");
    }

    @Test
    void postgresLogarithms() {
        assertEquals(List.of(row(3.0, 2.0, 4.0, -1.0)), query("SELECT LOG(2, 8), LOG(100), LOG(3.0, 81), LOG(0.1)"));
        assertEquals(List.of(Arrays.asList(null, null)), query("SELECT LOG(CAST(NULL AS INT)), LOG(2, CAST(NULL AS INT))"));
        createWords();
        assertEquals(List.of(row(1, 2.0), Arrays.asList(2, null)),
            query("SELECT id, LOG(n, 9) FROM words ORDER BY id"));
        assertFails("2201E", "SELECT LOG(0)");
        assertFails("2201E", "SELECT LOG(-2, 8)");
        assertFails("2201E", "SELECT LOG(2, 0)");
        assertFails("22012", "SELECT LOG(1, 10)");
    }

    @Test
    void randomNumbers() {
        execute("CREATE TABLE ten (id INT PRIMARY KEY)");
        execute("INSERT INTO ten VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10)");
        List<List<Object>> rows = query("SELECT RAND(), RANDOM(), RAND_INTEGER(3) FROM ten");
        Set<Object> distinct = new HashSet<>();
        for (List<Object> r : rows) {
            for (int i = 0; i < 2; i++) {
                double x = (Double) r.get(i);
                assertTrue(x >= 0 && x < 1, () -> "out of [0, 1): " + x);
                distinct.add(x);
            }
            int n = (Integer) r.get(2);
            assertTrue(n >= 0 && n < 3, () -> "out of [0, 3): " + n);
        }
        // not folded into one constant: every row, and every execution of a prepared statement, draws anew
        assertEquals(20, distinct.size());
        var prepared = session.prepare("SELECT RANDOM()");
        Object first = rows(session.execute(prepared, new Object[0])).get(0).get(0);
        Object second = rows(session.execute(prepared, new Object[0])).get(0).get(0);
        assertNotEquals(first, second);
        assertFails("22023", "SELECT RAND_INTEGER(0)");
        assertFails("0A000", "SELECT RAND(42)");
    }

    private static long ts(String isoDateTime) {
        return DateTimes.toEpochMicros(LocalDateTime.parse(isoDateTime));
    }

    private static int date(String isoDate) {
        return DateTimes.toEpochDay(LocalDate.parse(isoDate));
    }

    @Test
    void roundingDatesAndTimes() {
        String t = "TIMESTAMP '2020-02-03 10:11:12.345678'";
        assertEquals(List.of(row(ts("2020-02-01T00:00"), ts("2020-02-03T11:00"), ts("2020-02-03T00:00"),
                ts("2020-01-01T00:00"), ts("2020-02-03T10:11:12"), ts("1901-01-01T00:00"), ts("2020-02-01T00:00"),
                ts("2020-02-03T10:11:12.345"))),
            query("SELECT FLOOR(" + t + " TO MONTH), CEIL(" + t + " TO HOUR), FLOOR(" + t + " TO WEEK),"
                + " DATE_TRUNC('quarter', " + t + "), DATE_TRUNC('Seconds', " + t + "),"
                + " DATE_TRUNC('century', TIMESTAMP '2000-05-05 00:00:00'), CEIL(TIMESTAMP '2020-02-01 00:00:00' TO MONTH),"
                + " DATE_TRUNC('milliseconds', " + t + ")"));
        // a DATE rounds to a DATE; DATE_TRUNC gives a timestamp, as PostgreSQL's does
        assertEquals(List.of(row(date("2020-02-03"), date("2020-03-01"), date("2020-01-01"), ts("2020-02-01T00:00"))),
            query("SELECT FLOOR(DATE '2020-02-05' TO WEEK), CEIL(DATE '2020-02-05' TO MONTH),"
                + " FLOOR(DATE '2020-02-05' TO YEAR), DATE_TRUNC('month', DATE '2020-02-05')"));
        execute("CREATE TABLE events (id INT PRIMARY KEY, d DATE, t TIMESTAMP, unit VARCHAR(10), n INT)");
        execute("INSERT INTO events VALUES (1, DATE '2020-01-31', TIMESTAMP '2020-01-31 23:30:00', 'day', 1),"
            + " (2, NULL, NULL, NULL, NULL)");
        assertEquals(List.of(row(1, ts("2020-01-31T00:00"), date("2020-01-01"), ts("2020-02-01T00:00")),
                Arrays.asList(2, null, null, null)),
            query("SELECT id, DATE_TRUNC(unit, t), FLOOR(d TO MONTH), CEIL(t TO DAY) FROM events ORDER BY id"));
        assertFails("22023", "SELECT DATE_TRUNC('fortnight', TIMESTAMP '2020-01-01 00:00:00')");
        assertFails("22023", "SELECT DATE_TRUNC(unit || 'x', t) FROM events");
    }

    /** DATE_PART, a DOUBLE with the seconds' fraction, as PostgreSQL 15 computes it; it was 42000 (no function). */
    @Test
    void datePartOfDatesAndTimes() {
        String t = "TIMESTAMP '2024-03-05 14:07:09.25'";
        assertEquals(List.of(row(2024.0, 9.25, 9250.0, 1709647629.25, 0.0, 7.0, 21.0, 202.0, 2460375.0, 4.0, 1.0,
                366.0)),
            query("SELECT DATE_PART('year', " + t + "), date_part('Seconds', " + t + "), DATE_PART('milliseconds', "
                + t + "), DATE_PART('epoch', " + t + "), DATE_PART('dow', DATE '2024-03-10'), DATE_PART('isodow', "
                + "DATE '2024-03-10'), DATE_PART('century', DATE '2001-01-01'), DATE_PART('decade', DATE "
                + "'2024-01-01'), DATE_PART('julian', DATE '2024-03-05'), DATE_PART('quarter', DATE '2024-11-05'), "
                + "DATE_PART('week', DATE '2024-01-01'), DATE_PART('doy', DATE '2024-12-31')"));
        assertEquals(List.of(row((Object) null)), query("SELECT DATE_PART('year', CAST(NULL AS DATE))"));
        assertFails("22023", "SELECT DATE_PART('fortnight', DATE '2024-01-01')");
    }

    /** TO_DATE and TO_TIMESTAMP, reading text by PostgreSQL's templates as PostgreSQL 15 does; they were 42000. */
    @Test
    void toDateAndToTimestampReadText() {
        assertEquals(List.of(row(date("2000-12-05"), date("2024-03-05"), date("2024-03-05"), date("2024-03-05"),
                date("2024-03-05"), date("1995-06-01"))),
            query("SELECT TO_DATE('05 Dec 2000', 'DD Mon YYYY'), to_date('2024-03-05', 'YYYY-MM-DD'), "
                + "TO_DATE('20240305', 'YYYYMMDD'), TO_DATE('2024-3-5', 'YYYY-MM-DD'), "
                + "TO_DATE('March 5, 2024', 'Month DD, YYYY'), TO_DATE('95-06-01', 'YY-MM-DD')"));
        // text is read in the session's zone, as PostgreSQL reads it in its TimeZone; seconds count from UTC's epoch
        long quarterPast = DateTimes.instantOf(LocalDateTime.of(2024, 3, 5, 14, 7, 9, 250_000_000));
        long afternoon = DateTimes.instantOf(LocalDateTime.of(2024, 3, 5, 14, 7));
        assertEquals(List.of(row(quarterPast, afternoon, 1_709_647_629_250_000L, 0L)),
            query("SELECT TO_TIMESTAMP('2024-03-05 14:07:09.25', 'YYYY-MM-DD HH24:MI:SS.MS'), "
                + "TO_TIMESTAMP('05/03/2024 02:07 PM', 'DD/MM/YYYY HH12:MI AM'), TO_TIMESTAMP(1709647629.25), "
                + "TO_TIMESTAMP(0)"));
        assertEquals(List.of(row((Object) null)), query("SELECT TO_DATE(NULL, 'YYYY')"));
        assertFails("22008", "SELECT TO_DATE('2024-13-05', 'YYYY-MM-DD')");
        assertFails("22008", "SELECT TO_DATE('2024-02-30', 'YYYY-MM-DD')");
        assertFails("22007", "SELECT TO_DATE('abc', 'YYYY-MM-DD')");
    }

    /** TO_CHAR of dates and times by PostgreSQL's templates; it was 42000 (no such function). */
    @Test
    void toCharFormatsDatesAndTimes() {
        String t = "TIMESTAMP '2024-03-05 14:07:09.123456'";
        assertEquals(List.of(row("2024-03-05 14:07:09", "Mar 05, 2024", "March 5th", "Tuesday  ", "02:07 PM",
                "2024Q1", "123 123456", "065 10 3", "tue mar", "5-3-24", "2024-03-05T14:07")),
            query("SELECT TO_CHAR(" + t + ", 'YYYY-MM-DD HH24:MI:SS'), to_char(" + t + ", 'Mon DD, YYYY'), "
                + "TO_CHAR(" + t + ", 'FMMonth FMDDth'), TO_CHAR(" + t + ", 'Day'), TO_CHAR(" + t + ", 'HH12:MI AM'), "
                + "TO_CHAR(" + t + ", 'YYYY\"Q\"Q'), TO_CHAR(" + t + ", 'MS US'), TO_CHAR(" + t + ", 'DDD IW D'), "
                + "TO_CHAR(" + t + ", 'dy mon'), TO_CHAR(" + t + ", 'FMDD-FMMM-YY'), "
                + "TO_CHAR(" + t + ", 'YYYY-MM-DD\"T\"HH24:MI')"));
        execute("CREATE TABLE stamps (id INT PRIMARY KEY, d DATE, fmt VARCHAR(20))");
        execute("INSERT INTO stamps VALUES (1, DATE '2023-12-31', 'DD/MM/YYYY'), (2, NULL, 'YYYY'), (3, DATE "
            + "'2021-01-01', NULL)");
        assertEquals(List.of(row(1, "31/12/2023", "SUNDAY    52"), Arrays.asList(2, null, null),
                Arrays.asList(3, null, "FRIDAY    53")),
            query("SELECT id, TO_CHAR(d, fmt), TO_CHAR(d, 'DAY IW') FROM stamps ORDER BY id"));
    }

    @Test
    void timestampAddAndDiff() {
        execute("CREATE TABLE events (id INT PRIMARY KEY, d DATE, t TIMESTAMP, n INT)");
        execute("INSERT INTO events VALUES (1, DATE '2020-01-31', TIMESTAMP '2020-02-03 10:11:12.345678', 2),"
            + " (2, NULL, NULL, NULL)");
        // the count may be a column, a parameter or an expression, not only a literal
        assertEquals(List.of(row(1, ts("2020-02-05T10:11:12.345678"), date("2020-03-31"), ts("2020-02-03T08:11:12.345678"),
                ts("2020-02-04T10:11:12.345678"), date("2020-02-02")),
                Arrays.asList(2, null, null, null, null, null)),
            query("SELECT id, TIMESTAMPADD(DAY, n, t), TIMESTAMPADD(MONTH, n, d), TIMESTAMPADD(HOUR, -n, t),"
                + " t + (n - 1) * INTERVAL '1' DAY, d + INTERVAL '1' DAY * n FROM events ORDER BY id"));
        assertEquals(List.of(row(date("2020-02-29"))),
            query("SELECT TIMESTAMPADD(MONTH, CAST(? AS INT), d) FROM events WHERE id = 1", 1));
        assertEquals(List.of(row(332, 11, 4, -1, -2, 1, 611, 4)),
            query("SELECT TIMESTAMPDIFF(DAY, t, TIMESTAMP '2021-01-01 00:00:00'), TIMESTAMPDIFF(MONTH, d, DATE '2021-01-30'),"
                + " TIMESTAMPDIFF(WEEK, d, DATE '2020-02-29'), TIMESTAMPDIFF(YEAR, d, DATE '2019-01-01'),"
                + " TIMESTAMPDIFF(SECOND, t, TIMESTAMP '2020-02-03 10:11:10'), TIMESTAMPDIFF(HOUR, t, t + INTERVAL '90' MINUTE),"
                + " TIMESTAMPDIFF(MINUTE, DATE '2020-02-03', t), TIMESTAMPDIFF(QUARTER, d, DATE '2021-01-31')"
                + " FROM events WHERE id = 1"));
        assertEquals(List.of(Arrays.asList((Object) null)),
            query("SELECT TIMESTAMPDIFF(DAY, t, TIMESTAMP '2021-01-01 00:00:00') FROM events WHERE id = 2"));
    }

    @Test
    void sessionNames() {
        // an embedded database has one user; see the user guide
        assertEquals(List.of(row("VERSO", "VERSO", "VERSO", "PUBLIC", "VERSO")),
            query("SELECT CURRENT_USER, USER, SESSION_USER, CURRENT_SCHEMA, CURRENT_CATALOG"));
    }

    @Test
    void aDatePlusOrMinusAWholeNumberMovesByDays() {
        execute("CREATE TABLE dd (d DATE, n INT, big BIGINT)");
        update("INSERT INTO dd VALUES (DATE '2026-01-01', 10, 400), (NULL, 1, 1), (DATE '2026-03-01', NULL, 0)");
        assertEquals(List.of(Arrays.asList(null, null, null, day("2026-03-01")), Arrays.asList(null, null, null, null),
                Arrays.asList(day("2026-01-11"), day("2025-12-22"), day("2026-01-11"), day("2027-02-05"))),
            query("SELECT d + n, d - n, n + d, d + big FROM dd ORDER BY big"));
        assertEquals(List.of(row(day("2026-02-28"), day("2026-03-04"))),
            query("SELECT DATE '2026-03-01' - 1, 7 + DATE '2026-02-25'"));
        assertFails("42804", "SELECT d - 1.5 FROM dd");
        assertFails("42804", "SELECT 1 - d FROM dd");
        // a DATE minus a DATE: the whole number of days between them
        assertEquals(List.of(row(28, 7), Arrays.asList(28, null), row(28, 66)),
            query("SELECT DATE '2026-03-01' - DATE '2026-02-01', d - DATE '2025-12-25' FROM dd ORDER BY big DESC"));
        // a parameter there is typed as the other operand, a DATE, and a parameter cannot be a day number
        assertFails("42804", "SELECT d - ? FROM dd WHERE big = 0", java.time.LocalDate.of(2026, 4, 29));
        assertEquals(List.of(row(-59)),
            query("SELECT d - CAST(? AS DATE) FROM dd WHERE big = 0", java.time.LocalDate.of(2026, 4, 29)));
        // a view keeps both forms: its text is read and validated again
        execute("CREATE VIEW ages AS SELECT d - DATE '2026-01-01' AS age, d + n AS later FROM dd WHERE n IS NOT NULL");
        assertEquals(List.of(Arrays.asList(0, day("2026-01-11")), Arrays.asList(null, null)),
            query("SELECT age, later FROM ages ORDER BY age NULLS LAST"));
    }

    private static int day(String date) {
        return org.verso.common.type.DateTimes.toEpochDay(java.time.LocalDate.parse(date));
    }
}
