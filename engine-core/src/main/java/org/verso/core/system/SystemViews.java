package org.verso.core.system;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.table.IndexReadFigures;
import org.verso.core.table.Table;
import org.verso.storage.heap.HeapStatistics;
import org.verso.storage.index.IndexStatistics;
import org.verso.storage.io.IoAccounting;
import org.verso.storage.io.IoCounters;
import org.verso.storage.io.PageKind;
import org.verso.storage.page.BufferPool;

/**
 * The system views of a database:
 * <ul>
 *   <li>{@code SYS.IO_STATS}: the engine's I/O counters per file: pages read (and the reads that continued the
 *       previous one), pages and bytes written, sequential and random writes, fsyncs;</li>
 *   <li>{@code SYS.IO_TOTALS}: the same summed per page kind (HEAP, INDEX, WAL, CATALOG, COMMIT_LOG);</li>
 *   <li>{@code SYS.BUFFER_POOL}: frames, page size, hit ratio, misses, pages read ahead and the frames that hold
 *       memory so far;</li>
 *   <li>{@code SYS.TABLE_VERSIONS}: per table, the VIDs and version nodes in the version directory, the tuple
 *       versions fetched from pages so far, and the bytes the directory's arrays occupy;</li>
 *   <li>{@code SYS.INDEX_STATS}: per index, its entries, the scans opened on it (a lookup is a scan of one key), the
 *       entries read, the tuples fetched for them, fetched tuples not returned (a version the reader does not see,
 *       or an older version's MV-IDX entry), the entries the version directory found invisible without a fetch
 *       (MV-IDX's saved fetches), and the pages read and written of its file (0 for an index in memory).</li>
 * </ul>
 */
public final class SystemViews {
    private SystemViews() {
    }

    /** The views; {@code indexIo} gives an index's file counters by index id (null: no file). */
    public static List<SystemView> of(IoAccounting io, BufferPool pool, Supplier<List<Table>> tables,
                                      LongFunction<IoCounters> indexIo) {
        return List.of(ioStats(io), ioTotals(io), bufferPool(pool), tableVersions(tables),
            indexStats(tables, indexIo));
    }

    private static SystemView.Builder ioColumns(SystemView.Builder b) {
        return b.bigint("PAGES_READ").bigint("SEQUENTIAL_READS").bigint("PAGES_WRITTEN").bigint("BYTES_WRITTEN").bigint("SEQUENTIAL_WRITES")
            .bigint("RANDOM_WRITES").bigint("FSYNCS");
    }

    private static Object[] row(Object a, Object b, IoCounters c) {
        List<Object> values = new ArrayList<>();
        if (a != null) {
            values.add(a);
        }
        values.add(b);
        values.add(c.pagesRead());
        values.add(c.sequentialReads());
        values.add(c.pagesWritten());
        values.add(c.bytesWritten());
        values.add(c.sequentialWrites());
        values.add(c.randomWrites());
        values.add(c.fsyncs());
        return values.toArray();
    }

    private static SystemView ioStats(IoAccounting io) {
        return ioColumns(new SystemView.Builder("IO_STATS").varchar("FILE", 200).varchar("KIND", 20)).rows(() -> {
            List<Object[]> rows = new ArrayList<>();
            for (Map.Entry<String, PageKind> e : new TreeMap<>(io.files()).entrySet()) {
                rows.add(row(e.getKey(), e.getValue().name(), io.file(e.getKey())));
            }
            return rows;
        });
    }

    private static SystemView ioTotals(IoAccounting io) {
        return ioColumns(new SystemView.Builder("IO_TOTALS").varchar("KIND", 20)).rows(() -> {
            List<Object[]> rows = new ArrayList<>();
            io.totalsByKind().forEach((kind, c) -> rows.add(row(null, kind.name(), c)));
            return rows;
        });
    }

    private static SystemView bufferPool(BufferPool pool) {
        return new SystemView.Builder("BUFFER_POOL").integer("FRAMES").integer("PAGE_SIZE").dbl("HIT_RATIO")
            .bigint("MISSES").bigint("WAL_RULE_VIOLATIONS").bigint("PAGES_READ_AHEAD").integer("FRAMES_ALLOCATED")
            .rows(() -> List.<Object[]>of(new Object[] {pool.frameCount(), pool.pageSize(), pool.hitRatio(),
                pool.misses(), pool.walRuleViolations(), pool.pagesReadAhead(), pool.framesCreated()}));
    }

    private static SystemView tableVersions(Supplier<List<Table>> tables) {
        return new SystemView.Builder("TABLE_VERSIONS").varchar("TABLE_NAME", 128).varchar("LAYOUT", 16)
            .bigint("ROW_IDS").bigint("VERSION_NODES").bigint("TUPLE_FETCHES").bigint("DIRECTORY_BYTES")
            .bigint("PAGES").bigint("PAGES_RELEASED").bigint("VERSIONS_MOVED").rows(() -> {
                List<Object[]> rows = new ArrayList<>();
                for (Table t : tables.get()) {
                    HeapStatistics heap = t.heapStatistics();
                    rows.add(new Object[] {t.definition().name(), t.layout(), heap.rowIds(), heap.versionNodes(),
                        heap.tupleFetches(), heap.directoryBytes(), heap.pages(), heap.pagesReleased(),
                        heap.versionsMoved()});
                }
                return rows;
            });
    }

    private static SystemView indexStats(Supplier<List<Table>> tables, LongFunction<IoCounters> indexIo) {
        return new SystemView.Builder("INDEX_STATS").varchar("TABLE_NAME", 128).varchar("INDEX_NAME", 128)
            .varchar("KIND", 8).bigint("ENTRIES").bigint("SCANS").bigint("ENTRIES_READ").bigint("TUPLES_FETCHED")
            .bigint("FETCHED_NOT_RETURNED").bigint("FETCHES_SAVED").bigint("PAGES_READ").bigint("PAGES_WRITTEN")
            .rows(() -> {
                List<Object[]> rows = new ArrayList<>();
                for (Table t : tables.get()) {
                    Map<String, IndexStatistics> stats = t.indexStatistics();
                    Map<String, IndexReadFigures> reads = t.indexReads();
                    for (IndexDefinition index : t.definition().indexes()) {
                        IndexStatistics s = stats.get(index.name());
                        IndexReadFigures r = reads.get(index.name());
                        if (s == null || r == null) {
                            continue;
                        }
                        IoCounters io = indexIo.apply(index.id());
                        rows.add(new Object[] {t.definition().name(), index.name(),
                            index.kind().name().toLowerCase(java.util.Locale.ROOT), s.entries(), s.scans(),
                            r.entriesRead(), r.tuplesFetched(), r.fetchedNotReturned(), r.fetchesSaved(),
                            io == null ? 0L : io.pagesRead(), io == null ? 0L : io.pagesWritten()});
                    }
                }
                return rows;
            });
    }
}
