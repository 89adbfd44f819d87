package org.verso.core.table;

import java.util.List;
import org.verso.storage.heap.FetchedVersion;
import org.verso.storage.heap.RowVersion;
import org.verso.storage.heap.TableHeap;
import org.verso.storage.version.Snapshot;

/**
 * What an index entry's reference names, and so how the index is kept and read: one implementation per index kind
 * ({@link org.verso.core.catalog.IndexKind}). MV-IDX entries name the row ({@link VersionAwareRefs}); the
 * version-oblivious B+tree's entries name one version's tuple ({@link VersionObliviousRefs}).
 */
sealed interface IndexEntryRefs permits VersionAwareRefs, VersionObliviousRefs {
    /** The reference an entry for the version stored at tuple id {@code tid} of row {@code rowId} holds. */
    long refOf(long rowId, long tid);

    /** Whether every new version needs an entry, even one whose key is the key of the version it supersedes. */
    boolean entryPerVersion();

    /**
     * Whether reading an entry fetches its tuple before visibility is known; if not, an entry whose row the reader
     * cannot see costs no fetch.
     */
    boolean fetchesEveryEntry();

    /** The version an entry leads {@code snapshot} to: the entry's row, and the row's values if the snapshot sees them. */
    FetchedVersion read(TableHeap heap, long ref, Snapshot snapshot);

    /** The row the entry names. */
    long rowId(TableHeap heap, long ref);

    /**
     * The entries of {@code index} that only the pruned versions {@code dropped} of row {@code rowId} needed, to be
     * removed; {@code kept} are the versions the row still has.
     */
    List<Entry> entriesOnlyFor(IndexAccess index, long rowId, List<RowVersion> dropped, List<RowVersion> kept);

    /** One entry of an index: encoded key and reference. */
    record Entry(byte[] key, long ref) {
    }
}
