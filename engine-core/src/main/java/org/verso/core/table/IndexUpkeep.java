package org.verso.core.table;

import java.util.List;
import org.verso.storage.heap.PrunedVersions;
import org.verso.storage.heap.RowVersion;

/**
 * Keeps a table's index entries in step with what space reclamation does to its heap: the entries only pruned
 * versions needed go with them, and a version a merge moved gets entries for its new copy in the indexes whose
 * entries name tuple ids (the version-oblivious B+tree), which lose the old copy's entries once no reader uses them.
 * MV-IDX entries name the row, which a move does not change.
 */
final class IndexUpkeep implements PrunedVersions {
    private final List<IndexAccess> indexes;
    private final KeyChangedRows keyChanged;
    private final boolean namesTupleIds;

    IndexUpkeep(List<IndexAccess> indexes, KeyChangedRows keyChanged) {
        this.indexes = indexes;
        this.keyChanged = keyChanged;
        this.namesTupleIds = indexes.stream().anyMatch(index -> index.refs().entryPerVersion());
    }

    /**
     * An index naming tuple ids has an entry per version, which pruning removes; one naming rows has an entry per
     * key, which only a row whose key changed can have for a dropped version alone.
     */
    @Override
    public boolean needsVersions(long rowId) {
        return namesTupleIds || keyChanged.contains(rowId);
    }

    @Override
    public void settled(long rowId) {
        keyChanged.settled(rowId);
    }

    @Override
    public void pruned(long rowId, List<RowVersion> dropped, List<RowVersion> kept) {
        for (IndexAccess index : indexes) {
            for (IndexEntryRefs.Entry entry : index.refs().entriesOnlyFor(index, rowId, dropped, kept)) {
                index.storage().remove(entry.key(), entry.ref());
            }
        }
    }

    @Override
    public boolean namesTupleIds() {
        return namesTupleIds;
    }

    @Override
    public void moved(long rowId, Object[] row, long fromTid, long toTid) {
        for (IndexAccess index : namingTupleIds(rowId, fromTid, toTid)) {
            index.storage().insert(index.keyOf(row), index.refs().refOf(rowId, toTid));
        }
    }

    @Override
    public void oldCopyUnused(long rowId, Object[] row, long fromTid, long toTid) {
        for (IndexAccess index : namingTupleIds(rowId, fromTid, toTid)) {
            index.storage().remove(index.keyOf(row), index.refs().refOf(rowId, fromTid));
        }
    }

    /** The indexes whose entry for the copy at {@code fromTid} differs from the one for the copy at {@code toTid}. */
    private List<IndexAccess> namingTupleIds(long rowId, long fromTid, long toTid) {
        return indexes.stream()
            .filter(index -> index.refs().refOf(rowId, fromTid) != index.refs().refOf(rowId, toTid)).toList();
    }
}
