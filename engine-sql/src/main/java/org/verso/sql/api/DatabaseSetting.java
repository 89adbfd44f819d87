package org.verso.sql.api;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.core.DatabaseConfig;
import org.verso.core.catalog.IndexKind;
import org.verso.storage.wal.Durability;

/**
 * The settings {@link DatabaseSettings} knows, each with its parser. They are applied in declaration order, so the
 * page size is known when the cache size is checked against it. The engine's own checks of a value (a page size it
 * does not support, a cache too small for 16 pages) are reported as bad values of the setting too.
 */
enum DatabaseSetting {
    PAGE_SIZE("pageSize", "page size in bytes, fixed when the database is created", "8192",
        List.of("4096", "8192", "16384")) {
        @Override
        DatabaseConfig applyValue(DatabaseConfig config, String value) {
            try {
                return config.withPageSize(Integer.parseInt(value.trim()));
            } catch (NumberFormatException e) {
                throw invalid(value, "expected 4096, 8192 or 16384");
            }
        }
    },
    CACHE("cache", "buffer pool size in bytes, with an optional K, M or G suffix (at least 16 pages); by default"
        + " 64MB, or a quarter of the maximum heap if that is less", "64MB",
        List.of()) {
        @Override
        DatabaseConfig applyValue(DatabaseConfig config, String value) {
            return config.withCacheBytes(parseBytes(value));
        }
    },
    DURABILITY("durability", "sync: commit returns after the log is forced; async: the log is forced within 20 ms",
        "sync", List.of("sync", "async")) {
        @Override
        DatabaseConfig applyValue(DatabaseConfig config, String value) {
            try {
                return config.withDurability(Durability.parse(value));
            } catch (IllegalArgumentException e) {
                throw invalid(value, "expected sync or async");
            }
        }
    },
    HEAP_SEGMENT("heapSegment", "size of the segment files each table's heap is stored in, the unit reclaimed space"
        + " goes back to the file system in: a multiple of the page size, with an optional K, M or G suffix; fixed"
        + " when the database is created", "1MB", List.of()) {
        @Override
        DatabaseConfig applyValue(DatabaseConfig config, String value) {
            return config.withHeapSegmentBytes(parseBytes(value));
        }
    },
    DIRECT_IO("directIo", "true opens page files with O_DIRECT where the file system allows it", "false",
        List.of("true", "false")) {
        @Override
        DatabaseConfig applyValue(DatabaseConfig config, String value) {
            String v = DatabaseSettings.lower(value);
            if (!v.equals("true") && !v.equals("false")) {
                throw invalid(value, "expected true or false");
            }
            return config.withDirectIo(Boolean.parseBoolean(v));
        }
    },
    INDEX_METHOD("indexMethod", "the method of indexes created without USING, primary keys and UNIQUE constraints"
        + " included: mvidx (multi-version index) or btree (version-oblivious B+tree)", "mvidx",
        List.of("mvidx", "btree")) {
        @Override
        DatabaseConfig applyValue(DatabaseConfig config, String value) {
            try {
                return config.withIndexKind(IndexKind.parse(value));
            } catch (VersoException e) {
                throw invalid(value, "expected mvidx or btree");
            }
        }
    };

    private final String name;
    private final String description;
    private final String defaultValue;
    private final List<String> choices;

    DatabaseSetting(String name, String description, String defaultValue, List<String> choices) {
        this.name = name;
        this.description = description;
        this.defaultValue = defaultValue;
        this.choices = choices;
    }

    String settingName() {
        return name;
    }

    DatabaseSettings.Setting describe() {
        return new DatabaseSettings.Setting(name, description, defaultValue, choices);
    }

    static Optional<DatabaseSetting> named(String name) {
        return name == null ? Optional.empty()
            : Arrays.stream(values()).filter(s -> s.name.equalsIgnoreCase(name.trim())).findFirst();
    }

    static String names() {
        return Arrays.stream(values()).map(s -> s.name).collect(Collectors.joining(", "));
    }

    /** The configuration with this setting applied; 22023 for a missing or bad value. */
    DatabaseConfig apply(DatabaseConfig config, String value) {
        if (value == null || value.isBlank()) {
            throw invalid(String.valueOf(value), "a value is required (" + name + "=VALUE)");
        }
        try {
            return applyValue(config, value);
        } catch (VersoException e) {
            if (e.code() == ErrorCode.INVALID_SETTING) {
                throw e;
            }
            // DatabaseConfig's own checks (page size, cache size) report the engine's limit.
            throw invalid(value, e.getMessage());
        }
    }

    abstract DatabaseConfig applyValue(DatabaseConfig config, String value);

    VersoException invalid(String value, String why) {
        return DatabaseSettings.invalid(name, value, why);
    }

    /** Bytes with an optional K/KB, M/MB or G/GB suffix (binary multiples, as buffer sizes usually are). */
    long parseBytes(String value) {
        String v = value.trim().toUpperCase(Locale.ROOT);
        if (v.endsWith("B") && v.length() > 1) {
            v = v.substring(0, v.length() - 1);
        }
        long multiplier = switch (v.isEmpty() ? ' ' : v.charAt(v.length() - 1)) {
            case 'K' -> 1L << 10;
            case 'M' -> 1L << 20;
            case 'G' -> 1L << 30;
            default -> 1;
        };
        if (multiplier != 1) {
            v = v.substring(0, v.length() - 1).trim();
        }
        try {
            long n = Long.parseLong(v);
            if (n <= 0) {
                throw invalid(value, "must be positive");
            }
            return Math.multiplyExact(n, multiplier);
        } catch (NumberFormatException | ArithmeticException e) {
            throw invalid(value, "expected a byte count such as 67108864, 64MB or 1GB");
        }
    }
}
