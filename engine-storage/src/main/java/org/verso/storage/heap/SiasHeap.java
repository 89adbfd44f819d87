package org.verso.storage.heap;

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
            DirectoryImage image = context.imageFile() == null ? null : new DirectoryImage(context.imageFile());
            LongAccumulator maxTxid = new LongAccumulator(Math::max, 0);
            VersionDirectory directory = new HeapRebuild(region, context.commits(), txid -> {
                maxTxid.accumulate(txid);
                context.maxTxidSeen().accept(txid);
            }, image).rebuild();
            return new SiasHeap(context.tableName(), region, directory, image, context.trustedHorizon(),
                context.confirmedHorizon(), maxTxid, context.codec());
        }
    };

    private static final int LATCHES = 64;

    private final String tableName;
    private final AppendRegion region;
    private final VersionDirectory directory;
    private final DirectoryImage image;
    private final Supplier<CommitHorizon> trustedHorizon;
    private final LongSupplier confirmedHorizon;
    private final LongAccumulator maxTxid;
    // The oldest tuple of a version undone while its commit was undecided: every image replays from it.
    private final LongAccumulator undecided = new LongAccumulator(Math::min, Long.MAX_VALUE);
    // Replaced only by ALTER TABLE ADD COLUMN; a reader uses whichever codec it read, and either decodes every row.
    private volatile RowCodec codec;
    private final Object[] latches = new Object[LATCHES];
    // Rows that gained a version over an older one: candidates for forgetting versions.
    private final RowIdQueue superseded = new RowIdQueue();
    private final LongAdder fetches = new LongAdder();
    // Space reclamation, by the thread that forgets versions: runs of the region's pages that no version node
    // reaches, each with the clock when it was first found so, and the pages given back so far.
    private final TreeMap<Long, Long> deadSince = new TreeMap<>();
    private long candidatesChecked;
    private long droppedSinceCheck;
    private final AtomicLong pagesReleased = new AtomicLong();

    SiasHeap(String tableName, AppendRegion region, VersionDirectory directory, DirectoryImage image,
             Supplier<CommitHorizon> trustedHorizon, LongSupplier confirmedHorizon, LongAccumulator maxTxid,
             RowCodec codec) {
        this.tableName = tableName;
        this.region = region;
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
        int node = (int) version;
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
            directory.casHead(vid, node, directory.prev(node));
        }
    }

    @Override
    public void undoUndecided(long vid, long version, long txid) {
        undecided.accumulate(directory.tid((int) version));
        undo(vid, version, txid, true);
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
        return region.append(length, (page, at) -> {
            VersionRecord.writeHeader(page, at, flags, vid, txid, prevTid);
            if (row != null) {
                rowCodec.encode(row, page.duplicate().position(at + VersionRecord.HEADER));
            }
        });
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
        return region.read(tid, (page, at, length) -> {
            long vid = VersionRecord.vid(page, at);
            return new FetchedVersion(vid, visibleTupleId(vid, snapshot) == tid
                ? codec.decode(page, at + VersionRecord.HEADER) : null);
        });
    }

    @Override
    public long visibleTupleId(long vid, Snapshot snapshot) {
        int node = directory.visibleNode(vid, snapshot);
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
        long end = directory.vidCount();
        return new RowCursor() {
            private long vid = -1;
            private Object[] row;

            @Override
            public boolean next() {
                while (++vid < end) {
                    if (newerVersions != null) {
                        int head = directory.head(vid);
                        if (head != VersionDirectory.NONE && !VersionWord.isVisible(directory.word(head), snapshot)) {
                            newerVersions.accept(vid);
                        }
                    }
                    row = read(vid, snapshot);
                    if (row != null) {
                        return true;
                    }
                }
                row = null;
                return false;
            }

            @Override
            public long rowId() {
                return vid;
            }

            @Override
            public Object[] row() {
                return row;
            }

            @Override
            public void close() {
                vid = end;
                row = null;
            }
        };
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
        for (long vid : rows) {
            synchronized (latch(vid)) {
                int[] nodes = directory.prune(vid, horizon);
                dropped.addAll(nodes);
                if (nodes.length > 0 && pruned != PrunedVersions.NONE) {
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
                }
            }
        }
        // Stamped after pruning: a reader that may have seen a dropped node began no later than now.
        int[] droppedNodes = dropped.toArray();
        directory.retire(droppedNodes, clock.getAsLong());
        reclaimSpace(clock, oldestRunningTxid, droppedNodes.length);
    }

    /**
     * Gives back the region's runs of pages (its file's release units, erase-unit-sized segments) that hold no
     * version any node of the directory reaches, so that no snapshot, running or future, can read them. A run is
     * given back only once it lies wholly before the image's settled position (so no recovery replays or redoes a
     * record in it) and every transaction running when it was found unreachable has ended (a reader that followed a
     * node into it before the node was forgotten may still be there). Pages are never rewritten: a run that still
     * holds one reachable version is kept whole (Verso does not move such versions out, as the paper's merge does).
     */
    private synchronized void reclaimSpace(LongSupplier clock, long oldestRunningTxid, int dropped) {
        long unit = region.releaseUnitPages();
        long settled = image == null ? -1 : image.settledPosition();
        if (unit == 0 || settled < 0) {
            return;
        }
        droppedSinceCheck += dropped;
        long limitPage = Math.min(AppendRegion.pageOf(settled), AppendRegion.pageOf(region.position()));
        long candidates = limitPage / unit;
        // A run found unreachable stays so (nothing new points into old pages); the directory is walked again only
        // when new runs became candidates or enough versions were forgotten to have emptied some, not every round.
        if (candidates > candidatesChecked || droppedSinceCheck >= Math.max(1024, directory.vidCount() / 8)) {
            candidatesChecked = candidates;
            droppedSinceCheck = 0;
            findUnreachableRuns(clock.getAsLong(), unit, limitPage, candidates);
        }
        for (var it = deadSince.entrySet().iterator(); it.hasNext(); ) {
            var dead = it.next();
            if (dead.getValue() < oldestRunningTxid) {
                pagesReleased.addAndGet(region.release(dead.getKey() * unit, (dead.getKey() + 1) * unit));
                it.remove();
            }
        }
    }

    /** Notes, stamped {@code now}, the runs below {@code limitPage} that no version node reaches. */
    private void findUnreachableRuns(long now, long unit, long limitPage, long candidates) {
        BitSet reached = new BitSet();
        long vids = directory.vidCount();
        for (long vid = 0; vid < vids; vid++) {
            synchronized (latch(vid)) {
                for (int node = directory.head(vid); node != VersionDirectory.NONE; node = directory.prev(node)) {
                    long page = AppendRegion.pageOf(directory.tid(node));
                    if (page < limitPage) {
                        reached.set((int) (page / unit));
                    }
                }
            }
        }
        for (long run = 0; run < candidates; run++) {
            if (reached.get((int) run)) {
                deadSince.remove(run);
            } else if (!region.isReleased(AppendRegion.address(run * unit, 0))) {
                deadSince.putIfAbsent(run, now);
            }
        }
    }

    @Override
    public HeapStatistics statistics() {
        return new HeapStatistics(directory.vidCount(), directory.nodeCount(), fetches.sum(), region.pageCount(),
            directory.nodeBytes(), directory.vidListBytes(), pagesReleased.get());
    }

    @Override
    public IoCounters io() {
        return region.file().counters();
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
