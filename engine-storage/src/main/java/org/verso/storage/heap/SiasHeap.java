package org.verso.storage.heap;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.verso.common.ErrorCode;
import org.verso.common.RowCursor;
import org.verso.storage.io.IoCounters;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.tuple.RowCodec;
import org.verso.storage.txlog.CommitHorizon;
import org.verso.storage.version.DirectoryImage;
import org.verso.storage.version.Snapshot;
import org.verso.storage.version.VersionDirectory;
import org.verso.storage.version.VersionWord;
import org.verso.storage.wal.RedoLog;

/**
 * The SIAS heap (Snapshot Isolation Append Storage): every new version of a row, whether insert, update or delete
 * tombstone, is appended to the table's own append region and points back to its predecessor; no written version
 * is ever changed, so an update writes only the new version and only full (or sealed) pages reach the disk, in
 * order. The {@link VersionDirectory} holds the entrypoint of every row's chain and decides visibility before a
 * version is fetched. A version's handle is its data node in the directory.
 *
 * <p>See docs/sias.md for the design and its differences from the paper.
 *
 * <p>Locking: a write holds its row's latch (one of {@value #LATCHES} monitors, chosen by VID) across the decider's
 * check, the append and the directory install, so two writers of one row are serialised while writers of other rows
 * proceed; the append region's monitor then serialises the appends themselves. A thread holds at most one row latch.
 * Readers take no lock.
 */
public final class SiasHeap implements TableHeap {
    /** The SIAS layout. */
    public static final HeapLayout LAYOUT = new HeapLayout() {
        @Override
        public String name() {
            return "SIAS";
        }

        @Override
        public TableHeap open(HeapContext context) {
            AppendRegion region = new AppendRegion(context.file(), context.pool(), context.log(), context.tableId());
            DirectoryImage image = context.imageFiles().isEmpty() ? null
                : new DirectoryImage(context.imageFiles().get(0), context.imageFiles().get(1));
            LongAccumulator maxTxid = new LongAccumulator(Math::max, 0);
            HeapRebuild rebuild = new HeapRebuild(region, context.commits(), txid -> {
                maxTxid.accumulate(txid);
                context.maxTxidSeen().accept(txid);
            }, image);
            VersionDirectory directory = rebuild.rebuild();
            return new SiasHeap(context.tableName(), region, context.log(), directory, image,
                context.trustedHorizon(), context.confirmedHorizon(), maxTxid, context.codec(), rebuild.movedRows());
        }
    };

    private static final int LATCHES = 64;
    // A run is merged when its live versions fill less than this fraction of it: moving them costs at most a
    // quarter of a run's writes to free a whole run.
    private static final double MERGE_BELOW = 0.25;
    // Versions one round of reclamation moves at most, so that a round stays short.
    private static final int MOVES_PER_ROUND = 16384;

    private final String tableName;
    private final AppendRegion region;
    private final RedoLog log;
    private final VersionDirectory directory;
    private final DirectoryImage image;
    private final Supplier<CommitHorizon> trustedHorizon;
    private final LongSupplier confirmedHorizon;
    private final LongAccumulator maxTxid;
    // The oldest tuple of a version undone while its commit was undecided: every image replays from it.
    private final LongAccumulator undecided = new LongAccumulator(Math::min, Long.MAX_VALUE);
    // Replaced only by ALTER TABLE ADD or DROP COLUMN; either codec decodes every row, and the SQL layer fails a
    // statement that ran across a DROP COLUMN (its rows may have come in either shape).
    private volatile RowCodec codec;
    private final Object[] latches = new Object[LATCHES];
    // Rows that gained a version over an older one: candidates for forgetting versions.
    private final RowIdQueue superseded = new RowIdQueue();
    // Rows whose insert was rolled back: their VIDs are retired at the next round of forgetting.
    private final RowIdQueue vacated = new RowIdQueue();
    private final LongAdder fetches = new LongAdder();
    // Space reclamation, by the thread that forgets versions: runs of the region's pages that no version node
    // reaches, each with the clock when it was first found so, and the pages given back so far.
    private final TreeMap<Long, Long> deadSince = new TreeMap<>();
    private long candidatesChecked;
    private long droppedSinceCheck;
    // Versions undone (by transactions, any thread) since the directory was last walked for unreachable runs.
    private final LongAdder undoneSinceCheck = new LongAdder();
    // Set by an explicit catch-up: the next round walks the directory if anything was taken from it since the last.
    private volatile boolean reclamationRequested;
    private final AtomicLong pagesReleased = new AtomicLong();
    // The merge: versions moved out of mostly dead runs, the moves old index entries may still lead to, whether the
    // directory should be walked again (a merge emptied runs), and the record sizes that estimate a run's fill.
    private final AtomicLong versionsMoved = new AtomicLong();
    private final Relocations relocations = new Relocations();
    private boolean walkAgain;
    // Per run versions were moved out of, the region position after its last move: the run stays until that lies
    // before the image's settled position (both slots were written after it).
    private final TreeMap<Long, Long> copiesOutOf = new TreeMap<>();
    private final LongAdder recordsAppended = new LongAdder();
    private final LongAdder bytesAppended = new LongAdder();
    private long[] movedAtOpen;

    SiasHeap(String tableName, AppendRegion region, RedoLog log, VersionDirectory directory, DirectoryImage image,
             Supplier<CommitHorizon> trustedHorizon, LongSupplier confirmedHorizon, LongAccumulator maxTxid,
             RowCodec codec, long[] movedAtOpen) {
        this.movedAtOpen = movedAtOpen;
        this.tableName = tableName;
        this.region = region;
        this.log = log;
        this.directory = directory;
        this.image = image;
        this.trustedHorizon = trustedHorizon;
        this.confirmedHorizon = confirmedHorizon;
        this.maxTxid = maxTxid;
        this.codec = codec;
        for (int i = 0; i < LATCHES; i++) {
            latches[i] = new Object();
        }
    }

    private Object latch(long vid) {
        return latches[(int) (vid & (LATCHES - 1))];
    }

    @Override
    public void replaceCodec(RowCodec newCodec) {
        this.codec = newCodec;
    }

    @Override
    public String layout() {
        return LAYOUT.name();
    }

    @Override
    public long newRowId() {
        return directory.newVid();
    }

    @Override
    public WriteOutcome write(long vid, long txid, Object[] row, WriteDecider decider) {
        synchronized (latch(vid)) {
            int head = directory.head(vid);
            boolean exists = head != VersionDirectory.NONE;
            WriteDecision decision = decider.decide(vid, exists, exists ? directory.word(head) : 0);
            if (decision.kind() != WriteDecision.Kind.PUT) {
                return WriteOutcome.refused(decision);
            }
            long prevTid = exists ? directory.tid(head) : VersionRecord.NO_TID;
            boolean tombstone = row == null;
            markChanging(vid);
            long tid = append(tombstone ? VersionRecord.TOMBSTONE : 0, vid, txid, prevTid, row);
            int node = directory.addNode(VersionWord.uncommitted(txid, tombstone), tid, head);
            if (!directory.casHead(vid, head, node)) {
                throw ErrorCode.INTERNAL_ERROR.exception("row " + vid + " of " + tableName
                    + " changed under its write latch");
            }
            if (exists && directory.prev(head) == VersionDirectory.NONE) {
                superseded.add(vid); // the row now has two versions; once queued it stays queued until pruned
            }
            return WriteOutcome.installed(node);
        }
    }

    @Override
    public WriteOutcome lock(long vid, long txid, WriteDecider decider) {
        synchronized (latch(vid)) {
            int head = directory.head(vid);
            boolean exists = head != VersionDirectory.NONE;
            WriteDecision decision = decider.decide(vid, exists, exists ? directory.word(head) : 0);
            if (decision.kind() != WriteDecision.Kind.PUT) {
                return WriteOutcome.refused(decision);
            }
            // A lock node points at the newest version's tuple: the owner reads the same data through it, others
            // skip it as uncommitted, and no record is appended (a lock does not survive a restart).
            int node = directory.addNode(VersionWord.uncommitted(txid, false), directory.tid(head), head);
            directory.casHead(vid, head, node);
            if (directory.prev(head) == VersionDirectory.NONE) {
                superseded.add(vid);
            }
            return WriteOutcome.installed(node);
        }
    }

    @Override
    public void releaseLock(long vid, long lock, long commitTs) {
        int node = (int) lock;
        synchronized (latch(vid)) {
            if (directory.head(vid) == node) {
                directory.casHead(vid, node, directory.prev(node));
            } else if (commitTs >= 0) {
                directory.commit(node, commitTs);
            } else {
                throw ErrorCode.INTERNAL_ERROR.exception("release of a lock under newer versions of row " + vid
                    + " of " + tableName + " at rollback");
            }
        }
    }

    @Override
    public void commit(long version, long commitTs) {
        directory.commit((int) version, commitTs);
    }

    @Override
    public void undo(long vid, long version, long txid, boolean transactionEnds) {
        if (removeNewest(vid, version, txid, transactionEnds)) {
            vacated.add(vid); // a rolled-back insert: the VID is free for another row once no reader holds it
        }
    }

    /** Removes the row's newest version; returns whether the row is left without any. */
    private boolean removeNewest(long vid, long version, long txid, boolean transactionEnds) {
        int node = (int) version;
        boolean vacant;
        synchronized (latch(vid)) {
            if (directory.head(vid) != node) {
                throw ErrorCode.INTERNAL_ERROR.exception("undo of a version that is not the newest of row " + vid
                    + " of " + tableName);
            }
            markChanging(vid);
            if (!transactionEnds) {
                // Before the directory changes: if the marker cannot be written, the version stays and the caller
                // rolls the whole transaction back instead.
                append(VersionRecord.UNDO, vid, txid, directory.tid(node), null);
            }
            vacant = directory.prev(node) == VersionDirectory.NONE;
            directory.casHead(vid, node, directory.prev(node));
        }
        undoneSinceCheck.increment();
        return vacant;
    }

    @Override
    public void requestReclamation() {
        reclamationRequested = true;
    }

    @Override
    public void undoUndecided(long vid, long version, long txid) {
        undecided.accumulate(directory.tid((int) version));
        // The VID stays taken even if the row is left without a version: a restart may find the insert committed.
        removeNewest(vid, version, txid, true);
    }

    /**
     * Marks the row's image entry changed, under the row latch and before the version is appended: a checkpoint
     * that reads the row's entry before the mark sees no new version, and the position it replays from is then
     * before the version's record.
     */
    private void markChanging(long vid) {
        if (image != null) {
            image.markDirty(vid);
        }
    }

    private long append(byte flags, long vid, long txid, long prevTid, Object[] row) {
        maxTxid.accumulate(txid);
        RowCodec rowCodec = codec; // one codec for the size and the bytes, even if ALTER TABLE replaces it meanwhile
        int payload = row == null ? 0 : rowCodec.encodedSize(row);
        int length = VersionRecord.HEADER + payload;
        if (length > region.maxPayload()) {
            throw ErrorCode.ROW_TOO_LARGE.exception(length, tableName, region.maxPayload());
        }
        long tid = region.append(length, (page, at) -> {
            VersionRecord.writeHeader(page, at, flags, vid, txid, prevTid);
            if (row != null) {
                rowCodec.encode(row, page.duplicate().position(at + VersionRecord.HEADER));
            }
        });
        countAppend(length);
        return tid;
    }

    private void countAppend(int length) {
        recordsAppended.increment();
        bytesAppended.add(length);
    }

    @Override
    public Object[] read(long vid, Snapshot snapshot) {
        int node = directory.visibleNode(vid, snapshot);
        if (node == VersionDirectory.NONE || VersionWord.isTombstone(directory.word(node))) {
            return null;
        }
        return fetchRow(directory.tid(node));
    }

    @Override
    public long newestWord(long vid) {
        int node = directory.head(vid);
        return node == VersionDirectory.NONE ? VersionWord.NONE : directory.word(node);
    }

    @Override
    public RowVersion newest(long vid) {
        int node = directory.head(vid);
        return node == VersionDirectory.NONE ? null : version(node);
    }

    @Override
    public List<RowVersion> chain(long vid) {
        List<RowVersion> versions = new ArrayList<>();
        for (int node = directory.head(vid); node != VersionDirectory.NONE; node = directory.prev(node)) {
            versions.add(version(node));
        }
        return versions;
    }

    private RowVersion version(int node) {
        long word = directory.word(node);
        long tid = directory.tid(node);
        return new RowVersion(word, tid, VersionWord.isTombstone(word) ? null : fetchRow(tid));
    }

    @Override
    public long tupleId(long version) {
        return directory.tid((int) version);
    }

    @Override
    public FetchedVersion fetch(long tid, Snapshot snapshot) {
        if (region.isReleased(tid)) {
            return FetchedVersion.GONE; // only an index entry of a version from before a restart names it
        }
        fetches.increment();
        // The tuple comes first, as it must for an index that stores no row id: its header names the row, whose
        // chain then says whether this is the version the snapshot sees. The payload is decoded only if it is.
        try {
            return region.read(tid, (page, at, length) -> {
                long vid = VersionRecord.vid(page, at);
                long accepted = relocations.acceptedTid(vid, visibleTupleId(vid, snapshot), snapshot.ownTxid());
                return new FetchedVersion(vid, accepted == tid ? codec.decode(page, at + VersionRecord.HEADER)
                    : null);
            });
        } catch (RuntimeException e) {
            if (region.isReleased(tid)) {
                return FetchedVersion.GONE; // given back between the check above and the read
            }
            throw e;
        }
    }

    @Override
    public long visibleTupleId(long vid, Snapshot snapshot) {
        return tupleIdOf(directory.visibleNode(vid, snapshot));
    }

    /** The tuple id of a visible node, or -1 for none or a tombstone. */
    private long tupleIdOf(int node) {
        return node == VersionDirectory.NONE || VersionWord.isTombstone(directory.word(node))
            ? -1 : directory.tid(node);
    }

    /** Fetches and decodes the version at {@code tid}. */
    private Object[] fetchRow(long tid) {
        fetches.increment();
        return region.read(tid, (page, at, length) -> codec.decode(page, at + VersionRecord.HEADER));
    }

    @Override
    public RowCursor scan(Snapshot snapshot) {
        return scan(snapshot, null);
    }

    @Override
    public RowCursor scan(Snapshot snapshot, LongConsumer newerVersions) {
        RowCodec rowCodec = codec;
        return new PageOrderScan(region, directory.vidCount(), vid -> {
            int head = directory.head(vid);
            if (head == VersionDirectory.NONE) {
                return -1;
            }
            if (newerVersions != null && !VersionWord.isVisible(directory.word(head), snapshot)) {
                newerVersions.accept(vid);
            }
            return tupleIdOf(directory.visibleFrom(head, snapshot)); // from the head already read
        }, (page, at, length, sink) -> {
            fetches.increment();
            sink.accept(VersionRecord.vid(page, at), rowCodec.decode(page, at + VersionRecord.HEADER));
        });
    }

    @Override
    public void forgetVersions(long snapshotHorizon, LongSupplier clock, long oldestRunningTxid,
                               PrunedVersions pruned) {
        // A later image write needs each row's newest version at or below its trusted horizon, which is at least
        // the commit log's confirmed horizon now: keep that version too. Versions visible to every snapshot are
        // almost always confirmed already, so this seldom keeps anything.
        long horizon = image == null ? snapshotHorizon : Math.min(snapshotHorizon, confirmedHorizon.getAsLong());
        directory.reclaim(oldestRunningTxid);
        long[] rows = superseded.drain();
        IntList dropped = new IntList();
        RowIdQueue emptied = new RowIdQueue();
        for (long vid : rows) {
            synchronized (latch(vid)) {
                int[] nodes = directory.prune(vid, horizon);
                dropped.addAll(nodes);
                boolean needsVersions = pruned != PrunedVersions.NONE && pruned.needsVersions(vid);
                if (nodes.length > 0 && needsVersions) {
                    // The dropped nodes are only retired: their tuples are still where they point.
                    List<RowVersion> droppedRows = new ArrayList<>(nodes.length);
                    for (int node : nodes) {
                        if (!VersionWord.isTombstone(directory.word(node))) {
                            droppedRows.add(version(node));
                        }
                    }
                    List<RowVersion> kept = new ArrayList<>(2);
                    for (RowVersion version : chain(vid)) {
                        if (version.row() != null) {
                            kept.add(version);
                        }
                    }
                    pruned.pruned(vid, droppedRows, kept);
                }
                if (directory.chainLength(vid) > 1) {
                    superseded.add(vid); // an older version is still visible to someone: try again later
                } else if (needsVersions) {
                    pruned.settled(vid);
                }
                if (nodes.length > 0 && directory.head(vid) == VersionDirectory.NONE) {
                    emptied.add(vid); // deleted before every snapshot: its index entries went with its versions
                }
            }
        }
        for (long vid : vacated.drain()) {
            emptied.add(vid);
        }
        // Stamped after pruning: a reader that may have seen a dropped node or an emptied row began no later than now.
        int[] droppedNodes = dropped.toArray();
        long stamp = clock.getAsLong();
        directory.retire(droppedNodes, stamp);
        directory.retireVids(emptied.drain(), stamp);
        reclaimSpace(clock, oldestRunningTxid, droppedNodes.length, horizon, pruned);
    }

    /**
     * Gives back the region's runs of pages (its file's release units, erase-unit-sized segments) that hold no
     * version any node of the directory reaches, so that no snapshot, running or future, can read them, and merges
     * the runs that are mostly dead (the paper's merge): their last versions are appended again and the directory
     * points at the copies, so the runs become unreachable too. A run is given back only once it lies wholly before
     * the image's settled position (so no recovery replays or redoes a record in it) and every transaction running
     * when it was found unreachable has ended (a reader that followed a node into it before the node was forgotten or
     * moved may still be there). Pages are never rewritten: a run that is given back is deleted as a whole, which
     * the file system passes on to the device as a discard of its whole extent.
     */
    private synchronized void reclaimSpace(LongSupplier clock, long oldestRunningTxid, int dropped, long horizon,
                                           PrunedVersions upkeep) {
        long settled = image == null ? -1 : image.settledPosition();
        for (Relocations.Move move : relocations.expire(oldestRunningTxid, settled)) {
            upkeep.oldCopyUnused(move.rowId, move.row, move.fromTid, move.toTid);
            walkAgain = true; // the run the old copy kept may be unreachable now
        }
        long unit = region.releaseUnitPages();
        if (unit == 0 || settled < 0) {
            return;
        }
        droppedSinceCheck += dropped;
        // Every whole run behind the region's head is looked at (merged as soon as it is mostly dead); only those
        // before the settled position are given back.
        long candidates = AppendRegion.pageOf(region.position()) / unit;
        long settledRuns = AppendRegion.pageOf(settled) / unit;
        // A run found unreachable stays so (nothing new points into old pages); the directory is walked again only
        // when new runs became candidates while versions were forgotten or undone (a run nothing was taken from
        // since it was written is still reached: a load that only appends never walks), enough versions were
        // forgotten to have emptied some, or a merge moved versions out, not every round.
        long undone = undoneSinceCheck.sum();
        boolean taken = droppedSinceCheck > 0 || undone > 0;
        boolean requested = reclamationRequested;
        reclamationRequested = false;
        if (walkAgain || ((candidates > candidatesChecked || requested) && taken)
                || droppedSinceCheck >= Math.max(1024, directory.vidCount() / 8)) {
            candidatesChecked = candidates;
            droppedSinceCheck = 0;
            undoneSinceCheck.add(-undone);
            walkAgain = false;
            BitSet victims = findUnreachableRuns(clock.getAsLong(), unit, candidates, settled);
            if (!victims.isEmpty()) {
                walkAgain = merge(victims, unit, horizon, clock, upkeep) > 0;
            }
        }
        for (var it = deadSince.entrySet().iterator(); it.hasNext(); ) {
            var dead = it.next();
            if (dead.getValue() < oldestRunningTxid && dead.getKey() < settledRuns) {
                pagesReleased.addAndGet(region.release(dead.getKey() * unit, (dead.getKey() + 1) * unit));
                copiesOutOf.remove(dead.getKey());
                it.remove();
            }
        }
    }

    /**
     * Notes, stamped {@code now}, which of the first {@code candidates} runs no version node reaches, and returns the
     * runs to merge: those whose live versions fill less than {@link #MERGE_BELOW} of them. The merge moves only a
     * version that is its row's only one, seen by every snapshot; the others (an older version some snapshot still
     * needs, or one its successor has not yet made forgettable: the paper's X_i with a live successor) are left,
     * and the run is given back once they are forgotten.
     */
    private BitSet findUnreachableRuns(long now, long unit, long candidates, long settled) {
        int runs = (int) candidates;
        long wholeRunsEnd = candidates * unit; // a run partly past the limit is not a candidate yet
        int[] reached = new int[runs];
        BitSet pinned = new BitSet(runs);
        long vids = directory.vidCount();
        for (long vid = 0; vid < vids; vid++) {
            synchronized (latch(vid)) {
                for (int node = directory.head(vid); node != VersionDirectory.NONE; node = directory.prev(node)) {
                    long page = AppendRegion.pageOf(directory.tid(node));
                    if (page < wholeRunsEnd) {
                        reached[(int) (page / unit)]++;
                    }
                }
            }
        }
        // A moved version's old copy stays readable while an index entry may still lead a reader to it, and until
        // both slots of the image were written after the move: before that, the slot a crash leaves may still name
        // it. Such a run has nothing left to move.
        relocations.forEachOldCopy(tid -> {
            long page = AppendRegion.pageOf(tid);
            if (page < wholeRunsEnd) {
                reached[(int) (page / unit)]++;
                pinned.set((int) (page / unit));
            }
        });
        for (var copies : copiesOutOf.entrySet()) {
            if (copies.getValue() >= settled && copies.getKey() < runs) {
                reached[copies.getKey().intValue()]++;
                pinned.set(copies.getKey().intValue());
            }
        }
        BitSet victims = new BitSet(runs);
        long recordBytes = recordsAppended.sum() == 0 ? 0 : bytesAppended.sum() / recordsAppended.sum();
        long mergeBelow = recordBytes == 0 ? 0 : (long) (MERGE_BELOW * unit * region.file().pageSize() / recordBytes);
        long budget = MOVES_PER_ROUND;
        for (int run = 0; run < runs; run++) {
            if (reached[run] == 0) {
                if (!region.isReleased(AppendRegion.address(run * unit, 0))) {
                    deadSince.putIfAbsent((long) run, now);
                }
                continue;
            }
            deadSince.remove((long) run);
            if (!pinned.get(run) && reached[run] <= mergeBelow && reached[run] <= budget) {
                victims.set(run);
                budget -= reached[run];
            }
        }
        return victims;
    }

    /** Whether {@code head}, row {@code vid}'s newest version, is its only one, committed, seen by every snapshot. */
    private boolean movable(long vid, int head, long horizon) {
        long word = directory.word(head);
        return directory.prev(head) == VersionDirectory.NONE && VersionWord.isCommitted(word)
            && VersionWord.timestamp(word) <= horizon && !VersionWord.isTombstone(word)
            && !relocations.moving(vid);
    }

    /**
     * Moves the versions that lie in the runs {@code victims} to the region's head; returns how many moved. Three
     * steps, so that nothing durable ever names a copy that a crash could lose:
     * <ol>
     *   <li>Each row, under its latch if it still has that version alone: the copy is appended (marked as one, naming
     *       the tuple it copies) and the indexes that name tuple ids get its entries. The old copy is read before
     *       the latch is taken.</li>
     *   <li>The log is forced past all of it: one force per round.</li>
     *   <li>Each row, under its latch if it still has the copied version: its image entry is marked changed, the
     *       move is published for the readers of those indexes ({@link Relocations}), and the directory points at
     *       the copy. A checkpoint that reads the row before this writes the old tuple id, and the next one the new.
     *       </li>
     * </ol>
     * A copy whose row changed in between is an orphan that nothing names; replay lets it stand in only for the
     * version it copies. The old copy's run and index entries stay until both slots of the image were written after
     * the move (the settled position is past the region position after it), so every image a recovery may load
     * names the copy.
     */
    private int merge(BitSet victims, long unit, long horizon, LongSupplier clock, PrunedVersions upkeep) {
        List<Long> rows = new ArrayList<>(); // at most the round's budget: the victims' reached versions
        long vids = directory.vidCount();
        for (long vid = 0; vid < vids; vid++) {
            int head = directory.head(vid);
            if (head != VersionDirectory.NONE && victims.get((int) (AppendRegion.pageOf(directory.tid(head)) / unit))) {
                rows.add(vid);
            }
        }
        boolean namesTupleIds = upkeep.namesTupleIds();
        List<Relocations.Move> copied = new ArrayList<>();
        for (long vid : rows) {
            int head = directory.head(vid);
            if (head == VersionDirectory.NONE) {
                continue;
            }
            long fromTid = directory.tid(head);
            byte[] record = region.read(fromTid, (page, at, length) -> {
                byte[] bytes = new byte[length];
                page.get(at, bytes);
                return bytes;
            });
            synchronized (latch(vid)) {
                if (directory.head(vid) != head || directory.tid(head) != fromTid
                        || !movable(vid, head, horizon)) {
                    continue; // written, forgotten or moved meanwhile
                }
                ByteBuffer copy = ByteBuffer.wrap(record);
                markChanging(vid);
                long toTid = region.append(record.length, (page, at) -> {
                    page.put(at, record);
                    VersionRecord.writeHeader(page, at,
                        (byte) (VersionRecord.flags(copy, 0) | VersionRecord.RELOCATED), vid,
                        VersionRecord.txid(copy, 0), fromTid);
                });
                countAppend(record.length);
                Object[] row = namesTupleIds ? codec.decode(copy, VersionRecord.HEADER) : null;
                if (namesTupleIds) {
                    region.logAppends(); // the copy's entries name it: it must be in the log before them
                    upkeep.moved(vid, row, fromTid, toTid);
                }
                copied.add(new Relocations.Move(vid, head, fromTid, toTid, row));
            }
        }
        if (copied.isEmpty()) {
            return 0;
        }
        region.logAppends();
        log.flushTo(log.appendedLsn());
        int moved = 0;
        for (Relocations.Move move : copied) {
            synchronized (latch(move.rowId)) {
                if (directory.head(move.rowId) != move.node || directory.tid(move.node) != move.fromTid) {
                    continue; // written meanwhile: the copy is an orphan
                }
                markChanging(move.rowId);
                if (namesTupleIds) {
                    relocations.publish(move, clock);
                }
                directory.relocate(move.node, move.toTid);
                long settledOnce = region.position();
                move.settledOnce(settledOnce);
                copiesOutOf.merge(AppendRegion.pageOf(move.fromTid) / unit, settledOnce, Math::max);
                moved++;
            }
        }
        versionsMoved.addAndGet(moved);
        return moved;
    }

    @Override
    public synchronized long[] rowsMovedByReplay() {
        long[] rows = movedAtOpen;
        movedAtOpen = new long[0];
        return rows;
    }

    @Override
    public HeapStatistics statistics() {
        return new HeapStatistics(directory.vidCount(), directory.nodeCount(), fetches.sum(), region.pageCount(),
            directory.nodeBytes(), directory.vidListBytes(), pagesReleased.get(), versionsMoved.get());
    }

    @Override
    public IoCounters io() {
        return region.file().counters();
    }

    @Override
    public void logWrites() {
        region.logAppends();
    }

    @Override
    public void flush() {
        region.seal();
    }

    /**
     * Writes the changed pages of the version directory's image. The append position is read first, so every record
     * appended from then on is replayed at open; each row's entry is read under its latch, so a write in progress is
     * either seen or appended after that position.
     */
    @Override
    public void checkpoint() {
        if (image == null) {
            return;
        }
        CommitHorizon horizon = trustedHorizon.get();
        long position = Math.min(region.position(), undecided.get());
        image.write(directory.vidCount(), position, maxTxid.get(), horizon.commitLogFloor(),
            (vid, write) -> imageEntry(vid, horizon.timestamp(), write));
    }

    @Override
    public long commitLogNeededFrom() {
        // Opening replays the records after whichever slot of the image it finds usable; without an image (in
        // memory) there is no commit log file either.
        return image == null ? Long.MAX_VALUE : image.commitLogFloor();
    }

    /**
     * The image entry of a row: the tuple id of its newest version committed at or below {@code horizon} (a commit
     * that no crash can lose), reporting the newer versions above it, which opening replays.
     */
    private long imageEntry(long vid, long horizon, DirectoryImage.ImageWrite write) {
        synchronized (latch(vid)) {
            for (int node = directory.head(vid); node != VersionDirectory.NONE; node = directory.prev(node)) {
                long word = directory.word(node);
                if (VersionWord.isCommitted(word) && VersionWord.timestamp(word) <= horizon) {
                    write.committedAt(VersionWord.timestamp(word));
                    return VersionWord.isTombstone(word) ? DirectoryImage.NO_ENTRY : directory.tid(node);
                }
                int prev = directory.prev(node);
                // A write intent shares its predecessor's tuple and is never appended: nothing to replay.
                if (prev == VersionDirectory.NONE || directory.tid(prev) != directory.tid(node)) {
                    write.uncommitted(directory.tid(node));
                }
            }
            return DirectoryImage.NO_ENTRY;
        }
    }

    @Override
    public void close() {
        region.seal();
    }
}
