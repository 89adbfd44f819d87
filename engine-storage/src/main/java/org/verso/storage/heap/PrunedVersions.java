package org.verso.storage.heap;

import java.util.List;

/**
 * Told, while {@link TableHeap#forgetVersions} holds a row's write latch, which versions of the row it dropped and
 * which it keeps, so that the index entries only the dropped versions needed can go in the same step: a writer that
 * gives the row one of those keys again adds its entry after the latch is released, and so after the removal.
 *
 * <p>Also told when space reclamation moves a version to a new tuple id (a merge re-appends it), for the indexes whose
 * entries name tuple ids: the new copy's entries are added under the row's latch, before any reader is led to the new
 * copy, and the old copy's entries are removed once no running transaction reads through them.
 */
@FunctionalInterface
public interface PrunedVersions {
    /** Nothing to do with pruned or moved versions (a table without indexes). */
    PrunedVersions NONE = (rowId, dropped, kept) -> { };

    /**
     * Row {@code rowId} lost the versions {@code dropped} (tombstones left out) and still holds those in {@code kept}
     * (tombstones left out; empty if the row is gone). A dropped write intent shares its tuple id with a kept version.
     */
    void pruned(long rowId, List<RowVersion> dropped, List<RowVersion> kept);

    /**
     * Whether pruning row {@code rowId} needs the values of its versions ({@link #pruned}); false when every version
     * of the row shares its index keys with the others, so that no index entry names only dropped versions. Asked
     * under the row's write latch.
     */
    default boolean needsVersions(long rowId) {
        return true;
    }

    /**
     * Row {@code rowId}, whose pruning needed its versions' values, is down to one version: until a write gives it
     * another, pruning it needs no values. Called under the row's write latch.
     */
    default void settled(long rowId) {
    }

    /** Whether some index names tuple ids, so that a moved version's values are needed for {@link #moved}. */
    default boolean namesTupleIds() {
        return false;
    }

    /** The version of row {@code rowId} with values {@code row} now has a copy at {@code toTid} as well. */
    default void moved(long rowId, Object[] row, long fromTid, long toTid) {
    }

    /** No reader uses the old copy at {@code fromTid} of a version of row {@code rowId} moved to {@code toTid}. */
    default void oldCopyUnused(long rowId, Object[] row, long fromTid, long toTid) {
    }
}
