package org.verso.core.table;

import java.util.ArrayList;
import java.util.List;
import org.verso.core.tx.WriteRecord;
import org.verso.storage.heap.TableHeap;

/**
 * A version the table installed for a transaction, with the index entries the same write added: committed, the
 * version is stamped; rolled back, the version is removed from the heap and the entries it added from their
 * indexes. Entries that were already there (through MV-IDX, the same key and row from an earlier version) are not
 * the write's to remove.
 */
final class VersionWrite implements WriteRecord {
    private final TableHeap heap;
    private final long rowId;
    private final long version;
    private List<AddedEntry> addedEntries;

    VersionWrite(TableHeap heap, long rowId, long version) {
        this.heap = heap;
        this.rowId = rowId;
        this.version = version;
    }

    /** The heap's handle of the installed version. */
    long version() {
        return version;
    }

    /** Notes that this write added entry ({@code key}, {@code ref}) to {@code index}. */
    void addedEntry(IndexAccess index, byte[] key, long ref) {
        if (addedEntries == null) {
            addedEntries = new ArrayList<>(2);
        }
        addedEntries.add(new AddedEntry(index, key, ref));
    }

    @Override
    public void log() {
        heap.logWrites();
    }

    @Override
    public void commit(long commitTs) {
        heap.commit(version, commitTs);
    }

    /** Only for readers: the index entries stay, for the recovery that may find the transaction committed. */
    @Override
    public void undoUndecided(long txid) {
        heap.undoUndecided(rowId, version, txid);
    }

    @Override
    public void undo(long txid, boolean transactionEnds) {
        heap.undo(rowId, version, txid, transactionEnds);
        if (addedEntries != null) {
            RuntimeException failure = null;
            for (AddedEntry entry : addedEntries) {
                try {
                    entry.index().storage().remove(entry.key(), entry.ref());
                } catch (RuntimeException e) {
                    // An entry left behind names a row version that is gone, which lookups skip; the other entries
                    // are still removed.
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
        }
    }

    private record AddedEntry(IndexAccess index, byte[] key, long ref) {
    }
}
