package org.verso.storage.heap;

import org.verso.storage.io.IoCounters;
import org.verso.storage.tuple.RowCodec;
import org.verso.storage.version.Snapshot;
import org.verso.storage.version.VersionDirectory;

/**
 * The storage of one table's row versions: the seam every heap layout (SIAS now; SI-CV and in-place later)
 * implements, so the transaction layer is the same for all of them.
 *
 * <p>Visibility rules, decided from the version directory's data nodes before any tuple is fetched:
 * <ol>
 *   <li>A version committed at or before the snapshot's timestamp is visible if no newer such version exists.</li>
 *   <li>A version written by the snapshot's own transaction is visible (the newest of them wins).</li>
 *   <li>A version of another, uncommitted transaction is never visible.</li>
 *   <li>A version committed after the snapshot's timestamp is not visible; the reader follows the chain back.</li>
 *   <li>If the visible version is a tombstone, the row does not exist for that snapshot.</li>
 * </ol>
 *
 * <p>Threading: reads and scans run concurrently with writes. Writes to one VID are serialised by the heap; the
 * {@link WriteDecider} runs under that serialisation.
 */
public interface TableHeap extends AutoCloseable {
    /** The version directory of this table. */
    VersionDirectory directory();

    /** Creates a row: allocates a VID and installs its first version, written by {@code txid}. Returns the VID. */
    long insert(long txid, Object[] row);

    /**
     * Writes a new version of row {@code vid} (a tombstone if {@code row} is null) if the decider says PUT.
     *
     * @return the node index of the installed version, or {@link VersionDirectory#NONE} if the decider said WAIT
     */
    int write(long vid, long txid, Object[] row, WriteDecider decider);

    /**
     * Removes version {@code node} of {@code vid}, which must be the row's newest version and uncommitted (a
     * rolled-back statement or transaction). The version's space is left for reclamation.
     */
    void undo(long vid, int node, long txid, boolean transactionEnds);

    /** The row {@code vid} as {@code snapshot} sees it, or null if it does not exist for that snapshot. */
    Object[] read(long vid, Snapshot snapshot);

    /** Every row visible to {@code snapshot}. */
    VersionCursor scan(Snapshot snapshot);

    /** Number of tuple versions fetched from pages so far (the figure MV-IDX reduces). */
    long tupleFetches();

    /** I/O counters of the heap's file. */
    IoCounters io();

    /**
     * Decodes and encodes rows with {@code codec} from now on (ALTER TABLE ADD COLUMN). The new codec must read every
     * row the old one wrote: it has the old codec's columns, in order, and possibly more.
     */
    void replaceCodec(RowCodec codec);

    /** Writes every buffered page of the heap. */
    void flush();

    @Override
    void close();
}
