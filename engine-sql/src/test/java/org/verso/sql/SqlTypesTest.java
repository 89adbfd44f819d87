package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.verso.common.type.DateTimes;
import org.verso.common.type.ValueType;

/** TIME, BINARY and VARBINARY, and TIMESTAMP with microseconds, through Calcite and the executor. */
class SqlTypesTest extends SqlTestSupport {
    private static long micros(String timestamp) {
        return DateTimes.toEpochMicros(DateTimes.parseTimestamp(timestamp));
    }

    private static long timeOfDay(String time) {
        return DateTimes.toMicroOfDay(LocalTime.parse(time));
    }

    @Test
    void timestampsKeepMicroseconds() {
        execute("CREATE TABLE ev (id INT NOT NULL, seen TIMESTAMP, PRIMARY KEY (id))");
        update("INSERT INTO ev VALUES (1, TIMESTAMP '2024-01-01 23:59:59.123456')");
        update("INSERT INTO ev VALUES (?, ?)", 2, LocalDateTime.of(2024, 1, 1, 23, 59, 59, 123_456_789));
        long expected = micros("2024-01-01 23:59:59.123456");
        assertEquals(List.of(row(1, expected), row(2, expected)),
            query("SELECT id, seen FROM ev ORDER BY id"));
        assertEquals(List.of(row(2L)),
            query("SELECT COUNT(*) FROM ev WHERE seen = TIMESTAMP '2024-01-01 23:59:59.123456'"));
        assertEquals(List.of(row(0L)),
            query("SELECT COUNT(*) FROM ev WHERE seen = TIMESTAMP '2024-01-01 23:59:59.123'"));
        assertEquals(List.of(row("2024-01-01 23:59:59.123456")),
            query("SELECT CAST(seen AS VARCHAR(30)) FROM ev WHERE id = 1"));
    }

    @Test
    void castsTakeTheTypeNamesTablesTake() {
        // TEXT, INT8, BOOL and the like name types in CREATE TABLE; in a CAST or after :: they once failed with
        // 42703 ("column TEXT does not exist").
        execute("CREATE TABLE names (id INT PRIMARY KEY, n INT8, label TEXT)");
        update("INSERT INTO names VALUES (7, 40, 'x')");
        assertEquals(List.of(row("7-x", "40", 41L, 2.5, true, (short) 3)),
            query("SELECT CAST(id AS TEXT) || '-' || label, n::text, CAST('41' AS INT8), CAST('2.5' AS FLOAT8), "
                + "CAST('true' AS BOOL), CAST(3 AS INT2) FROM names"));
        assertEquals(List.of(row(1L)), query("SELECT COUNT(*) FROM names WHERE CAST(id AS TEXT) = '7'"));
        assertArrayEquals(new byte[] {'a', 'b'},
            (byte[]) query("SELECT CAST(X'6162' AS BYTEA) FROM names").get(0).get(0));
        assertFails("42704", "SELECT CAST(id AS NO_SUCH_TYPE) FROM names");
    }

    @Test
    void aDateMeetsATimestampAsATimestamp() {
        // As in PostgreSQL, where a date and a timestamp meet (rows of one VALUES, the arms of a UNION or a CASE) the
        // date is the timestamp of its midnight; these once failed with 42804 ("must have compatible types").
        execute("CREATE TABLE seen (id INT PRIMARY KEY, at TIMESTAMP)");
        assertEquals(2,
            update("INSERT INTO seen VALUES (1, DATE '2024-03-01'), (2, TIMESTAMP '2024-03-01 10:00:00.5')"));
        assertEquals(List.of(row(1, micros("2024-03-01 00:00:00")), row(2, micros("2024-03-01 10:00:00.5"))),
            query("SELECT id, at FROM seen ORDER BY id"));
        assertEquals(List.of(row(micros("2024-03-02 00:00:00")), row(micros("2024-03-01 10:00:00.5"))),
            query("SELECT DATE '2024-03-02' FROM seen WHERE id = 1 UNION ALL SELECT at FROM seen WHERE id = 2"));
        assertEquals(List.of(row(1, micros("2024-03-01 00:00:00")), row(2, micros("2024-01-01 00:00:00"))),
            query("SELECT id, CASE WHEN id = 1 THEN at ELSE DATE '2024-01-01' END FROM seen ORDER BY id"));
    }

    @Test
    void timeColumnsLiteralsAndCasts() {
        execute("CREATE TABLE shift (id INT NOT NULL, starts TIME, PRIMARY KEY (id))");
        update("INSERT INTO shift VALUES (1, TIME '08:30:00'), (2, TIME '23:59:59.123456')");
        update("INSERT INTO shift VALUES (?, ?)", 3, LocalTime.of(12, 0));
        update("INSERT INTO shift VALUES (4, CAST('06:15:30.5' AS TIME))");
        assertEquals(List.of(row(4, timeOfDay("06:15:30.5")), row(1, timeOfDay("08:30")),
                row(3, timeOfDay("12:00")), row(2, timeOfDay("23:59:59.123456"))),
            query("SELECT id, starts FROM shift ORDER BY starts"));
        assertEquals(List.of(row(2)), query("SELECT id FROM shift WHERE starts > TIME '23:00:00'"));
        assertEquals(List.of(row("23:59:59.123456")),
            query("SELECT CAST(starts AS VARCHAR(20)) FROM shift WHERE id = 2"));
        assertEquals(List.of(row(timeOfDay("13:45:01.25"))),
            query("SELECT CAST(TIMESTAMP '2024-02-29 13:45:01.25' AS TIME) FROM shift WHERE id = 1"));
        assertFails("22007", "SELECT CAST('25:61' AS TIME) FROM shift");
        Object now = query("SELECT CURRENT_TIME FROM shift WHERE id = 1").get(0).get(0);
        assertTrue(now instanceof Long t && t >= 0 && t < 86_400_000_000L, String.valueOf(now));
    }

    @Test
    void binaryValuesCompareGroupAndKeyByContent() {
        execute("CREATE TABLE bin (k VARBINARY(8) NOT NULL, fixed BINARY(3), n INT, PRIMARY KEY (k))");
        update("INSERT INTO bin VALUES (X'0102', X'AA', 1), (X'FF', X'AABBCC', 2)");
        update("INSERT INTO bin VALUES (?, ?, ?)", new byte[] {0}, new byte[] {1, 2, 3}, 3);
        List<List<Object>> rows = query("SELECT k, fixed, n FROM bin ORDER BY k");
        assertEquals(3, rows.size());
        assertArrayEquals(new byte[] {0}, (byte[]) rows.get(0).get(0));
        assertArrayEquals(new byte[] {1, 2}, (byte[]) rows.get(1).get(0));
        assertArrayEquals(new byte[] {(byte) 0xaa, 0, 0}, (byte[]) rows.get(1).get(1), "BINARY(3) is padded");
        assertArrayEquals(new byte[] {(byte) 0xff}, (byte[]) rows.get(2).get(0), "unsigned order: 0xff last");
        assertEquals(List.of(row(2)), query("SELECT n FROM bin WHERE k = ?", (Object) new byte[] {(byte) 0xff}));
        assertEquals(List.of(row(1)), query("SELECT n FROM bin WHERE k = X'0102'"));
        assertFails("23505", "INSERT INTO bin VALUES (?, NULL, 4)", (Object) new byte[] {1, 2});
        assertFails("22001", "INSERT INTO bin VALUES (X'010203040506070809', NULL, 5)");
        update("INSERT INTO bin VALUES (X'10', X'AA', 6)");
        assertEquals(List.of(row(2L)), query("SELECT COUNT(*) FROM bin WHERE fixed = X'AA0000'"));
        assertEquals(List.of(row(3L)), query("SELECT COUNT(DISTINCT fixed) FROM bin"));
        assertEquals(List.of(row("0102")), query("SELECT CAST(k AS VARCHAR(20)) FROM bin WHERE n = 1"));
        assertEquals(ValueType.VARBINARY, session.prepare("SELECT k FROM bin").columns().get(0).type().kind());
    }

    @Test
    void uuidKeysOrderAsPostgresqlOrdersThem() {
        execute("CREATE TABLE u (id UUID PRIMARY KEY, name VARCHAR(10), parent UUID)");
        update("INSERT INTO u VALUES ('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'a', NULL),"
            + " (CAST('{A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A12}' AS UUID), 'b', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'),"
            + " ('80000000-0000-0000-0000-000000000000', 'c', NULL), ('00000000000000000000000000000001', 'd', NULL)");
        // unsigned byte order: 8000... after 0000...1 (java.util.UUID's own order has it first)
        assertEquals(List.of(row("d"), row("c"), row("a"), row("b")), query("SELECT name FROM u ORDER BY id"));
        assertEquals(List.of(row("b"), row("a"), row("c")),
            query("SELECT name FROM u WHERE id > '70000000-0000-0000-0000-000000000000' ORDER BY id DESC"));
        assertEquals(List.of(row("a")), query("SELECT name FROM u WHERE id = ?",
            java.util.UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")));
        assertEquals(List.of(row("a")), query("SELECT name FROM u WHERE id = ?", "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11"));
        assertEquals(List.of(row("b", "a")), query("SELECT c.name, p.name FROM u c JOIN u p ON c.parent = p.id"));
        execute("CREATE INDEX u_parent ON u (parent)");
        assertEquals(List.of(row("b")),
            query("SELECT name FROM u WHERE parent = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'"));
        assertEquals(List.of(row("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")),
            query("SELECT CAST(id AS VARCHAR(36)) FROM u WHERE name = 'a'"));
        assertFails("22018", "INSERT INTO u VALUES ('not-a-uuid', 'x', NULL)");
        assertFails("23505", "INSERT INTO u VALUES ('A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11', 'dup', NULL)");
        assertEquals(List.of(row(1L, "00000000-0000-0000-0000-000000000001", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12")),
            query("SELECT COUNT(DISTINCT parent), CAST(MIN(id) AS VARCHAR(36)), CAST(MAX(id) AS VARCHAR(36)) FROM u"));
    }

    @Test
    void generatedUuidsAreNewForEveryRow() {
        execute("CREATE TABLE g (id UUID DEFAULT gen_random_uuid() PRIMARY KEY, n INT)");
        update("INSERT INTO g (n) VALUES (1), (2), (3)");
        update("INSERT INTO g (id, n) VALUES (RANDOM_UUID(), 4)");
        assertEquals(List.of(row(4L, 4L)), query("SELECT COUNT(DISTINCT id), COUNT(*) FROM g"));
        // version 4, variant 1 (RFC 4122)
        assertEquals(List.of(row(4L)), query("SELECT COUNT(*) FROM g WHERE SUBSTRING(CAST(id AS VARCHAR(36)) FROM 15"
            + " FOR 1) = '4' AND SUBSTRING(CAST(id AS VARCHAR(36)) FROM 20 FOR 1) IN ('8', '9', 'a', 'b')"));
    }

    @Test
    void timestampsWithTimeZoneAreInstantsShownInTheSessionZone() {
        java.util.TimeZone saved = java.util.TimeZone.getDefault();
        java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone("Asia/Kolkata")); // +05:30, no daylight saving
        try {
            execute("CREATE TABLE ev (id INT PRIMARY KEY, seen TIMESTAMP WITH TIME ZONE, seen2 TIMESTAMPTZ, wall"
                + " TIMESTAMP)");
            update("INSERT INTO ev VALUES (1, '2026-01-01 10:00:00+02', '2026-01-01T08:00:00Z',"
                + " TIMESTAMP '2026-01-01 13:30:00')");
            // no offset: the session's zone
            update("INSERT INTO ev (id, seen) VALUES (2, '2026-01-01 13:30:00'), (4, '2026-01-01 10:00:00.5-05:30')");
            update("INSERT INTO ev (id, seen) VALUES (3, TIMESTAMP '2026-06-01 00:00:00')");
            assertEquals(List.of(row(1, "2026-01-01 13:30:00+05:30"), row(2, "2026-01-01 13:30:00+05:30"),
                    row(3, "2026-06-01 00:00:00+05:30"), row(4, "2026-01-01 21:00:00.5+05:30")),
                query("SELECT id, CAST(seen AS VARCHAR(40)) FROM ev ORDER BY id"));
            assertEquals(List.of(row(1), row(2)), query("SELECT id FROM ev WHERE seen = '2026-01-01 08:00:00+00'"
                + " ORDER BY id"));
            assertEquals(List.of(row(true, true, "2026-01-01 13:30:00", 13L, 30L)),
                query("SELECT seen = seen2, seen = wall, CAST(CAST(seen AS TIMESTAMP) AS VARCHAR(30)),"
                    + " EXTRACT(HOUR FROM seen), EXTRACT(MINUTE FROM seen) FROM ev WHERE id = 1"));
            // calendar arithmetic and truncation in the session's zone
            assertEquals(List.of(row("2026-02-01 13:30:00+05:30", "2026-01-01 00:00:00+05:30")),
                query("SELECT CAST(seen + INTERVAL '1' MONTH AS VARCHAR(40)),"
                    + " CAST(DATE_TRUNC('day', seen) AS VARCHAR(40)) FROM ev WHERE id = 1"));
            execute("CREATE INDEX ev_seen ON ev (seen)");
            assertEquals(List.of(row(3), row(4)), query("SELECT id FROM ev WHERE seen > '2026-01-01 12:00:00Z'"
                + " ORDER BY seen DESC"));
            // CURRENT_TIMESTAMP is the session's wall clock: stored as the instant it is
            long before = System.currentTimeMillis();
            update("INSERT INTO ev (id, seen) VALUES (5, CURRENT_TIMESTAMP)");
            long stored = ((Number) query("SELECT seen FROM ev WHERE id = 5").get(0).get(0)).longValue() / 1000;
            assertTrue(stored >= before - 1000 && stored <= System.currentTimeMillis() + 1000,
                stored + " not within a second of " + before);
            assertFails("22007", "INSERT INTO ev (id, seen) VALUES (6, '2026-01-01 10:00:00+99')");
            assertFails("22007", "INSERT INTO ev (id, seen) VALUES (6, 'soon')");
        } finally {
            java.util.TimeZone.setDefault(saved);
        }
    }
}
