package org.verso.core.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToDoubleFunction;
import org.verso.core.tx.TransactionManager.AbortCause;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.IoCounters;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;

/**
 * The engine's Micrometer meters: commits, aborts by cause, and (as gauges over the storage engine's own counters)
 * pages read and written, bytes written and sequential versus random writes per page kind, plus the buffer pool
 * hit ratio. Every meter carries a {@code db} tag naming the database.
 */
public final class EngineMetrics {
    // Counted in LongAdders that the registry reads when it publishes: a Micrometer Counter adds a double on every
    // commit, which was a twentieth of an autocommit point query.
    private final LongAdder commits = new LongAdder();
    private final Map<AbortCause, LongAdder> aborts = new EnumMap<>(AbortCause.class);

    public EngineMetrics(MeterRegistry registry, String database) {
        FunctionCounter.builder("verso.transactions.commits", commits, LongAdder::sum).tag("db", database)
            .register(registry);
        for (AbortCause cause : AbortCause.values()) {
            LongAdder count = new LongAdder();
            aborts.put(cause, count);
            FunctionCounter.builder("verso.transactions.aborts", count, LongAdder::sum).tag("db", database)
                .tag("cause", cause.name().toLowerCase(java.util.Locale.ROOT)).register(registry);
        }
    }

    /** Registers the I/O and buffer pool gauges. */
    public static void registerStorageGauges(MeterRegistry registry, String database, IoAccounting io,
                                             BufferPool pool) {
        for (PageKind kind : PageKind.values()) {
            String k = kind.name().toLowerCase(java.util.Locale.ROOT);
            gauge(registry, "verso.io.pages.read", database, k, io, kind, IoCounters::pagesRead);
            gauge(registry, "verso.io.pages.written", database, k, io, kind, IoCounters::pagesWritten);
            gauge(registry, "verso.io.bytes.written", database, k, io, kind, IoCounters::bytesWritten);
            gauge(registry, "verso.io.writes.sequential", database, k, io, kind, IoCounters::sequentialWrites);
            gauge(registry, "verso.io.writes.random", database, k, io, kind, IoCounters::randomWrites);
            gauge(registry, "verso.io.fsyncs", database, k, io, kind, IoCounters::fsyncs);
        }
        Gauge.builder("verso.buffer.hit.ratio", pool, BufferPool::hitRatio).tag("db", database).register(registry);
    }

    private static void gauge(MeterRegistry registry, String name, String database, String kind, IoAccounting io,
                              PageKind pageKind, ToDoubleFunction<IoCounters> value) {
        Gauge.builder(name, io, a -> value.applyAsDouble(a.total(pageKind))).tag("db", database).tag("kind", kind)
            .register(registry);
    }

    public void committed() {
        commits.increment();
    }

    public void aborted(AbortCause cause) {
        aborts.get(cause).increment();
    }
}
