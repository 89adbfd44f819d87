package org.verso.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The driver only splits its URL into a location and settings and merges the connection Properties; engine-sql's
 * DatabaseSettings parses and checks them (its own test covers every setting's values).
 */
class JdbcUrlTest {
    @Test
    void directoryUrlIsAbsoluteAndNormalised() throws SQLException {
        ConnectionUrl url = ConnectionUrl.parse("jdbc:verso:data/../db", null);
        assertFalse(url.settings().isInMemory());
        assertEquals(Path.of("db").toAbsolutePath().normalize().toString(), url.settings().location());
        assertEquals(ConnectionUrl.parse("jdbc:verso:./db", null).settings().location(), url.settings().location());
    }

    @Test
    void memoryUrlNamesTheDatabase() throws SQLException {
        ConnectionUrl url = ConnectionUrl.parse("jdbc:verso:mem:orders", null);
        assertTrue(url.settings().isInMemory());
        assertEquals("mem:orders", url.settings().location());
    }

    @Test
    void settingsAfterSemicolonsReachTheEngine() throws SQLException {
        ConnectionUrl url = ConnectionUrl.parse("jdbc:verso:/tmp/x;cache=64MB; pageSize = 4096 ;durability=async"
            + ";directIo=true", null);
        assertEquals(Map.of("cache", "64MB", "pageSize", "4096", "durability", "async", "directIo", "true"),
            url.settings().values());
        assertEquals(Path.of("/tmp/x").toString(), url.settings().location());
    }

    @Test
    void propertiesArgumentIsReadAndTheUrlWins() throws SQLException {
        Properties info = new Properties();
        info.setProperty("cache", "32MB");
        info.setProperty("pagesize", "16384");
        info.setProperty("user", "sa");
        ConnectionUrl url = ConnectionUrl.parse("jdbc:verso:mem:p;cache=128MB", info);
        assertEquals(Map.of("cache", "128MB", "pageSize", "16384"), url.settings().values());
    }

    @Test
    void defaultsAreLeftToTheEngine() throws SQLException {
        assertTrue(ConnectionUrl.parse("jdbc:verso:mem:d", new Properties()).settings().values().isEmpty());
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
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:mem:x;pageSize=1000", null));
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:mem:x;cache=1KB", null));
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:/tmp/x;durability=sometimes", null));
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:/tmp/x;directIo=maybe", null));
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:/tmp/x;heapSegment=1000", null));
        assertState("22023", () -> ConnectionUrl.parse("jdbc:verso:/tmp/x;heapSegment=0", null));
        assertState("22023", () -> JdbcTestSupport.connect("jdbc:verso:mem:x;pageSize=1000"));
    }

    @Test
    void messagesNameTheProblem() {
        SQLException e = assertThrows(SQLException.class,
            () -> ConnectionUrl.parse("jdbc:verso:mem:x;chache=1MB", null));
        assertTrue(e.getMessage().contains("chache"), e.getMessage());
    }

    @Test
    void propertyInfoListsTheEnginesSettings() {
        DriverPropertyInfo[] info = new VersoDriver().getPropertyInfo("jdbc:verso:mem:x", null);
        assertEquals(6, info.length);
        assertEquals("pageSize", info[0].name);
        assertEquals(3, info[0].choices.length);
        assertEquals("heapSegment", info[3].name);
        assertEquals("indexMethod", info[5].name);
        assertEquals(List.of("mvidx", "btree"), List.of(info[5].choices));
        assertTrue(info[1].description.contains("buffer pool"), info[1].description);
    }

    interface UrlAction {
        Object run() throws SQLException;
    }

    static void assertState(String state, UrlAction action) {
        SQLException e = assertThrows(SQLException.class, action::run);
        assertEquals(state, e.getSQLState(), e.getMessage());
    }
}
