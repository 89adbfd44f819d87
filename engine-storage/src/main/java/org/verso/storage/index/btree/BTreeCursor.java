package org.verso.storage.index.btree;

import java.util.List;
import org.verso.storage.index.IndexCursor;
import org.verso.storage.index.IndexEntries;
import org.verso.storage.index.KeyRange;

/**
 * A scan of a {@link BTree}: reads the entries of one leaf at a time, holding no latch in between, and goes on from
 * the root with the bound where the leaf's range ended. Each descent sees a consistent tree, and the bound only
 * moves forward, so an entry present for the whole scan is returned exactly once whatever splits and merges happen
 * meanwhile.
 *
 * <p>Not thread safe: a cursor belongs to one thread.
 */
final class BTreeCursor implements IndexCursor {
    private final BTree tree;
    private final KeyRange range;
    private final boolean descending;
    private List<byte[]> batch = List.of();
    private int at;
    private byte[] from;
    private boolean inclusive;
    private boolean done;
    private byte[] key;
    private long ref;

    BTreeCursor(BTree tree, KeyRange range, boolean descending) {
        this.tree = tree;
        this.range = range;
        this.descending = descending;
        this.done = range.isEmpty();
        if (descending) {
            from = range.end();
            inclusive = false;
        } else {
            from = range.start() == null ? new byte[0] : range.start();
            inclusive = true;
        }
    }

    @Override
    public boolean next() {
        while (at >= batch.size()) {
            if (done) {
                key = null;
                return false;
            }
            BTree.Batch next = tree.read(range, from, inclusive, descending);
            batch = next.entries();
            at = 0;
            done = next.done();
            from = next.next();
            inclusive = next.nextInclusive();
        }
        byte[] entry = batch.get(at++);
        key = IndexEntries.key(entry);
        ref = IndexEntries.ref(entry);
        tree.countReturned();
        return true;
    }

    @Override
    public byte[] key() {
        return key;
    }

    @Override
    public long ref() {
        return ref;
    }

    @Override
    public void close() {
        batch = List.of();
        done = true;
    }
}
