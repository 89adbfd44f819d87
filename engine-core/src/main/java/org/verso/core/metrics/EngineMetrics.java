package org.verso.core.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.verso.core.tx.TransactionManager.AbortCause;

/**
 * The transactions' counters: commits and aborts by cause. They count from the moment the database opens, whether
 * or not a registry reads them yet; {@link DatabaseMeters} exposes them as the meters {@code
 * verso.transactions.commits} and {@code verso.transactions.aborts{cause}}.
 */
public final class EngineMetrics {
    // Counted in LongAdders that the registry reads when it publishes: a Micrometer Counter adds a double on every
    // commit, which was a twentieth of an autocommit point query.
    private final LongAdder commits = new LongAdder();
    private final Map<AbortCause, LongAdder> aborts = new EnumMap<>(AbortCause.class);

    public EngineMetrics() {
        for (AbortCause cause : AbortCause.values()) {
            aborts.put(cause, new LongAdder());
        }
    }

    /** Registers this database's transaction meters, tagged {@code db}. */
    void registerWith(MeterRegistry registry, String database) {
        FunctionCounter.builder("verso.transactions.commits", commits, LongAdder::sum).tag("db", database)
            .register(registry);
        aborts.forEach((cause, count) -> FunctionCounter.builder("verso.transactions.aborts", count, LongAdder::sum)
            .tag("db", database).tag("cause", cause.name().toLowerCase(java.util.Locale.ROOT)).register(registry));
    }

    public void committed() {
        commits.increment();
    }

    public void aborted(AbortCause cause) {
        aborts.get(cause).increment();
    }
}
