package org.verso.storage.heap;

import java.util.List;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import org.verso.common.RowCursor;
import org.verso.storage.io.IoCounters;
import org.verso.storage.tuple.RowCodec;
import org.verso.storage.version.Snapshot;

/**
 * The storage of one table's row versions: the seam every heap layout (SIAS now; SI-CV and in-place later)
 * implements, so the transaction layer is the same for all of them. A row is identified by its row id (VID) for its
 * whole life; an installed version is identified by an opaque handle that only the heap interprets.
 *
 * <p>Visibility rules, decided from the heap's version metadata before any tuple is fetched:
 * <ol>
 *   <li>A version committed at or before the snapshot's timestamp is visible if no newer such version exists.</li>
 *   <li>A version written by the snapshot's own transaction is visible (the newest of them wins).</li>
 *   <li>A version of another, uncommitted transaction is never visible.</li>
 *   <li>A version committed after the snapshot's timestamp is not visible; the reader follows the chain back.</li>
 *   <li>If the visible version is a tombstone, the row does not exist for that snapshot.</li>
 * </ol>
 *
 * <p>Writing: {@link #write} shows the {@link WriteDecider} the row's newest version while holding the row's write
 * latch and installs the new version only if the decider says PUT; every other decision is returned, and the caller
 * acts on it after the latch is released. The heap takes no other lock of the transaction layer and never blocks on
 * another transaction.
 *
 * <p>Thread safety: reads and scans run concurrently with writes; writes of one row are serialised by the heap.
 * Lock order inside a heap: the row latch, then the heap's append point, then the buffer pool, then the log.
 */
public interface TableHeap extends AutoCloseable {
    /** The layout's name, as the catalog names it ({@code SIAS}). */
    String layout();

    /** Allocates a row id for a new row; the row has no version until {@link #write} installs one. */
    long newRowId();

    /**
     * Writes a new version of row {@code rowId}, written by {@code txid}: a tombstone if {@code row} is null. The
     * decider sees the row's newest version and decides; the outcome carries the installed version's handle or the
     * decider's refusal.
     */
    WriteOutcome write(long rowId, long txid, Object[] row, WriteDecider decider);

    /**
     * Takes a write intent on row {@code rowId} for {@code txid} (SELECT ... FOR UPDATE): if the decider says PUT, a
     * lock version is installed that carries the newest version's data, so other writers of the row wait for
     * {@code txid} as for any uncommitted version, while readers see the same data as before. Nothing is written to
     * disk. Returns the lock's handle for {@link #releaseLock}, or the decider's refusal.
     */
    WriteOutcome lock(long rowId, long txid, WriteDecider decider);

    /**
     * Ends a write intent taken with {@link #lock}: removed if it is still the row's newest version; if the same
     * transaction wrote newer versions over it and commits ({@code commitTs >= 0}), it stays as a committed
     * intermediate version that no snapshot ever returns.
     */
    void releaseLock(long rowId, long lock, long commitTs);

    /** Marks an installed version committed at {@code commitTs}; called once, at the writer's commit. */
    void commit(long version, long commitTs);

    /**
     * Removes installed version {@code version} of row {@code rowId}, which must be the row's newest version and
     * uncommitted. With {@code transactionEnds} the whole transaction is rolling back; otherwise only a statement
     * is, and the heap records the removal durably so that the transaction's later commit does not revive it.
     */
    void undo(long rowId, long version, long txid, boolean transactionEnds);

    /**
     * Removes installed version {@code version} of row {@code rowId} for readers, like a transaction's
     * {@link #undo}, when its transaction's outcome is undecided: its COMMIT record is in the log and the ABORT
     * record that voids it could not be made durable. Recovery may yet find the transaction committed, so whatever
     * opening reads must still lead it to the version.
     */
    void undoUndecided(long rowId, long version, long txid);

    /**
     * The tuple id of installed version {@code version}: where the heap stores it, what a version-oblivious index
     * entry holds. Stable for as long as the version is kept.
     */
    long tupleId(long version);

    /**
     * Fetches the version stored at {@code tid} and then decides whether {@code snapshot} sees it: the read of a
     * version-oblivious index, which knows where a version is but not whether it is visible. The tuple is fetched
     * whatever the answer; see {@link FetchedVersion}.
     */
    FetchedVersion fetch(long tid, Snapshot snapshot);

    /** The tuple id of the version of row {@code rowId} that {@code snapshot} sees, or -1 if it sees none. */
    long visibleTupleId(long rowId, Snapshot snapshot);

    /** The row as {@code snapshot} sees it, or null if it does not exist for that snapshot. */
    Object[] read(long rowId, Snapshot snapshot);

    /** The word of the row's newest version, or {@link org.verso.storage.version.VersionWord#NONE}; fetches nothing. */
    long newestWord(long rowId);

    /** The row's newest version, committed or not, or null if the row has no version. */
    RowVersion newest(long rowId);

    /**
     * Every version of the row that the heap still holds, newest first (empty if the row has none): what an index
     * built on a table with running transactions must cover.
     */
    List<RowVersion> chain(long rowId);

    /**
     * Every row visible to {@code snapshot}, each once, in no particular order: a heap returns them in the order that
     * reads its pages fastest, so a table whose rows were updated in random order is still read sequentially. Each
     * row's version is decided before its page is read; the scanning transaction's own later changes may or may not be
     * seen, but never return a row twice.
     */
    RowCursor scan(Snapshot snapshot);

    /**
     * Every row visible to {@code snapshot}; besides, {@code newerVersions} receives the row id of every row the scan
     * passes whose newest version the snapshot does not see (a concurrent insert, update or delete), which
     * Serializable SI records as a read of a version that has a newer one.
     */
    RowCursor scan(Snapshot snapshot, LongConsumer newerVersions);

    /**
     * Forgets the versions that no snapshot at or after {@code horizon} can see, so the heap's memory follows its
     * live versions, not its history. The caller guarantees that no running transaction's snapshot is older than
     * {@code horizon}. Memory of what is forgotten is reused once every transaction running at that moment has
     * ended: {@code clock} tells the moment, {@code oldestRunningTxid} the oldest transaction still running now.
     * {@code pruned} hears of every row that lost versions, under the row's write latch.
     */
    void forgetVersions(long horizon, LongSupplier clock, long oldestRunningTxid, PrunedVersions pruned);

    /**
     * Asks the next {@link #forgetVersions} to look for space to give back whatever its own triggers say (an
     * explicit catch-up, after a workload the background rounds fell behind); a layout with nothing to look for
     * ignores it.
     */
    default void requestReclamation() {
    }

    /**
     * The rows whose version opening found moved to a new tuple id after the point the heap's image covers (a merge
     * moves versions out of mostly dead runs); each is reported once. Index entries of those versions that name
     * tuple ids may be missing, since a crash can come between a move and its entries, so the table adds them.
     */
    long[] rowsMovedByReplay();

    /** Figures for the system views. */
    HeapStatistics statistics();

    /** I/O counters of the heap's file. */
    IoCounters io();

    /**
     * Decodes and encodes rows with {@code codec} from now on (ALTER TABLE ADD or DROP COLUMN). The new codec must
     * read every row the old one wrote: it has the old codec's stored places, in order, and possibly more, with
     * dropped ones marked.
     */
    void replaceCodec(RowCodec codec);

    /**
     * Appends to the write-ahead log whatever the heap has written and not logged yet. A writer's commit calls it
     * before its COMMIT record, so the log holds every version a commit stamps before the commit itself; versions
     * of transactions that never commit may stay unlogged.
     */
    void logWrites();

    /** Writes every buffered page of the heap. */
    void flush();

    /**
     * Makes durable, beyond the log, what opening the heap needs so that it does not scan the whole heap (for SIAS,
     * the version directory's image); called by every checkpoint after {@link #flush}, concurrently with writers.
     */
    void checkpoint();

    /**
     * The first commit-log page whose entries an open of this heap may ask about, after a crash at any moment from
     * now on; 0 if it may ask about every entry. The commit log gives back the pages below the smallest answer of
     * all heaps ({@link org.verso.storage.txlog.CommitLog#planRelease}).
     */
    long commitLogNeededFrom();

    @Override
    void close();
}
