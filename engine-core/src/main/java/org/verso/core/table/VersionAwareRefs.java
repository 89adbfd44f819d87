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
 * MV-IDX entries: key -> VID (the row id). One entry serves every version of the row with that key, so an update
 * that keeps the key does not touch the index; the version directory finds the version a snapshot sees before any
 * tuple is fetched, and since an old key's entry leads to the row's current version, the reader rechecks the key.
 */
final class VersionAwareRefs implements IndexEntryRefs {
    static final VersionAwareRefs INSTANCE = new VersionAwareRefs();

    private VersionAwareRefs() {
    }

    @Override
    public long refOf(long rowId, long tid) {
        return rowId;
    }

    @Override
    public boolean entryPerVersion() {
        return false;
    }

    @Override
    public boolean fetchesEveryEntry() {
        return false;
    }

    @Override
    public FetchedVersion read(TableHeap heap, long ref, Snapshot snapshot) {
        return new FetchedVersion(ref, heap.read(ref, snapshot));
    }

    @Override
    public long rowId(TableHeap heap, long ref) {
        return ref;
    }

    /** The keys no kept version has: their one entry named only dropped versions. */
    @Override
    public List<Entry> entriesOnlyFor(IndexAccess index, long rowId, List<RowVersion> dropped,
                                      List<RowVersion> kept) {
        Set<ByteKey> keep = new HashSet<>();
        for (RowVersion version : kept) {
            keep.add(new ByteKey(index.keyOf(version.row())));
        }
        List<Entry> out = new ArrayList<>();
        for (RowVersion version : dropped) {
            byte[] key = index.keyOf(version.row());
            if (keep.add(new ByteKey(key))) {
                out.add(new Entry(key, rowId));
            }
        }
        return out;
    }
}
