package org.verso.storage.heap;

import java.util.function.LongConsumer;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.version.VersionDirectory;
import org.verso.storage.version.VersionWord;

/**
 * Rebuilds a version directory from an append region at open. Records are visited in append order, which for one
 * row is the order its versions were installed; the newest record of a committed creator wins, and an undo marker
 * of a committed creator puts the row back to the undone version's predecessor. No transaction is running at open,
 * so only the newest committed version of each row is kept, and a row whose newest version is a tombstone keeps no
 * node at all.
 */
final class HeapRebuild {
    private final AppendRegion region;
    private final CommitLookup commits;
    private final LongConsumer maxTxidSeen;

    HeapRebuild(AppendRegion region, CommitLookup commits, LongConsumer maxTxidSeen) {
        this.region = region;
        this.commits = commits;
        this.maxTxidSeen = maxTxidSeen;
    }

    VersionDirectory rebuild() {
        VersionDirectory directory = new VersionDirectory();
        region.forEach((tid, page, at, length) -> {
            long txid = VersionRecord.txid(page, at);
            maxTxidSeen.accept(txid);
            long commitTs = commits.commitTimestamp(txid);
            if (commitTs < 0) {
                return;
            }
            long vid = VersionRecord.vid(page, at);
            directory.ensureVids(vid + 1);
            byte flags = VersionRecord.flags(page, at);
            if ((flags & VersionRecord.UNDO) != 0) {
                long undone = VersionRecord.prevTid(page, at);
                int head = directory.head(vid);
                if (head != VersionDirectory.NONE && directory.tid(head) == undone) {
                    install(directory, vid, predecessorOf(undone));
                }
                return;
            }
            place(directory, vid, VersionWord.committed(commitTs, (flags & VersionRecord.TOMBSTONE) != 0),
                tid);
        });
        // Drop rows whose newest committed version deletes them.
        for (long vid = 0; vid < directory.vidCount(); vid++) {
            int head = directory.head(vid);
            if (head != VersionDirectory.NONE && VersionWord.isTombstone(directory.word(head))) {
                directory.casHead(vid, head, VersionDirectory.NONE);
            }
        }
        return directory;
    }

    private long predecessorOf(long tid) {
        return region.read(tid, (page, at, length) -> VersionRecord.prevTid(page, at));
    }

    private void install(VersionDirectory directory, long vid, long tid) {
        if (tid == VersionRecord.NO_TID) {
            directory.casHead(vid, directory.head(vid), VersionDirectory.NONE);
            return;
        }
        long[] found = region.read(tid, (page, at, length) -> new long[] {
            VersionRecord.txid(page, at), VersionRecord.flags(page, at)});
        long commitTs = commits.commitTimestamp(found[0]);
        place(directory, vid, VersionWord.committed(commitTs, (found[1] & VersionRecord.TOMBSTONE) != 0),
            tid);
    }

    /** Makes the version at {@code tid} the row's only node, reusing the row's node if it has one. */
    private static void place(VersionDirectory directory, long vid, long word, long tid) {
        int head = directory.head(vid);
        if (head != VersionDirectory.NONE) {
            directory.overwrite(head, word, tid);
        } else {
            directory.casHead(vid, VersionDirectory.NONE, directory.addNode(word, tid, VersionDirectory.NONE));
        }
    }
}
