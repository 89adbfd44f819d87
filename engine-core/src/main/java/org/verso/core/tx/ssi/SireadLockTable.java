package org.verso.core.tx.ssi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.verso.storage.index.KeyRange;

/**
 * The SIREAD locks of serializable transactions: a remembered read that never blocks anyone and is only looked at
 * by writers, to find the readers their write rw-conflicts with. Three granularities: a row (a point read), a key
 * range of an index (an index scan, which also covers rows inserted into the range later: phantoms), and a whole
 * table (a full scan). A transaction's row locks on a table are promoted to one table lock past
 * {@value #ROWS_PER_TABLE} rows, and its range locks on an index past {@value #RANGES_PER_INDEX} ranges, so the
 * table's memory stays bounded by the number of transactions, not by what they read.
 *
 * <p>Thread safety: lock and lookup run concurrently from many threads; each target's holder set is a concurrent
 * set changed atomically per target. A reader adds its lock before it checks the row for newer versions, and a
 * writer installs its version before it looks for locks, so of a concurrent read and write at least one sees the
 * other (Cahill et al., section 3.3).
 */
final class SireadLockTable {
    static final int ROWS_PER_TABLE = 4096;
    static final int RANGES_PER_INDEX = 256;

    private record RowTarget(long tableId, long rowId) {
    }

    private record IndexTarget(long tableId, long indexId) {
    }

    /** A range lock: the range one transaction scanned. */
    private record RangeLock(KeyRange range, SerializableTransaction holder) {
    }

    /** The locks one transaction holds, for promotion and release. Used by the holder's thread, then by cleanup. */
    static final class Held {
        private final Map<Long, List<Long>> rowsByTable = new HashMap<>();
        private final Set<Long> tables = new HashSet<>();
        private final Map<IndexTarget, List<RangeLock>> ranges = new HashMap<>();
    }

    private final Map<RowTarget, Set<SerializableTransaction>> rows = new ConcurrentHashMap<>();
    private final Map<Long, Set<SerializableTransaction>> tables = new ConcurrentHashMap<>();
    private final Map<IndexTarget, Set<RangeLock>> ranges = new ConcurrentHashMap<>();

    /** Whether {@code sx} holds a lock on all of table {@code tableId}. */
    boolean holdsTable(SerializableTransaction sx, long tableId) {
        synchronized (sx.locks) {
            return sx.locks.tables.contains(tableId);
        }
    }

    void lockTable(SerializableTransaction sx, long tableId) {
        synchronized (sx.locks) {
            if (!sx.locks.tables.add(tableId)) {
                return;
            }
            add(tables, tableId, sx);
            List<Long> rowIds = sx.locks.rowsByTable.remove(tableId);
            if (rowIds != null) {
                for (long rowId : rowIds) {
                    remove(rows, new RowTarget(tableId, rowId), sx);
                }
            }
            for (Map.Entry<IndexTarget, List<RangeLock>> e : new ArrayList<>(sx.locks.ranges.entrySet())) {
                if (e.getKey().tableId() == tableId) {
                    for (RangeLock lock : e.getValue()) {
                        remove(ranges, e.getKey(), lock);
                    }
                    sx.locks.ranges.remove(e.getKey());
                }
            }
        }
    }

    void lockRow(SerializableTransaction sx, long tableId, long rowId) {
        synchronized (sx.locks) {
            if (sx.locks.tables.contains(tableId)) {
                return;
            }
            List<Long> rowIds = sx.locks.rowsByTable.computeIfAbsent(tableId, t -> new ArrayList<>());
            if (rowIds.size() >= ROWS_PER_TABLE) {
                lockTable(sx, tableId);
                return;
            }
            if (add(rows, new RowTarget(tableId, rowId), sx)) {
                rowIds.add(rowId);
            }
        }
    }

    void lockRange(SerializableTransaction sx, long tableId, long indexId, KeyRange range) {
        synchronized (sx.locks) {
            if (sx.locks.tables.contains(tableId)) {
                return;
            }
            IndexTarget target = new IndexTarget(tableId, indexId);
            List<RangeLock> held = sx.locks.ranges.computeIfAbsent(target, t -> new ArrayList<>());
            if (held.size() >= RANGES_PER_INDEX) {
                lockTable(sx, tableId);
                return;
            }
            RangeLock lock = new RangeLock(range, sx);
            held.add(lock);
            add(ranges, target, lock);
        }
    }

    /** Calls {@code holder} for every transaction holding a lock on the row or on its whole table. */
    void holdersOfRow(long tableId, long rowId, Consumer<SerializableTransaction> holder) {
        Set<SerializableTransaction> onRow = rows.get(new RowTarget(tableId, rowId));
        if (onRow != null) {
            onRow.forEach(holder);
        }
        Set<SerializableTransaction> onTable = tables.get(tableId);
        if (onTable != null) {
            onTable.forEach(holder);
        }
    }

    /** Calls {@code holder} for every transaction holding a range lock of the index that contains {@code key}. */
    void holdersOfKey(long tableId, long indexId, byte[] key, Consumer<SerializableTransaction> holder) {
        Set<RangeLock> locks = ranges.get(new IndexTarget(tableId, indexId));
        if (locks != null) {
            for (RangeLock lock : locks) {
                if (lock.range().contains(key)) {
                    holder.accept(lock.holder());
                }
            }
        }
    }

    /** Releases every lock {@code sx} holds. */
    void release(SerializableTransaction sx) {
        synchronized (sx.locks) {
            sx.locks.rowsByTable.forEach((tableId, rowIds) -> {
                for (long rowId : rowIds) {
                    remove(rows, new RowTarget(tableId, rowId), sx);
                }
            });
            for (long tableId : sx.locks.tables) {
                remove(tables, tableId, sx);
            }
            sx.locks.ranges.forEach((target, held) -> {
                for (RangeLock lock : held) {
                    remove(ranges, target, lock);
                }
            });
            sx.locks.rowsByTable.clear();
            sx.locks.tables.clear();
            sx.locks.ranges.clear();
        }
    }

    /** Number of lock entries held by all transactions (for tests and views). */
    int size() {
        int n = 0;
        for (Set<SerializableTransaction> s : rows.values()) {
            n += s.size();
        }
        for (Set<SerializableTransaction> s : tables.values()) {
            n += s.size();
        }
        for (Set<RangeLock> s : ranges.values()) {
            n += s.size();
        }
        return n;
    }

    private static <K, V> boolean add(Map<K, Set<V>> map, K key, V value) {
        boolean[] added = new boolean[1];
        map.compute(key, (k, set) -> {
            Set<V> s = set != null ? set : ConcurrentHashMap.newKeySet();
            added[0] = s.add(value);
            return s;
        });
        return added[0];
    }

    private static <K, V> void remove(Map<K, Set<V>> map, K key, V value) {
        map.computeIfPresent(key, (k, set) -> {
            set.remove(value);
            return set.isEmpty() ? null : set;
        });
    }
}
