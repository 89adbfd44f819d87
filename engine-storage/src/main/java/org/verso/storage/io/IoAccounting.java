package org.verso.storage.io;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The database-wide registry of I/O counters: one {@link IoCounters} per file, summable per {@link PageKind}.
 * Counters of files that were deleted (a dropped table) are kept in their kind's total, so totals never go
 * backwards.
 */
public final class IoAccounting {
    private final Map<String, IoCounters> byFile = new ConcurrentHashMap<>();
    private final Map<String, PageKind> kindOfFile = new ConcurrentHashMap<>();

    /** The counters of {@code file}, created on first use (a reopened file continues its counts). */
    public IoCounters register(String file, PageKind kind) {
        kindOfFile.put(file, kind);
        return byFile.computeIfAbsent(file, f -> new IoCounters());
    }

    /** Counters of one file, or null if the file was never opened. */
    public IoCounters file(String file) {
        return byFile.get(file);
    }

    /** Files that have counters, with their kinds. */
    public Map<String, PageKind> files() {
        return Map.copyOf(kindOfFile);
    }

    /** Sums over every file of {@code kind}. */
    public IoCounters total(PageKind kind) {
        IoCounters sum = new IoCounters();
        byFile.forEach((file, c) -> {
            if (kindOfFile.get(file) == kind) {
                c.addTo(sum);
            }
        });
        return sum;
    }

    /** Sums per kind. */
    public Map<PageKind, IoCounters> totalsByKind() {
        Map<PageKind, IoCounters> totals = new EnumMap<>(PageKind.class);
        for (PageKind k : PageKind.values()) {
            totals.put(k, total(k));
        }
        return totals;
    }

    /** Sums over every file. */
    public IoCounters total() {
        IoCounters sum = new IoCounters();
        byFile.values().forEach(c -> c.addTo(sum));
        return sum;
    }
}
