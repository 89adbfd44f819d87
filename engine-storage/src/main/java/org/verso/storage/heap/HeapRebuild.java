package org.verso.storage.heap;

import java.util.function.LongConsumer;
import org.verso.common.ErrorCode;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.version.DirectoryImage;
import org.verso.storage.version.VersionDirectory;
import org.verso.storage.version.VersionWord;

/**
 * Rebuilds a version directory at open: from the table's {@link DirectoryImage} and the records appended after the
 * position it names, or, without a usable image, from every record of the append region. Records are visited in
 * append order, which for one row is the order its versions were installed; the newest record of a committed
 * creator wins (a merge's relocated copy wins over the version it copies, and only over that one), and an undo
 * marker of a committed creator puts the row back to the undone version's predecessor. No transaction is running
 * at open, so only the newest committed version of each row is kept, and a row whose newest version is a tombstone
 * keeps no node at all; the VID of a row without a node is free for a new row at once.
 *
 * <p>A reused VID's records follow every record of the row it replaced in append order (it was freed only after
 * that row's last version was pruned, and a new row's first version names no predecessor), so replaying in append
 * order ends at the new row's versions.
 */
final class HeapRebuild {
    private final AppendRegion region;
    private final CommitLookup commits;
    private final LongConsumer maxTxidSeen;
    private final DirectoryImage image;
    // Rows given a tombstone by replay: the only ones that may end with one (image entries never do).
    private final java.util.List<Long> tombstoned = new java.util.ArrayList<>();
    // Rows given a merge's relocated copy by replay: their tuple-id index entries may be missing.
    private final java.util.List<Long> moved = new java.util.ArrayList<>();

    /** {@code image} is null for a heap without one (in memory). */
    HeapRebuild(AppendRegion region, CommitLookup commits, LongConsumer maxTxidSeen, DirectoryImage image) {
        this.region = region;
        this.commits = commits;
        this.maxTxidSeen = maxTxidSeen;
        this.image = image;
    }

    VersionDirectory rebuild() {
        long from = 0;
        DirectoryImage.Loaded loaded = image == null ? null : image.load();
        VersionDirectory directory = loaded == null ? new VersionDirectory() : loaded.directory();
        DirectoryImage.Header header = loaded == null ? null : loaded.header();
        if (header != null) {
            from = header.replayFrom();
            maxTxidSeen.accept(header.maxTxid());
        }
        if (header == null && region.releasedAny()) {
            // Runs given back held versions a replay of the whole region needs (a tombstone of a row whose insert
            // is still on a page): without the image, the rows cannot be told.
            throw ErrorCode.DATA_CORRUPTED.exception(0, image == null ? region.file().name() : image.fileName(),
                "the version directory's image is missing or damaged, and the heap gave back pages a replay of it"
                + " would need");
        }
        commits.needFrom(header == null ? 0 : header.commitLogFloor());
        // Replayed whole because its image is damaged, a heap may hold versions whose creators' entries the commit
        // log gave back; one whose image was never written was created after anything given back was planned.
        boolean mayMeetForgotten = header == null && image != null && !image.neverWritten();
        VersionDirectory target = directory;
        region.forEachFrom(from, (tid, page, at, length) -> {
            long txid = VersionRecord.txid(page, at);
            maxTxidSeen.accept(txid);
            byte flags = VersionRecord.flags(page, at);
            long vid = VersionRecord.vid(page, at);
            if ((flags & VersionRecord.RELOCATED) != 0) {
                replayCopy(target, vid, tid, VersionRecord.prevTid(page, at), txid);
                return;
            }
            long commitTs = commits.commitTimestamp(txid);
            if (commitTs < 0) {
                if (mayMeetForgotten && commits.forgotten(txid)) {
                    throw ErrorCode.DATA_CORRUPTED.exception(0, image.fileName(), "the version directory's image"
                        + " is damaged, and the commit log gave back the entry that would tell whether transaction "
                        + txid + ", which wrote to " + region.file().name() + ", committed");
                }
                return;
            }
            target.ensureVids(vid + 1);
            if (image != null) {
                image.markDirty(vid); // the image does not have this version yet
            }
            if ((flags & VersionRecord.UNDO) != 0) {
                long undone = VersionRecord.prevTid(page, at);
                int head = target.head(vid);
                if (head != VersionDirectory.NONE && target.tid(head) == undone) {
                    install(target, vid, predecessorOf(undone));
                }
                return;
            }
            place(target, vid, VersionWord.committed(commitTs, (flags & VersionRecord.TOMBSTONE) != 0), tid);
        });
        // Drop rows whose newest committed version deletes them.
        for (long vid : tombstoned) {
            int head = directory.head(vid);
            if (head != VersionDirectory.NONE && VersionWord.isTombstone(directory.word(head))) {
                directory.casHead(vid, head, VersionDirectory.NONE);
            }
        }
        if (image != null && header == null) {
            image.markAllDirty(directory.vidCount());
        }
        directory.freeVacantVids();
        return directory;
    }

    /** The rows replay gave a merge's relocated copy, newest version or not. */
    long[] movedRows() {
        return moved.stream().mapToLong(Long::longValue).distinct().toArray();
    }

    private long predecessorOf(long tid) {
        return region.read(tid, (page, at, length) -> VersionRecord.prevTid(page, at));
    }

    private void install(VersionDirectory directory, long vid, long tid) {
        if (tid == VersionRecord.NO_TID || region.isReleased(tid)) {
            // A given-back predecessor was superseded or moved after the undo, by a record replay meets later.
            directory.casHead(vid, directory.head(vid), VersionDirectory.NONE);
            return;
        }
        long[] found = region.read(tid, (page, at, length) -> new long[] {
            commits.commitTimestamp(VersionRecord.txid(page, at)), VersionRecord.flags(page, at)});
        // The version an undone one was written over had committed (or was its committed writer's own): one the
        // commit log no longer answers for committed below the floor, before every snapshot taken from now on.
        long commitTs = Math.max(0, found[0]);
        place(directory, vid, VersionWord.committed(commitTs, (found[1] & VersionRecord.TOMBSTONE) != 0), tid);
    }

    /**
     * A merge's copy, at {@code tid}, of the version at {@code copiedTid}, created by {@code creator}: it takes that
     * version's place if the row's newest version is still that one. A row whose newest version is another one has
     * it from a commit that replay decided (an undecided commit found committed, written before the move but newer
     * than the copied version), or has the copy already (the image holds it). A row with no version gets the copy,
     * committed before every snapshot taken from now on, only if the commit log still answers for the creator (its
     * copied version is in no image and no longer on a page). If it does not, the creator committed at or below the
     * image's horizon, so the image holds the row's newest version as of then; having none, the row was deleted by a
     * commit the image holds too, whose tombstone replay skips for the same reason. Replay meets such records when it
     * starts before the image's own position, at a version undone while its commit was undecided.
     */
    private void replayCopy(VersionDirectory directory, long vid, long tid, long copiedTid, long creator) {
        directory.ensureVids(vid + 1);
        int head = directory.head(vid);
        if (head != VersionDirectory.NONE && directory.tid(head) != copiedTid) {
            return;
        }
        if (head == VersionDirectory.NONE && commits.commitTimestamp(creator) < 0) {
            return;
        }
        if (image != null) {
            image.markDirty(vid);
        }
        moved.add(vid);
        place(directory, vid, head == VersionDirectory.NONE ? VersionWord.committed(0, false)
            : directory.word(head), tid);
    }

    /** Makes the version at {@code tid} the row's only node, reusing the row's node if it has one. */
    private void place(VersionDirectory directory, long vid, long word, long tid) {
        if (VersionWord.isTombstone(word)) {
            tombstoned.add(vid);
        }
        int head = directory.head(vid);
        if (head != VersionDirectory.NONE) {
            directory.overwrite(head, word, tid);
        } else {
            directory.casHead(vid, VersionDirectory.NONE, directory.addNode(word, tid, VersionDirectory.NONE));
        }
    }
}
