package org.verso.jdbc;

import org.verso.common.SqlState;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.verso.common.VersoException;
import org.verso.core.DatabaseConfig;
import org.verso.storage.wal.Durability;

/**
 * A parsed Verso JDBC URL: {@code jdbc:verso:PATH} (a database directory, created if missing; relative to the
 * working directory) or {@code jdbc:verso:mem:NAME}, followed by {@code ;key=value} settings.
 *
 * <p>Settings: {@code cache} (buffer pool bytes, with an optional KB, MB or GB suffix), {@code pageSize}, and
 * {@code durability} ({@code sync}, the default: commit returns after the log is forced; {@code async}: the log is
 * forced within a bounded delay, so a crash may lose the last commits) and {@code directIo} ({@code true} opens
 * page files with O_DIRECT where the file system allows it). The
 * same keys may come from the {@link Properties} passed to {@code connect}; the URL wins. An unknown key in the URL
 * is an error (it is most likely a typo); unknown keys in the Properties are ignored, because tools put their own
 * keys there ({@code user} and {@code password} among them).
 */
public final class ConnectionUrl {
    public static final String PREFIX = "jdbc:verso:";
    private static final String MEMORY_PREFIX = "mem:";
    static final String CACHE = "cache";
    static final String PAGE_SIZE = "pageSize";
    static final String DURABILITY = "durability";
    static final String DIRECT_IO = "directIo";

    private final String url;
    private final Path directory;
    private final String memoryName;
    private final Long cacheBytes;
    private final Integer pageSize;
    private Durability durability;
    private Boolean directIo;

    private ConnectionUrl(String url, Path directory, String memoryName, Long cacheBytes, Integer pageSize) {
        this.url = url;
        this.directory = directory;
        this.memoryName = memoryName;
        this.cacheBytes = cacheBytes;
        this.pageSize = pageSize;
    }

    public static boolean accepts(String url) {
        return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /** Parses {@code url}; throws 08001 for a malformed URL and 22023 for a bad setting. */
    public static ConnectionUrl parse(String url, Properties info) throws SQLException {
        if (!accepts(url)) {
            throw SqlExceptions.create("not a Verso URL: " + url + " (expected " + PREFIX + "PATH or " + PREFIX
                + "mem:NAME)", SqlState.CANNOT_CONNECT);
        }
        String rest = url.substring(PREFIX.length());
        String[] parts = rest.split(";", -1);
        String target = parts[0].trim();
        Map<String, String> settings = new LinkedHashMap<>();
        if (info != null) {
            for (String key : info.stringPropertyNames()) {
                String known = knownKey(key);
                if (known != null) {
                    settings.put(known, info.getProperty(key));
                }
            }
        }
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i].trim();
            if (part.isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw badSetting(url, "'" + part + "' is not of the form key=value");
            }
            String key = part.substring(0, eq).trim();
            String known = knownKey(key);
            if (known == null) {
                throw badSetting(url, "unknown setting '" + key + "' (known: " + CACHE + ", " + PAGE_SIZE + ", "
                    + DURABILITY + ", " + DIRECT_IO + ")");
            }
            settings.put(known, part.substring(eq + 1).trim());
        }
        Long cache = settings.containsKey(CACHE) ? parseBytes(url, settings.get(CACHE)) : null;
        Integer page = settings.containsKey(PAGE_SIZE) ? parsePageSize(url, settings.get(PAGE_SIZE)) : null;
        Durability durability = settings.containsKey(DURABILITY)
            ? parseDurability(url, settings.get(DURABILITY)) : null;
        ConnectionUrl parsed = parseTarget(url, target, cache, page);
        parsed.durability = durability;
        if (settings.containsKey(DIRECT_IO)) {
            String v = settings.get(DIRECT_IO).trim();
            if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
                throw badSetting(url, DIRECT_IO + " must be true or false, not '" + v + "'");
            }
            parsed.directIo = Boolean.parseBoolean(v);
        }
        return parsed;
    }

    private static ConnectionUrl parseTarget(String url, String target, Long cache, Integer page)
        throws SQLException {
        if (target.regionMatches(true, 0, MEMORY_PREFIX, 0, MEMORY_PREFIX.length())) {
            String name = target.substring(MEMORY_PREFIX.length()).trim();
            if (name.isEmpty()) {
                throw SqlExceptions.create("in-memory URL without a name: " + url + " (expected " + PREFIX
                    + "mem:NAME)", SqlState.CANNOT_CONNECT);
            }
            return new ConnectionUrl(url, null, name, cache, page);
        }
        if (target.isEmpty()) {
            throw SqlExceptions.create("URL without a database path: " + url + " (expected " + PREFIX + "PATH or "
                + PREFIX + "mem:NAME)", SqlState.CANNOT_CONNECT);
        }
        try {
            return new ConnectionUrl(url, Path.of(target).toAbsolutePath().normalize(), null, cache, page);
        } catch (InvalidPathException e) {
            throw SqlExceptions.create("invalid database path in " + url + ": " + e.getMessage(),
                SqlState.CANNOT_CONNECT, e);
        }
    }

    private static String knownKey(String key) {
        if (key.equalsIgnoreCase(CACHE)) {
            return CACHE;
        }
        if (key.equalsIgnoreCase(PAGE_SIZE)) {
            return PAGE_SIZE;
        }
        if (key.equalsIgnoreCase(DURABILITY)) {
            return DURABILITY;
        }
        if (key.equalsIgnoreCase(DIRECT_IO)) {
            return DIRECT_IO;
        }
        return null;
    }

    /** Bytes with an optional K/KB, M/MB or G/GB suffix (binary multiples, as buffer sizes usually are). */
    static long parseBytes(String url, String value) throws SQLException {
        String v = value.trim().toUpperCase(Locale.ROOT);
        long multiplier = 1;
        if (v.endsWith("B") && v.length() > 1) {
            v = v.substring(0, v.length() - 1);
        }
        if (v.endsWith("K")) {
            multiplier = 1L << 10;
        } else if (v.endsWith("M")) {
            multiplier = 1L << 20;
        } else if (v.endsWith("G")) {
            multiplier = 1L << 30;
        }
        if (multiplier != 1) {
            v = v.substring(0, v.length() - 1).trim();
        }
        try {
            long n = Long.parseLong(v);
            if (n <= 0) {
                throw badSetting(url, CACHE + " must be positive, not '" + value + "'");
            }
            return Math.multiplyExact(n, multiplier);
        } catch (NumberFormatException | ArithmeticException e) {
            throw badSetting(url, CACHE + " must be a byte count such as 67108864, 64MB or 1GB, not '" + value
                + "'");
        }
    }

    private static int parsePageSize(String url, String value) throws SQLException {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw badSetting(url, PAGE_SIZE + " must be 4096, 8192 or 16384, not '" + value + "'");
        }
    }

    private static Durability parseDurability(String url, String value) throws SQLException {
        try {
            return Durability.parse(value);
        } catch (IllegalArgumentException e) {
            throw badSetting(url, DURABILITY + " must be sync or async, not '" + value + "'");
        }
    }

    private static SQLException badSetting(String url, String why) {
        return SqlExceptions.create("invalid setting in " + url + ": " + why, SqlState.INVALID_PARAMETER_VALUE);
    }

    /** The engine configuration this URL asks for; a bad value for the engine is 22023 too. */
    public DatabaseConfig toConfig() throws SQLException {
        DatabaseConfig config = isInMemory() ? DatabaseConfig.inMemory(memoryName)
            : DatabaseConfig.directory(directory);
        try {
            if (pageSize != null) {
                config = config.withPageSize(pageSize);
            }
            if (cacheBytes != null) {
                config = config.withCacheBytes(cacheBytes);
            }
            if (durability != null) {
                config = config.withDurability(durability);
            }
            if (directIo != null) {
                config = config.withDirectIo(directIo);
            }
        } catch (VersoException e) {
            throw SqlExceptions.create("invalid setting in " + url + ": " + e.getMessage(),
                SqlState.INVALID_PARAMETER_VALUE, e);
        }
        return config;
    }

    /**
     * The key under which connections share one open database: the normalised absolute directory, or
     * {@code mem:NAME}. Two URLs that name the same directory differently get the same key.
     */
    public String databaseKey() {
        return isInMemory() ? MEMORY_PREFIX + memoryName : directory.toString();
    }

    public boolean isInMemory() {
        return directory == null;
    }

    /** The database directory; null for an in-memory database. */
    public Path directory() {
        return directory;
    }

    public String memoryName() {
        return memoryName;
    }

    /** The buffer pool size asked for, or null for the default. */
    public Long cacheBytes() {
        return cacheBytes;
    }

    /** The commit durability asked for, or null for the default (sync). */
    public Durability durability() {
        return durability;
    }

    /** The page size asked for, or null for the default. */
    public Integer pageSize() {
        return pageSize;
    }

    /** The URL as given. */
    public String url() {
        return url;
    }

    @Override
    public String toString() {
        return url;
    }
}
