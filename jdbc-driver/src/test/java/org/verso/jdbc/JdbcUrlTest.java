package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.verso.core.DatabaseConfig;

class JdbcUrlTest {
    @Test
    void directoryUrlIsAbsoluteAndNormalised() throws SQLException {
        ConnectionUrl url = ConnectionUrl.parse("jdbc:verso:data/../db", null);
        assertFalse(url.isInMemory());
        assertEquals(Path.of("db").toAbsolutePath().normalize(), url.directory());
        assertEquals(ConnectionUrl.parse("jdbc:verso:./db", null).databaseKey(), url.databaseKey());
    }

    @Test
    void memoryUrlNamesTheDatabase() throws SQLException {
        ConnectionUrl url = ConnectionUrl.parse("jdbc:verso:mem:orders", null);
        assertTrue(url.isInMemory());
        assertEquals("orders", url.memoryName());
        assertEquals("mem:orders", url.databaseKey());
        assertTrue(url.toConfig().isInMemory());
    }

    @Test
    void settingsAfterSemicolonsReachTheConfig() throws SQLException {
        ConnectionUrl url = ConnectionUrl.parse("jdbc:verso:/tmp/x;cache=64MB;pageSize=4096", null);
        assertEquals(64L << 20, url.cacheBytes());
        assertEquals(4096, url.pageSize());
        DatabaseConfig config = url.toConfig();
        assertEquals(64L << 20, config.cacheBytes());
        assertEquals(4096, config.pageSize());
        assertEquals(Path.of("/tmp/x"), config.directory());
    }

    @Test
    void durabilitySettingReachesTheConfig() throws SQLException {
        assertEquals(org.verso.storage.wal.Durability.ASYNC,
            ConnectionUrl.parse("jdbc:verso:/tmp/x;durability=async", null).toConfig().durability());
        assertEquals(org.verso.storage.wal.Durability.SYNC,
            ConnectionUrl.parse("jdbc:verso:/tmp/x", null).toConfig().durability());
        java.sql.SQLException e = org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class,
            () -> ConnectionUrl.parse("jdbc:verso:/tmp/x;durability=sometimes", null));
        assertEquals("22023", e.getSQLState());
        assertTrue(ConnectionUrl.parse("jdbc:verso:/tmp/x;directIo=true", null).toConfig().storageOptions()
            .directIo());
        assertEquals("22023", org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class,
            () -> ConnectionUrl.parse("jdbc:verso:/tmp/x;directIo=maybe", null)).getSQLState());
    }

    @Test
    void cacheSuffixesAreBinaryMultiples() throws SQLException {
        assertEquals(1L << 30, ConnectionUrl.parseBytes("u", "1GB"));
        assertEquals(512L << 10, ConnectionUrl.parseBytes("u", "512kb"));
        assertEquals(2L << 20, ConnectionUrl.parseBytes("u", "2M"));
        assertEquals(1_000_000L, ConnectionUrl.parseBytes("u", "1000000"));
    }

    @Test
    void propertiesArgumentIsReadAndTheUrlWins() throws SQLException {
        Properties info = new Properties();
        info.setProperty("cache", "32MB");
        info.setProperty("pagesize", "16384");
        info.setProperty("user", "sa");
        ConnectionUrl url = ConnectionUrl.parse("jdbc:verso:mem:p;cache=128MB", info);
        assertEquals(128L << 20, url.cacheBytes());
        assertEquals(16384, url.pageSize());
    }

    @Test
    void defaultsAreLeftToTheEngine() throws SQLException {
        ConnectionUrl url = ConnectionUrl.parse("jdbc:verso:mem:d", new Properties());
        assertNull(url.cacheBytes());
        assertNull(url.pageSize());
        assertEquals(DatabaseConfig.DEFAULT_PAGE_SIZE, url.toConfig().pageSize());
    }

    @Test
    void foreignOrIncompleteUrlsAre08001() {
        assertState("08001", () -> ConnectionUrl.parse("jdbc:h2:mem:x", null));
        assertState("08001", () -> ConnectionUrl.parse("jdbc:verso:", null));
        assertState("08001", () -> ConnectionUrl.parse("jdbc:verso:mem:", null));
        assertState("08001", () -> ConnectionUrl.parse("jdbc:verso:;cache=1MB", null));
    }

    @Test
    void badSettingsAre22023() {
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:mem:x;cache=lots", null));
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:mem:x;cache=-5", null));
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:mem:x;pageSize=big", null));
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:mem:x;chache=1MB", null));
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:mem:x;cache", null));
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:mem:x;pageSize=1000", null).toConfig());
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:mem:x;cache=1KB", null).toConfig());
    }

    @Test
    void messagesNameTheProblem() {
        SQLException e = assertThrows(SQLException.class,
            () -> ConnectionUrl.parse("jdbc:verso:mem:x;chache=1MB", null));
        assertTrue(e.getMessage().contains("chache"), e.getMessage());
    }

    interface UrlAction {
        Object run() throws SQLException;
    }

    static void assertState(String state, UrlAction action) {
        SQLException e = assertThrows(SQLException.class, action::run);
        assertEquals(state, e.getSQLState(), e.getMessage());
    }
}
