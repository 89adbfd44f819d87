package org.verso.core.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.function.ToDoubleFunction;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.table.IndexReadFigures;
import org.verso.core.table.Table;
import org.verso.storage.index.IndexStatistics;
import org.verso.storage.io.IoCounters;

/**
 * Micrometer meters per index, over the same counters as {@code SYS.INDEX_STATS}: {@code verso.index.entries}
 * (gauge), and the counters {@code verso.index.scans}, {@code verso.index.entries.read},
 * {@code verso.index.tuples.fetched}, {@code verso.index.fetched.not.returned}, {@code verso.index.fetches.saved},
 * {@code verso.index.pages.read} and {@code verso.index.pages.written}, tagged {@code db}, {@code table},
 * {@code index} and {@code kind} ({@code mvidx} or {@code btree}). {@link #refresh} adds the meters of new indexes
 * and removes those of dropped ones; the database calls it after DDL and periodically.
 *
 * <p>Thread safety: {@link #refresh} is synchronised; the meters read thread-safe counters.
 */
public final class IndexMeters {
    private final MeterRegistry registry;
    private final String database;
    private final LongFunction<IoCounters> indexIo;
    private final Map<Long, List<Meter>> byIndex = new HashMap<>();

    public IndexMeters(MeterRegistry registry, String database, LongFunction<IoCounters> indexIo) {
        this.registry = registry;
        this.database = database;
        this.indexIo = indexIo;
    }

    /** Registers the meters of every index of {@code tables} that has none, and removes those of the others. */
    public synchronized void refresh(Iterable<Table> tables) {
        Set<Long> present = new HashSet<>();
        for (Table table : tables) {
            for (IndexDefinition index : table.definition().indexes()) {
                present.add(index.id());
                byIndex.computeIfAbsent(index.id(), id -> register(table, index));
            }
        }
        byIndex.entrySet().removeIf(e -> {
            if (present.contains(e.getKey())) {
                return false;
            }
            e.getValue().forEach(registry::remove);
            return true;
        });
    }

    private List<Meter> register(Table table, IndexDefinition index) {
        String name = index.name();
        List<Meter> meters = new ArrayList<>();
        meters.add(Gauge.builder("verso.index.entries", table, t -> stats(t, name, IndexStatistics::entries))
            .tags(tags(table, index)).register(registry));
        meters.add(counter("verso.index.scans", table, index, t -> stats(t, name, IndexStatistics::scans)));
        meters.add(counter("verso.index.entries.read", table, index,
            t -> reads(t, name, IndexReadFigures::entriesRead)));
        meters.add(counter("verso.index.tuples.fetched", table, index,
            t -> reads(t, name, IndexReadFigures::tuplesFetched)));
        meters.add(counter("verso.index.fetched.not.returned", table, index,
            t -> reads(t, name, IndexReadFigures::fetchedNotReturned)));
        meters.add(counter("verso.index.fetches.saved", table, index,
            t -> reads(t, name, IndexReadFigures::fetchesSaved)));
        long id = index.id();
        meters.add(counter("verso.index.pages.read", table, index, t -> io(id, IoCounters::pagesRead)));
        meters.add(counter("verso.index.pages.written", table, index, t -> io(id, IoCounters::pagesWritten)));
        return meters;
    }

    private Meter counter(String meter, Table table, IndexDefinition index, ToDoubleFunction<Table> value) {
        return FunctionCounter.builder(meter, table, value).tags(tags(table, index)).register(registry);
    }

    private String[] tags(Table table, IndexDefinition index) {
        return new String[] {"db", database, "table", table.definition().name(), "index", index.name(), "kind",
            index.kind().name().toLowerCase(java.util.Locale.ROOT)};
    }

    private static double stats(Table table, String index, ToDoubleFunction<IndexStatistics> value) {
        IndexStatistics s = table.indexStatistics().get(index);
        return s == null ? 0 : value.applyAsDouble(s);
    }

    private static double reads(Table table, String index, ToDoubleFunction<IndexReadFigures> value) {
        IndexReadFigures r = table.indexReads().get(index);
        return r == null ? 0 : value.applyAsDouble(r);
    }

    private double io(long indexId, ToDoubleFunction<IoCounters> value) {
        IoCounters counters = indexIo.apply(indexId);
        return counters == null ? 0 : value.applyAsDouble(counters);
    }
}
