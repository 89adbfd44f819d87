package org.verso.core.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.function.LongFunction;
import java.util.function.ToDoubleFunction;
import org.verso.core.table.Table;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.IoCounters;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;

/**
 * A database's meters in one Micrometer registry, every one tagged {@code db}: the transaction counters of
 * {@link EngineMetrics}; as gauges over the storage engine's own counters, pages read and written, bytes written,
 * sequential versus random writes and forces per page kind, and the buffer pool's hit ratio; and the meters of each
 * index ({@link IndexMeters}). A database binds them when it opens if the embedder gave it a registry, and otherwise
 * only when its registry is first asked for: Micrometer's classes then cost nothing to a database nobody observes.
 *
 * <p>Thread safety: {@link #refreshIndexes} is thread safe; the meters read thread-safe counters.
 */
public final class DatabaseMeters {
    private final MeterRegistry registry;
    private final IndexMeters indexes;

    private DatabaseMeters(MeterRegistry registry, IndexMeters indexes) {
        this.registry = registry;
        this.indexes = indexes;
    }

    /**
     * Registers every meter of a database with {@code registry}, or with a new {@link SimpleMeterRegistry} of the
     * database's own if it is null.
     */
    public static DatabaseMeters bind(MeterRegistry registry, String database, EngineMetrics transactions,
                                      IoAccounting io, BufferPool pool, LongFunction<IoCounters> indexIo) {
        MeterRegistry target = registry != null ? registry : new SimpleMeterRegistry();
        transactions.registerWith(target, database);
        for (PageKind kind : PageKind.values()) {
            String k = kind.name().toLowerCase(java.util.Locale.ROOT);
            gauge(target, "verso.io.pages.read", database, k, io, kind, IoCounters::pagesRead);
            gauge(target, "verso.io.pages.written", database, k, io, kind, IoCounters::pagesWritten);
            gauge(target, "verso.io.bytes.written", database, k, io, kind, IoCounters::bytesWritten);
            gauge(target, "verso.io.writes.sequential", database, k, io, kind, IoCounters::sequentialWrites);
            gauge(target, "verso.io.writes.random", database, k, io, kind, IoCounters::randomWrites);
            gauge(target, "verso.io.fsyncs", database, k, io, kind, IoCounters::fsyncs);
        }
        Gauge.builder("verso.buffer.hit.ratio", pool, BufferPool::hitRatio).tag("db", database).register(target);
        return new DatabaseMeters(target, new IndexMeters(target, database, indexIo));
    }

    private static void gauge(MeterRegistry registry, String name, String database, String kind, IoAccounting io,
                              PageKind pageKind, ToDoubleFunction<IoCounters> value) {
        Gauge.builder(name, io, a -> value.applyAsDouble(a.total(pageKind))).tag("db", database).tag("kind", kind)
            .register(registry);
    }

    public MeterRegistry registry() {
        return registry;
    }

    /** Adds the meters of the indexes of {@code tables} that have none and removes those of dropped indexes. */
    public void refreshIndexes(Iterable<Table> tables) {
        indexes.refresh(tables);
    }
}
