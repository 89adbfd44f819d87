package org.verso.jdbc;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.sql.api.DatabaseSettings;

/**
 * A Verso JDBC URL, {@code jdbc:verso:LOCATION[;key=value]...}, split into the location and the settings that
 * engine-sql's {@link DatabaseSettings} parses and checks. The location is a directory path or {@code mem:NAME}.
 *
 * <p>Settings may also come from the {@link Properties} passed to {@code connect}; the URL wins. An unknown key in
 * the URL is an error (it is most likely a typo); unknown keys in the Properties are ignored, because tools put
 * their own keys there ({@code user} and {@code password} among them).
 */
final class ConnectionUrl {
    static final String PREFIX = "jdbc:verso:";

    private final String url;
    private final DatabaseSettings settings;

    private ConnectionUrl(String url, DatabaseSettings settings) {
        this.url = url;
        this.settings = settings;
    }

    static boolean accepts(String url) {
        return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /** Splits and checks {@code url}: 08001 for a URL that names no database, 22023 for a bad setting. */
    static ConnectionUrl parse(String url, Properties info) throws SQLException {
        if (!accepts(url)) {
            throw SqlExceptions.of(ErrorCode.INVALID_LOCATION, url,
                "not a Verso URL (expected " + PREFIX + "PATH or " + PREFIX + "mem:NAME)");
        }
        String[] parts = url.substring(PREFIX.length()).split(";", -1);
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i].trim();
            if (part.isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            // A key without '=' reaches the engine without a value, which it reports as a bad setting.
            settings.put(eq < 0 ? part : part.substring(0, eq).trim(), eq < 0 ? null : part.substring(eq + 1).trim());
        }
        if (info != null) {
            for (String key : info.stringPropertyNames()) {
                DatabaseSettings.canonicalName(key).ifPresent(name -> {
                    if (settings.keySet().stream().noneMatch(name::equalsIgnoreCase)) {
                        settings.put(name, info.getProperty(key));
                    }
                });
            }
        }
        try {
            return new ConnectionUrl(url, DatabaseSettings.parse(parts[0], settings));
        } catch (VersoException e) {
            throw SqlExceptions.of(e);
        }
    }

    /** The database and settings the URL names. */
    DatabaseSettings settings() {
        return settings;
    }

    /** The URL as given. */
    String url() {
        return url;
    }

    @Override
    public String toString() {
        return url;
    }
}
