package org.verso.storage.index.btree;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.verso.storage.index.IndexLoader;

/**
 * The loader of a B+tree: buffers the entries added, sorts them and enters them in one sorted run, which an empty
 * tree builds bottom up ({@link BTreeBuilder}). The buffer is bounded: past {@link #BUFFER_BYTES} of entries, the
 * run so far is entered and a new one begins; a tree that is no longer empty takes the later runs entry by entry,
 * still in key order.
 *
 * <p>Not thread safe: see {@link IndexLoader}.
 */
final class SortedLoad implements IndexLoader {
    /**
     * The entry bytes buffered before a run is entered, each entry counted with the object that holds it: 64 MB, or
     * an eighth of the heap where that is less, so that a build never takes much of a small heap.
     */
    static final long BUFFER_BYTES = Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 8);
    private static final int ENTRY_OVERHEAD = 32;

    private final BTree tree;
    private final long bufferBytes;
    private final List<byte[]> entries = new ArrayList<>();
    private long buffered;

    SortedLoad(BTree tree, long bufferBytes) {
        this.tree = tree;
        this.bufferBytes = bufferBytes;
    }

    @Override
    public void add(byte[] key, long ref) {
        byte[] entry = tree.entry(key, ref);
        entries.add(entry);
        buffered += entry.length + ENTRY_OVERHEAD;
        if (buffered >= bufferBytes) {
            enter();
        }
    }

    @Override
    public void finish() {
        enter();
    }

    private void enter() {
        if (entries.isEmpty()) {
            return;
        }
        entries.sort(Arrays::compareUnsigned);
        tree.enterSorted(entries);
        entries.clear();
        buffered = 0;
    }
}
