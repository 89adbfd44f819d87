package org.verso.storage.version;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The version directory: maps each row's VID to the data node of its newest version, and each data node to its
 * predecessor. It is SIAS's entrypoint map and MV-IDX's VID list at once: a reader finds the version visible to
 * its snapshot from the data nodes alone and then fetches exactly that one version.
 *
 * <p>Data nodes are kept in primitive arrays, not one object per version: about 20 bytes per node (a packed word,
 * the version's TID and the predecessor's node index) and 4 bytes per VID. Arrays grow in chunks that never move,
 * so readers need no lock.
 *
 * <p>Each node holds a packed {@link VersionWord}; a node's word changes exactly once, from uncommitted to
 * committed, and is published with a release write.
 *
 * <p>Thread safety: readers run concurrently with writers. Writers of one VID are serialised by the caller (the
 * heap's append lock); node and VID allocation are synchronised here. A new node's fields are written before the
 * head pointer that publishes it (release/acquire).
 */
public final class VersionDirectory {
    public static final int NONE = -1;

    private static final int CHUNK_BITS = 14;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);

    private volatile long[][] words = new long[0][];
    private volatile long[][] tids = new long[0][];
    private volatile int[][] prevs = new int[0][];
    private volatile int[][] heads = new int[0][];
    private int nodeCount;
    private long vidCount;

    /** Allocates a new VID with no versions yet. */
    public synchronized long newVid() {
        long vid = vidCount++;
        int chunk = (int) (vid >>> CHUNK_BITS);
        if (chunk >= heads.length) {
            int[][] grown = java.util.Arrays.copyOf(heads, chunk + 1);
            int[] fresh = new int[CHUNK];
            java.util.Arrays.fill(fresh, NONE);
            grown[chunk] = fresh;
            heads = grown;
        }
        return vid;
    }

    /** Makes sure VIDs below {@code count} exist; used when rebuilding the directory from the heap. */
    public synchronized void ensureVids(long count) {
        while (vidCount < count) {
            newVid();
        }
    }

    public long vidCount() {
        synchronized (this) {
            return vidCount;
        }
    }

    public synchronized int nodeCount() {
        return nodeCount;
    }

    /** Adds a node for a new version; it is not reachable until installed with {@link #casHead}. */
    public int addNode(long word, long tid, int prev) {
        int node;
        synchronized (this) {
            node = nodeCount++;
            int chunk = node >>> CHUNK_BITS;
            if (chunk >= words.length) {
                growNodes(chunk + 1);
            }
        }
        long[] w = words[node >>> CHUNK_BITS];
        w[node & MASK] = word;
        tids[node >>> CHUNK_BITS][node & MASK] = tid;
        prevs[node >>> CHUNK_BITS][node & MASK] = prev;
        VarHandle.releaseFence();
        return node;
    }

    private void growNodes(int chunks) {
        long[][] w = java.util.Arrays.copyOf(words, chunks);
        long[][] t = java.util.Arrays.copyOf(tids, chunks);
        int[][] p = java.util.Arrays.copyOf(prevs, chunks);
        for (int c = words.length; c < chunks; c++) {
            w[c] = new long[CHUNK];
            t[c] = new long[CHUNK];
            p[c] = new int[CHUNK];
        }
        tids = t;
        prevs = p;
        words = w;
    }

    /**
     * Replaces a node's word and TID. Only for building a directory before it is shared (recovery), where the
     * newest committed version of a row replaces the one found before it.
     */
    public void overwrite(int node, long word, long tid) {
        tids[node >>> CHUNK_BITS][node & MASK] = tid;
        LONGS.setRelease(words[node >>> CHUNK_BITS], node & MASK, word);
    }

    /** The newest node of {@code vid}, or {@link #NONE}. */
    public int head(long vid) {
        int[][] h = heads;
        int chunk = (int) (vid >>> CHUNK_BITS);
        if (vid < 0 || chunk >= h.length) {
            return NONE;
        }
        return (int) INTS.getAcquire(h[chunk], (int) (vid & MASK));
    }

    /** Installs {@code node} as the newest version of {@code vid} if the head is still {@code expected}. */
    public boolean casHead(long vid, int expected, int node) {
        return INTS.compareAndSet(heads[(int) (vid >>> CHUNK_BITS)], (int) (vid & MASK), expected, node);
    }

    public long word(int node) {
        return (long) LONGS.getAcquire(words[node >>> CHUNK_BITS], node & MASK);
    }

    public long tid(int node) {
        return tids[node >>> CHUNK_BITS][node & MASK];
    }

    public int prev(int node) {
        return prevs[node >>> CHUNK_BITS][node & MASK];
    }

    /** Marks an uncommitted node committed at {@code commitTs}. */
    public void commit(int node, long commitTs) {
        long word = word(node);
        LONGS.setRelease(words[node >>> CHUNK_BITS], node & MASK,
            VersionWord.committed(commitTs, VersionWord.isTombstone(word)));
    }

    /** The newest node of {@code vid} visible to {@code snapshot}, or {@link #NONE}. May be a tombstone. */
    public int visibleNode(long vid, Snapshot snapshot) {
        int node = head(vid);
        while (node != NONE && !VersionWord.isVisible(word(node), snapshot)) {
            node = prev(node);
        }
        return node;
    }

    /** Length of the version chain of {@code vid} (0 if the VID has no versions). */
    public int chainLength(long vid) {
        int n = 0;
        for (int node = head(vid); node != NONE; node = prev(node)) {
            n++;
        }
        return n;
    }
}
