package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verso.jdbc.JdbcTestSupport.assertSqlState;
import static org.verso.jdbc.JdbcTestSupport.connect;
import static org.verso.jdbc.JdbcTestSupport.exec;
import static org.verso.jdbc.JdbcTestSupport.freshMemoryUrl;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;

/** TIME, BINARY/VARBINARY and microsecond TIMESTAMPs through the driver's setters and getters. */
class JdbcTypesTest {
    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = connect(freshMemoryUrl("types"));
        exec(c, "CREATE TABLE v (id INT NOT NULL, seen TIMESTAMP, starts TIME, data VARBINARY(16), code BINARY(2),"
            + " PRIMARY KEY (id))");
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    private ResultSet row(int id) throws SQLException {
        PreparedStatement p = c.prepareStatement("SELECT seen, starts, data, code FROM v WHERE id = ?");
        p.closeOnCompletion();
        p.setInt(1, id);
        ResultSet rs = p.executeQuery();
        assertTrue(rs.next());
        return rs;
    }

    @Test
    void microsecondTimestampsRoundTrip() throws SQLException {
        exec(c, "INSERT INTO v (id, seen) VALUES (1, TIMESTAMP '2024-12-31 23:59:59.123456')");
        try (PreparedStatement p = c.prepareStatement("INSERT INTO v (id, seen) VALUES (?, ?)")) {
            p.setInt(1, 2);
            p.setTimestamp(2, Timestamp.valueOf("2024-12-31 23:59:59.123456789"));
            p.executeUpdate();
        }
        try (ResultSet rs = row(1)) {
            assertEquals(Timestamp.valueOf("2024-12-31 23:59:59.123456"), rs.getTimestamp(1));
            assertEquals("2024-12-31 23:59:59.123456", rs.getString(1));
            assertEquals(LocalDateTime.of(2024, 12, 31, 23, 59, 59, 123_456_000), rs.getObject(1, LocalDateTime.class));
        }
        try (ResultSet rs = row(2)) {
            assertEquals(123_456_000, rs.getTimestamp(1).getNanos(), "nanoseconds are truncated to microseconds");
        }
        assertEquals(2, JdbcTestSupport.queryLong(c,
            "SELECT COUNT(*) FROM v WHERE seen = TIMESTAMP '2024-12-31 23:59:59.123456'"));
    }

    @Test
    void timesThroughSetTimeAndLocalTime() throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO v (id, starts) VALUES (?, ?)")) {
            p.setInt(1, 1);
            p.setTime(2, Time.valueOf("08:30:15"));
            p.executeUpdate();
            p.setInt(1, 2);
            p.setObject(2, LocalTime.of(23, 59, 59, 123_456_000));
            p.executeUpdate();
            p.setInt(1, 3);
            p.setString(2, "07:00");
            p.executeUpdate();
        }
        try (ResultSet rs = row(1)) {
            assertEquals(Time.valueOf("08:30:15"), rs.getTime(2));
            assertEquals("08:30:15", rs.getString(2));
            assertEquals(Time.class, rs.getObject(2).getClass());
        }
        try (ResultSet rs = row(2)) {
            assertEquals(LocalTime.of(23, 59, 59, 123_456_000), rs.getObject(2, LocalTime.class));
            assertEquals(123, rs.getTime(2).getTime() % 1000, "getTime keeps the milliseconds");
        }
        assertEquals(3, JdbcTestSupport.queryLong(c, "SELECT id FROM v WHERE starts < TIME '08:00:00'"));
        try (PreparedStatement p = c.prepareStatement("UPDATE v SET starts = ? WHERE id = 1")) {
            p.setObject(1, LocalDateTime.of(2024, 1, 1, 12, 0));
            assertSqlState("22018", p::executeUpdate);
        }
    }

    @Test
    void bytesThroughSetBytesAndStreams() throws SQLException {
        byte[] data = {0, 1, (byte) 0xfe, (byte) 0xff};
        try (PreparedStatement p = c.prepareStatement("INSERT INTO v (id, data, code) VALUES (?, ?, ?)")) {
            p.setInt(1, 1);
            p.setBytes(2, data);
            p.setBytes(3, new byte[] {7});
            data[0] = 99; // the bound value was copied
            p.executeUpdate();
            p.setInt(1, 2);
            p.setBinaryStream(2, new ByteArrayInputStream(new byte[] {5, 6}));
            p.setNull(3, Types.BINARY);
            p.executeUpdate();
        }
        try (ResultSet rs = row(1)) {
            assertArrayEquals(new byte[] {0, 1, (byte) 0xfe, (byte) 0xff}, rs.getBytes(3));
            assertArrayEquals(new byte[] {7, 0}, rs.getBytes(4), "BINARY(2) pads with zero bytes");
            assertEquals("0001feff", rs.getString(3));
            assertArrayEquals(new byte[] {0, 1, (byte) 0xfe, (byte) 0xff}, (byte[]) rs.getObject(3));
        }
        try (ResultSet rs = row(2)) {
            assertArrayEquals(new byte[] {5, 6}, rs.getBinaryStream(3).readAllBytes());
            assertNull(rs.getBytes(4));
            assertTrue(rs.wasNull());
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        try (PreparedStatement p = c.prepareStatement("SELECT id FROM v WHERE data = ?")) {
            p.setBytes(1, new byte[] {5, 6});
            try (ResultSet rs = p.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
                assertFalse(rs.next());
            }
        }
        try (PreparedStatement p = c.prepareStatement("UPDATE v SET data = ? WHERE id = 1")) {
            p.setBytes(1, new byte[17]);
            assertSqlState("22001", p::executeUpdate);
        }
        try (ResultSet rs = row(1)) {
            assertSqlState("22018", () -> rs.getInt(3));
        }
    }

    @Test
    void metadataDescribesTheNewTypes() throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT seen, starts, data, code FROM v")) {
            ResultSetMetaData meta = p.getMetaData();
            assertEquals(Types.TIMESTAMP, meta.getColumnType(1));
            assertEquals(6, meta.getScale(1));
            assertEquals(26, meta.getPrecision(1));
            assertEquals(Types.TIME, meta.getColumnType(2));
            assertEquals(Types.VARBINARY, meta.getColumnType(3));
            assertEquals(16, meta.getPrecision(3));
            assertEquals(Types.BINARY, meta.getColumnType(4));
            assertEquals(byte[].class.getName(), meta.getColumnClassName(3));
        }
    }

    /** A CHAR(n) value reads back padded with blanks to n characters; comparisons ignore the blanks. */
    @Test
    void fixedCharReadsBackBlankPadded() throws SQLException {
        exec(c, "CREATE TABLE codes (id INT PRIMARY KEY, code CHAR(5), name VARCHAR(5))");
        exec(c, "INSERT INTO codes VALUES (1, 'ab', 'ab'), (2, NULL, NULL), (3, '日本', 'x')");
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT code, name, code || '|' FROM codes WHERE code = 'ab'")) {
            assertTrue(rs.next());
            assertEquals("ab   ", rs.getString(1));
            assertEquals("ab   ", rs.getObject(1));
            assertEquals("ab", rs.getString(2)); // VARCHAR keeps its length
            assertEquals("ab|", rs.getString(3)); // as text, CHAR loses its padding (PostgreSQL's rule)
        }
        // Literals of different lengths in one column are VARCHAR, as PostgreSQL's text: 'no' is not padded to 'no '.
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT CASE WHEN id = 1 THEN 'no' ELSE 'yes' END, x FROM codes, "
                 + "(VALUES ('a'), ('bb')) AS v(x) WHERE id = 1 ORDER BY x")) {
            assertTrue(rs.next());
            assertEquals("no", rs.getString(1));
            assertEquals("a", rs.getString(2));
            assertTrue(rs.next());
            assertEquals("bb", rs.getString(2));
        }
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT code FROM codes WHERE id IN (2, 3) ORDER BY id")) {
            assertTrue(rs.next());
            assertNull(rs.getString(1));
            assertTrue(rs.next());
            assertEquals("日本   ", rs.getString(1));
        }
    }

    @Test
    void uuidsThroughSetObjectAndGetObject(@TempDir Path dir) throws SQLException {
        String url = "jdbc:verso:" + dir.resolve("db");
        java.util.UUID first = java.util.UUID.fromString("f47ac10b-58cc-4372-a567-0e02b2c3d479");
        java.util.UUID second = java.util.UUID.fromString("0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9");
        try (Connection db = connect(url)) {
            exec(db, "CREATE TABLE doc (id UUID PRIMARY KEY, owner UUID NOT NULL, title VARCHAR(20))");
            exec(db, "CREATE INDEX doc_owner ON doc (owner)");
            try (PreparedStatement p = db.prepareStatement("INSERT INTO doc VALUES (?, ?, ?)")) {
                p.setObject(1, first);
                p.setString(2, second.toString());
                p.setString(3, "one");
                p.executeUpdate();
                p.setObject(1, second);
                p.setObject(2, second, java.sql.Types.OTHER);
                p.setString(3, "two");
                p.executeUpdate();
            }
        }
        try (Connection db = connect(url); PreparedStatement p = db.prepareStatement(
            "SELECT id, owner, title FROM doc WHERE owner = ? ORDER BY id")) {
            p.setObject(1, second);
            try (ResultSet rs = p.executeQuery()) {
                java.sql.ResultSetMetaData meta = rs.getMetaData();
                assertEquals(java.sql.Types.OTHER, meta.getColumnType(1));
                assertEquals("UUID", meta.getColumnTypeName(1));
                assertEquals(java.util.UUID.class.getName(), meta.getColumnClassName(1));
                assertTrue(rs.next());
                assertEquals(second, rs.getObject(1));
                assertEquals(second.toString(), rs.getString(1));
                assertTrue(rs.next());
                assertEquals(first, rs.getObject(1, java.util.UUID.class));
                assertEquals(second, rs.getObject(2, java.util.UUID.class));
                assertFalse(rs.next());
            }
        }
    }

    @Test
    void timestampsWithTimeZoneThroughJavaTime(@TempDir Path dir) throws SQLException {
        String url = "jdbc:verso:" + dir.resolve("db");
        java.time.Instant instant = java.time.Instant.parse("2026-03-01T08:15:30.123456Z");
        try (Connection db = connect(url)) {
            exec(db, "CREATE TABLE ev (id INT PRIMARY KEY, seen TIMESTAMP WITH TIME ZONE)");
            exec(db, "CREATE INDEX ev_seen ON ev (seen)");
            try (PreparedStatement p = db.prepareStatement("INSERT INTO ev VALUES (?, ?)")) {
                p.setInt(1, 1);
                p.setObject(2, instant.atOffset(java.time.ZoneOffset.ofHours(-7)));
                p.executeUpdate();
                p.setInt(1, 2);
                p.setObject(2, instant.plusSeconds(60));
                p.executeUpdate();
                p.setInt(1, 3);
                p.setTimestamp(2, Timestamp.from(instant.plusSeconds(120))); // the instant the Timestamp holds
                p.executeUpdate();
            }
        }
        try (Connection db = connect(url); PreparedStatement p = db.prepareStatement(
            "SELECT id, seen FROM ev WHERE seen >= ? ORDER BY seen")) {
            p.setObject(1, instant);
            try (ResultSet rs = p.executeQuery()) {
                assertEquals(Types.TIMESTAMP_WITH_TIMEZONE, rs.getMetaData().getColumnType(2));
                assertEquals("TIMESTAMP WITH TIME ZONE", rs.getMetaData().getColumnTypeName(2));
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1));
                java.time.OffsetDateTime read = (java.time.OffsetDateTime) rs.getObject(2);
                assertEquals(instant, read.toInstant());
                assertEquals(java.time.ZoneId.systemDefault().getRules().getOffset(instant), read.getOffset());
                assertEquals(instant, rs.getObject(2, java.time.Instant.class));
                assertEquals(Timestamp.from(instant), rs.getTimestamp(2));
                assertTrue(rs.next());
                assertEquals(instant.plusSeconds(60), rs.getObject(2, java.time.OffsetDateTime.class).toInstant());
                assertTrue(rs.next());
                assertEquals(instant.plusSeconds(120), rs.getObject(2, java.time.Instant.class));
                assertFalse(rs.next());
            }
        }
    }
}
