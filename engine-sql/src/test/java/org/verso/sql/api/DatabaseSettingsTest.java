package org.verso.sql.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.verso.common.SqlState;
import org.verso.common.VersoException;
import org.verso.core.DatabaseConfig;
import org.verso.storage.wal.Durability;

/** Locations and settings become engine configuration here, and only here. */
class DatabaseSettingsTest {
    private static VersoException fails(String state, Executable action) {
        VersoException e = assertThrows(VersoException.class, action);
        assertEquals(state, e.sqlState(), e.getMessage());
        return e;
    }

    private static DatabaseConfig config(String location, String... keyValues) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            settings.put(keyValues[i], keyValues[i + 1]);
        }
        return DatabaseSettings.parse(location, settings).toConfig();
    }

    @Test
    void directoriesAreAbsoluteAndNormalisedSoOneDirectoryHasOneKey() {
        DatabaseSettings settings = DatabaseSettings.parse("data/../db");
        assertFalse(settings.isInMemory());
        assertEquals(Path.of("db").toAbsolutePath().normalize().toString(), settings.location());
        assertEquals(DatabaseSettings.parse("./db").key(), settings.key());
    }

    @Test
    void memoryLocationsNameTheDatabase() {
        DatabaseSettings settings = DatabaseSettings.parse("mem:orders");
        assertTrue(settings.isInMemory());
        assertEquals("mem:orders", settings.key());
        assertEquals("orders", settings.toConfig().memoryName());
        assertEquals("mem:orders", DatabaseSettings.parse("MEM:orders").key());
    }

    @Test
    void settingsReachTheConfig() {
        DatabaseConfig c = config("/tmp/x", "cache", "64MB", "pageSize", "4096", "durability", "async",
            "directIo", "true");
        assertEquals(64L << 20, c.cacheBytes());
        assertEquals(4096, c.pageSize());
        assertEquals(Durability.ASYNC, c.durability());
        assertTrue(c.storageOptions().directIo());
        assertEquals(Path.of("/tmp/x"), c.directory());
    }

    @Test
    void namesIgnoreCaseAndDefaultsAreTheEngines() {
        DatabaseConfig c = config("mem:d", "PAGESIZE", "16384", "Cache", "32mb");
        assertEquals(16384, c.pageSize());
        assertEquals(32L << 20, c.cacheBytes());
        DatabaseConfig defaults = config("mem:d");
        assertEquals(DatabaseConfig.DEFAULT_PAGE_SIZE, defaults.pageSize());
        assertEquals(DatabaseConfig.DEFAULT_CACHE_BYTES, defaults.cacheBytes());
        assertEquals(Durability.SYNC, defaults.durability());
        assertEquals(Optional.of("pageSize"), DatabaseSettings.canonicalName("pagesize"));
        assertEquals(Optional.empty(), DatabaseSettings.canonicalName("user"));
    }

    @Test
    void cacheSuffixesAreBinaryMultiples() {
        assertEquals(1L << 30, config("mem:c", "cache", "1GB").cacheBytes());
        assertEquals(512L << 10, config("mem:c", "cache", "512kb").cacheBytes());
        assertEquals(2L << 20, config("mem:c", "cache", "2M").cacheBytes());
        assertEquals(1_000_000L, config("mem:c", "cache", "1000000").cacheBytes());
    }

    @Test
    void badValuesAndUnknownSettingsAre22023AndSayWhy() {
        String bad = SqlState.INVALID_PARAMETER_VALUE;
        fails(bad, () -> config("mem:x", "cache", "lots"));
        fails(bad, () -> config("mem:x", "cache", "-5"));
        fails(bad, () -> config("mem:x", "cache", "1KB"));
        fails(bad, () -> config("mem:x", "cache", null));
        fails(bad, () -> config("mem:x", "pageSize", "big"));
        fails(bad, () -> config("mem:x", "pageSize", "1000"));
        fails(bad, () -> config("mem:x", "durability", "sometimes"));
        fails(bad, () -> config("mem:x", "directIo", "maybe"));
        fails(bad, () -> config("mem:x", "heapSegment", "1000"));
        VersoException unknown = fails(bad, () -> config("mem:x", "chache", "1MB"));
        assertTrue(unknown.getMessage().contains("chache") && unknown.getMessage().contains("cache"),
            unknown.getMessage());
        VersoException value = fails(bad, () -> config("mem:x", "pageSize", "1000"));
        assertTrue(value.getMessage().contains("pageSize") && value.getMessage().contains("1000"), value.getMessage());
    }

    @Test
    void badLocationsCannotConnect() {
        fails(SqlState.CANNOT_CONNECT, () -> DatabaseSettings.parse(""));
        fails(SqlState.CANNOT_CONNECT, () -> DatabaseSettings.parse("mem:"));
        fails(SqlState.CANNOT_CONNECT, () -> DatabaseSettings.parse("bad\0path"));
    }

    @Test
    void everySettingIsDescribed() {
        List<String> names = DatabaseSettings.known().stream().map(DatabaseSettings.Setting::name).toList();
        assertEquals(List.of("pageSize", "cache", "durability", "heapSegment", "directIo", "indexMethod"), names);
        assertTrue(DatabaseSettings.known().stream().allMatch(s -> !s.description().isBlank()));
    }
}
