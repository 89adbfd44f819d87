package org.verso.storage.heap;

import java.util.List;

/**
 * Told, while {@link TableHeap#forgetVersions} holds a row's write latch, which versions of the row it dropped and
 * which it keeps, so that the index entries only the dropped versions needed can go in the same step: a writer that
 * gives the row one of those keys again adds its entry after the latch is released, and so after the removal.
 */
@FunctionalInterface
public interface PrunedVersions {
    /** Nothing to do with pruned versions (a table without indexes). */
    PrunedVersions NONE = (rowId, dropped, kept) -> { };

    /**
     * Row {@code rowId} lost the versions {@code dropped} (tombstones left out) and still holds those in {@code kept}
     * (tombstones left out; empty if the row is gone). A dropped write intent shares its tuple id with a kept version.
     */
    void pruned(long rowId, List<RowVersion> dropped, List<RowVersion> kept);
}
