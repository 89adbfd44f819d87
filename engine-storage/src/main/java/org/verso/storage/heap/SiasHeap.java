package org.verso.storage.heap;

import java.util.concurrent.atomic.LongAdder;
import org.verso.common.ErrorCode;
import org.verso.storage.io.IoCounters;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.tuple.RowCodec;
import org.verso.storage.version.Snapshot;
import org.verso.storage.version.VersionDirectory;

/**
 * The SIAS heap (Snapshot Isolation Append Storage): every new version of a row, whether insert, update or delete
 * tombstone, is appended to the table's own append region and points back to its predecessor; no written version
 * is ever changed, so an update writes only the new version and only full (or sealed) pages reach the disk, in
 * order. The {@link VersionDirectory} holds the entrypoint of every row's chain and decides visibility before a
 * version is fetched.
 *
 * <p>See docs/sias.md for the design and its differences from the paper.
 *
 * <p>Locking: one monitor per heap serialises writers at the append point: the decider's check, the append and the
 * directory install happen under it. Readers take no lock.
 */
public final class SiasHeap implements TableHeap {
    private final String tableName;
    private final AppendRegion region;
    private final VersionDirectory directory;
    // Replaced only by ALTER TABLE ADD COLUMN; a reader uses whichever codec it read, and either decodes every row.
    private volatile RowCodec codec;
    private final LongAdder fetches = new LongAdder();

    SiasHeap(String tableName, AppendRegion region, VersionDirectory directory, RowCodec codec) {
        this.tableName = tableName;
        this.region = region;
        this.directory = directory;
        this.codec = codec;
    }

    /**
     * Opens the heap stored in {@code region}, rebuilding its version directory from the records: for every row, the
     * newest version whose creator committed (per {@code commits}) becomes the row's only data node.
     *
     * @param maxTxidSeen receives the largest txid found in any record, so the clock can be set past it
     */
    public static SiasHeap open(String tableName, AppendRegion region, RowCodec codec, CommitLookup commits,
                                java.util.function.LongConsumer maxTxidSeen) {
        VersionDirectory directory = new HeapRebuild(region, commits, maxTxidSeen).rebuild();
        return new SiasHeap(tableName, region, directory, codec);
    }

    @Override
    public void replaceCodec(RowCodec newCodec) {
        this.codec = newCodec;
    }

    @Override
    public VersionDirectory directory() {
        return directory;
    }

    @Override
    public synchronized long insert(long txid, Object[] row) {
        long vid = directory.newVid();
        long tid = append((byte) 0, vid, txid, VersionRecord.NO_TID, row);
        int node = directory.addNode(VersionDirectory.uncommittedWord(txid, false), tid, VersionDirectory.NONE);
        directory.casHead(vid, VersionDirectory.NONE, node);
        return vid;
    }

    @Override
    public synchronized int write(long vid, long txid, Object[] row, WriteDecider decider) {
        int head = directory.head(vid);
        long headWord = head == VersionDirectory.NONE ? 0 : directory.word(head);
        if (decider.decide(vid, head, headWord) == WriteDecider.Decision.WAIT) {
            return VersionDirectory.NONE;
        }
        long prevTid = head == VersionDirectory.NONE ? VersionRecord.NO_TID : directory.tid(head);
        boolean tombstone = row == null;
        long tid = append(tombstone ? VersionRecord.TOMBSTONE : 0, vid, txid, prevTid, row);
        int node = directory.addNode(VersionDirectory.uncommittedWord(txid, tombstone), tid, head);
        if (!directory.casHead(vid, head, node)) {
            throw ErrorCode.INTERNAL_ERROR.exception("row " + vid + " of " + tableName + " changed under the heap lock");
        }
        return node;
    }

    @Override
    public synchronized void undo(long vid, int node, long txid, boolean transactionEnds) {
        if (!directory.casHead(vid, node, directory.prev(node))) {
            throw ErrorCode.INTERNAL_ERROR.exception("undo of version that is not the newest of row " + vid);
        }
        if (!transactionEnds) {
            append(VersionRecord.UNDO, vid, txid, directory.tid(node), null);
        }
    }

    private long append(byte flags, long vid, long txid, long prevTid, Object[] row) {
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
        if (node == VersionDirectory.NONE || VersionDirectory.isTombstone(directory.word(node))) {
            return null;
        }
        return fetch(directory.tid(node));
    }

    /** Fetches and decodes the version at {@code tid}. */
    Object[] fetch(long tid) {
        fetches.increment();
        return region.read(tid, (page, at, length) -> codec.decode(page, at + VersionRecord.HEADER));
    }

    @Override
    public VersionCursor scan(Snapshot snapshot) {
        long end = directory.vidCount();
        return new VersionCursor() {
            private long vid = -1;
            private Object[] row;

            @Override
            public boolean next() {
                while (++vid < end) {
                    row = read(vid, snapshot);
                    if (row != null) {
                        return true;
                    }
                }
                row = null;
                return false;
            }

            @Override
            public long vid() {
                return vid;
            }

            @Override
            public Object[] row() {
                return row;
            }
        };
    }

    @Override
    public long tupleFetches() {
        return fetches.sum();
    }

    @Override
    public IoCounters io() {
        return region.file().counters();
    }

    @Override
    public void flush() {
        region.seal();
    }

    @Override
    public void close() {
        region.seal();
    }
}
