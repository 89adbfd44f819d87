package org.verso.sql.api;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.core.DatabaseConfig;

/**
 * Which database to open and how: a location and a map of settings, parsed and checked. Clients (the JDBC driver
 * splits its URL into exactly these two parts) never build engine configuration themselves.
 *
 * <p>The location is {@code mem:NAME} for an in-memory database or the path of a database directory (created if it
 * is missing; a relative path is resolved against the working directory). The settings:
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>name</th><th>values</th><th>default</th></tr>
 *   <tr><td>{@code cache}</td><td>buffer pool bytes, with an optional K/KB, M/MB or G/GB suffix (binary
 *       multiples); at least 16 pages</td><td>64MB, or a quarter of the maximum heap if less</td></tr>
 *   <tr><td>{@code pageSize}</td><td>4096, 8192 or 16384; fixed when the database is created</td><td>8192</td></tr>
 *   <tr><td>{@code durability}</td><td>{@code sync}: commit returns after the log is forced; {@code async}: the
 *       log is forced within 20 ms, so a crash may lose the last commits</td><td>sync</td></tr>
 *   <tr><td>{@code directIo}</td><td>{@code true} opens page files with O_DIRECT where the file system allows
 *       it</td><td>false</td></tr>
 *   <tr><td>{@code indexMethod}</td><td>the method of indexes created without {@code USING}, primary keys and
 *       UNIQUE constraints included: {@code mvidx} or {@code btree}</td><td>mvidx</td></tr>
 * </table>
 *
 * <p>Names are matched ignoring case. A bad location is 08001 (the client cannot connect); an unknown setting or a
 * bad value is 22023 (invalid parameter value), and the message names the setting and what it accepts.
 *
 * <p>Immutable and thread safe.
 */
public final class DatabaseSettings {
    private static final String MEMORY_PREFIX = "mem:";

    private final String location;
    private final Map<String, String> values;
    private final DatabaseConfig config;

    private DatabaseSettings(String location, Map<String, String> values, DatabaseConfig config) {
        this.location = location;
        this.values = values;
        this.config = config;
    }

    /** A described setting, for clients that list them (JDBC's {@code getPropertyInfo}). */
    public record Setting(String name, String description, String defaultValue, List<String> choices) {
    }

    /** Every setting, in the order they are applied. */
    public static List<Setting> known() {
        return List.of(DatabaseSetting.values()).stream().map(DatabaseSetting::describe).toList();
    }

    /** The canonical spelling of a setting name given in any case, if there is such a setting. */
    public static Optional<String> canonicalName(String name) {
        return DatabaseSetting.named(name).map(DatabaseSetting::settingName);
    }

    /** Parses {@code location} alone, with every setting at its default. */
    public static DatabaseSettings parse(String location) {
        return parse(location, Map.of());
    }

    /**
     * Parses a location and settings; see the class comment. A setting given with a null value is 22023, as is an
     * unknown name.
     */
    public static DatabaseSettings parse(String location, Map<String, String> settings) {
        DatabaseConfig config = baseConfig(location);
        Map<DatabaseSetting, String> given = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            DatabaseSetting setting = DatabaseSetting.named(e.getKey()).orElseThrow(() ->
                ErrorCode.UNKNOWN_SETTING.exception(e.getKey(), DatabaseSetting.names()));
            given.put(setting, e.getValue());
        }
        Map<String, String> normalised = new LinkedHashMap<>();
        for (DatabaseSetting setting : DatabaseSetting.values()) {
            if (given.containsKey(setting)) {
                String value = given.get(setting);
                config = setting.apply(config, value);
                normalised.put(setting.settingName(), value.trim());
            }
        }
        return new DatabaseSettings(config.describe(), Collections.unmodifiableMap(normalised), config);
    }

    private static DatabaseConfig baseConfig(String location) {
        if (location == null || location.isBlank()) {
            throw ErrorCode.INVALID_LOCATION.exception(String.valueOf(location),
                "expected a directory path or mem:NAME");
        }
        String target = location.trim();
        if (target.regionMatches(true, 0, MEMORY_PREFIX, 0, MEMORY_PREFIX.length())) {
            String name = target.substring(MEMORY_PREFIX.length()).trim();
            if (name.isEmpty()) {
                throw ErrorCode.INVALID_LOCATION.exception(location, "an in-memory database needs a name: mem:NAME");
            }
            return DatabaseConfig.inMemory(name);
        }
        try {
            return DatabaseConfig.directory(Path.of(target));
        } catch (InvalidPathException e) {
            throw ErrorCode.INVALID_LOCATION.exception(e, location, e.getMessage());
        }
    }

    /** The normalised location: the absolute directory path, or {@code mem:NAME}. */
    public String location() {
        return location;
    }

    public boolean isInMemory() {
        return config.isInMemory();
    }

    /** The settings that were given, by canonical name, with their values as given (trimmed). */
    public Map<String, String> values() {
        return values;
    }

    /** The engine configuration these settings ask for. */
    DatabaseConfig toConfig() {
        return config;
    }

    /**
     * The key under which holders share one open database: two locations that name the same directory get the
     * same key.
     */
    String key() {
        return location;
    }

    @Override
    public String toString() {
        return values.isEmpty() ? location : location + values.entrySet().stream()
            .map(e -> ";" + e.getKey() + "=" + e.getValue()).collect(Collectors.joining());
    }

    /** The 22023 error for a bad value of a setting, naming the setting and what it accepts. */
    static VersoException invalid(String setting, String value, String why) {
        return ErrorCode.INVALID_SETTING.exception(value, setting, why);
    }

    /** A value without surrounding blanks, in lower case, for settings whose values are words. */
    static String lower(String value) {
        return value.trim().toLowerCase(Locale.ROOT);
    }
}
