package org.verso.core.table;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.verso.storage.heap.FetchedVersion;
import org.verso.storage.heap.RowVersion;
import org.verso.storage.heap.TableHeap;
import org.verso.storage.version.Snapshot;

/**
 * Version-oblivious B+tree entries: key -> tuple id, one entry for every version, as PostgreSQL's B-tree keeps them.
 * Every update adds an entry, whether or not it changes the key, and a reader fetches every matching version's tuple
 * before it knows whether its snapshot sees it: the baseline MV-IDX is measured against.
 */
final class VersionObliviousRefs implements IndexEntryRefs {
    static final VersionObliviousRefs INSTANCE = new VersionObliviousRefs();

    private VersionObliviousRefs() {
    }

    @Override
    public long refOf(long rowId, long tid) {
        return tid;
    }

    @Override
    public boolean entryPerVersion() {
        return true;
    }

    @Override
    public boolean fetchesEveryEntry() {
        return true;
    }

    @Override
    public FetchedVersion read(TableHeap heap, long ref, Snapshot snapshot) {
        return heap.fetch(ref, snapshot);
    }

    @Override
    public long rowId(TableHeap heap, long ref) {
        return heap.fetch(ref, Snapshot.committedAt(0)).rowId();
    }

    /** The dropped versions' own entries; a dropped write intent shares its tuple with a kept version. */
    @Override
    public List<Entry> entriesOnlyFor(IndexAccess index, long rowId, List<RowVersion> dropped,
                                      List<RowVersion> kept) {
        Set<Long> keep = new HashSet<>();
        for (RowVersion version : kept) {
            keep.add(version.tid());
        }
        List<Entry> out = new ArrayList<>();
        for (RowVersion version : dropped) {
            if (keep.add(version.tid())) {
                out.add(new Entry(index.keyOf(version.row()), version.tid()));
            }
        }
        return out;
    }
}
