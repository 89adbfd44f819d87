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
 * <p>Versions no snapshot can see any more are {@link #prune pruned}: their nodes wait in limbo until every
 * transaction that was running when they were pruned has ended, then are reused, so the directory's size follows the
 * live versions, not the history. VIDs are reused the same way: a row left with no version (deleted before every
 * snapshot, or its insert rolled back) has its VID {@link #retireVids retired}, and a new row takes it once every
 * transaction that might still hold it (from an index entry or a scan) has ended. A reader that meets a reused VID
 * through an entry of the row it replaced finds a version with another key, which index lookups recheck.
 *
 * <p>Thread safety: readers run concurrently with writers. Writers of one VID are serialised by the caller (the
 * heap's row latch); node and VID allocation are synchronised here. A new node's fields are written before the
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
    // Each VID's newest node plus one, so that a fresh chunk of zeros means "no version" without being filled.
    private volatile int[][] heads = new int[0][];
    private int nodeCount;
    private long vidCount;
    // Nodes free for reuse (a stack), and nodes retired by pruning that a reader may still hold: each batch is
    // stamped with the clock at retirement and becomes free once no transaction older than the stamp is running.
    private int[] free = new int[64];
    private int freeCount;
    private final java.util.ArrayDeque<long[]> limbo = new java.util.ArrayDeque<>();
    private int limboCount;
    // VIDs with no version free for a new row (a stack), and those retired but perhaps still held by a reader, in
    // batches stamped like the nodes'.
    private long[] freeVids = new long[16];
    private int freeVidCount;
    private final java.util.ArrayDeque<long[]> vidLimbo = new java.util.ArrayDeque<>();

    /** A VID with no versions yet for a new row: a free one if there is one, else a new one. */
    public synchronized long newVid() {
        if (freeVidCount > 0) {
            return freeVids[--freeVidCount];
        }
        return addVid();
    }

    private long addVid() {
        long vid = vidCount++;
        int chunk = (int) (vid >>> CHUNK_BITS);
        if (chunk >= heads.length) {
            int[][] grown = java.util.Arrays.copyOf(heads, chunk + 1);
            grown[chunk] = new int[CHUNK];
            heads = grown;
        }
        return vid;
    }

    /**
     * Gives VIDs {@code firstVid} .. {@code firstVid + n - 1} one committed node each with word {@code word} and the
     * tuple id in {@code tupleIds} ({@link DirectoryImage#NO_ENTRY}: no node). Only for building a directory before it
     * is shared (opening from a {@link DirectoryImage}); the VIDs must have no nodes yet.
     */
    public synchronized void restore(long firstVid, long[] tupleIds, int n, long word) {
        ensureVids(firstVid + n);
        for (int i = 0; i < n; i++) {
            if (tupleIds[i] == DirectoryImage.NO_ENTRY) {
                continue;
            }
            int node = nodeCount++;
            if ((node >>> CHUNK_BITS) >= words.length) {
                growNodes((node >>> CHUNK_BITS) + 1);
            }
            words[node >>> CHUNK_BITS][node & MASK] = word;
            tids[node >>> CHUNK_BITS][node & MASK] = tupleIds[i];
            prevs[node >>> CHUNK_BITS][node & MASK] = NONE;
            long vid = firstVid + i;
            heads[(int) (vid >>> CHUNK_BITS)][(int) (vid & MASK)] = node + 1;
        }
        VarHandle.releaseFence();
    }

    /** Makes sure VIDs below {@code count} exist; used when rebuilding the directory from the heap. */
    public synchronized void ensureVids(long count) {
        while (vidCount < count) {
            addVid();
        }
    }

    /** VIDs allocated so far, the free ones included: every VID is below this. */
    public long vidCount() {
        synchronized (this) {
            return vidCount;
        }
    }

    /**
     * Frees every VID that has no version. Only for a directory not shared yet (at open, when no transaction runs
     * and no reader holds a VID).
     */
    public synchronized void freeVacantVids() {
        for (long vid = vidCount - 1; vid >= 0; vid--) {
            if (head(vid) == NONE) {
                pushFreeVid(vid);
            }
        }
    }

    private void pushFreeVid(long vid) {
        if (freeVidCount == freeVids.length) {
            freeVids = java.util.Arrays.copyOf(freeVids, freeVidCount * 2);
        }
        freeVids[freeVidCount++] = vid;
    }

    /** Nodes holding a version (allocated and neither free nor waiting to be freed). */
    public synchronized int nodeCount() {
        return nodeCount - freeCount - limboCount;
    }

    /** Adds a node for a new version; it is not reachable until installed with {@link #casHead}. */
    public int addNode(long word, long tid, int prev) {
        int node;
        synchronized (this) {
            if (freeCount > 0) {
                node = free[--freeCount];
            } else {
                node = nodeCount++;
                int chunk = node >>> CHUNK_BITS;
                if (chunk >= words.length) {
                    growNodes(chunk + 1);
                }
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
        return (int) INTS.getAcquire(h[chunk], (int) (vid & MASK)) - 1;
    }

    /** Installs {@code node} as the newest version of {@code vid} if the head is still {@code expected}. */
    public boolean casHead(long vid, int expected, int node) {
        return INTS.compareAndSet(heads[(int) (vid >>> CHUNK_BITS)], (int) (vid & MASK), expected + 1, node + 1);
    }

    public long word(int node) {
        return (long) LONGS.getAcquire(words[node >>> CHUNK_BITS], node & MASK);
    }

    public long tid(int node) {
        return (long) LONGS.getOpaque(tids[node >>> CHUNK_BITS], node & MASK);
    }

    /**
     * Points a node at a copy of its version stored at {@code tid} (a merge re-appended it). The caller holds the
     * row's write latch; a reader sees the old tuple id or the new one, and both hold the same version.
     */
    public void relocate(int node, long tid) {
        LONGS.setRelease(tids[node >>> CHUNK_BITS], node & MASK, tid);
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
        return visibleFrom(head(vid), snapshot);
    }

    /** The newest node visible to {@code snapshot} from {@code node} back along its chain, or {@link #NONE}. */
    public int visibleFrom(int node, Snapshot snapshot) {
        while (node != NONE && !VersionWord.isVisible(word(node), snapshot)) {
            node = prev(node);
        }
        return node;
    }

    /**
     * Drops the versions of {@code vid} that no snapshot at or after {@code horizon} can see: everything older than
     * the newest version committed at or before it, and that version too if it is a tombstone (the row is then gone
     * for every such snapshot). Returns the dropped nodes, for {@link #retire}. The caller holds the row's write latch
     * and guarantees that no running snapshot is older than {@code horizon}; readers need no lock, because a reader
     * whose snapshot is at or after the horizon stops at or before the kept version and never follows its link.
     */
    public int[] prune(long vid, long horizon) {
        int head = head(vid);
        int cut = head;
        while (cut != NONE) {
            long word = word(cut);
            if (VersionWord.isCommitted(word) && VersionWord.timestamp(word) <= horizon) {
                break;
            }
            cut = prev(cut);
        }
        if (cut == NONE) {
            return new int[0];
        }
        int firstDropped;
        if (cut == head && VersionWord.isTombstone(word(cut))) {
            if (!casHead(vid, head, NONE)) {
                return new int[0];
            }
            firstDropped = cut;
        } else {
            firstDropped = prev(cut);
            INTS.setRelease(prevs[cut >>> CHUNK_BITS], cut & MASK, NONE);
        }
        int count = 0;
        for (int n = firstDropped; n != NONE; n = prev(n)) {
            count++;
        }
        int[] dropped = new int[count];
        int i = 0;
        for (int n = firstDropped; n != NONE; n = prev(n)) {
            dropped[i++] = n;
        }
        return dropped;
    }

    /**
     * Hands pruned nodes back for reuse once every transaction that was running at {@code stamp} (the clock when
     * they were pruned) has ended, since such a transaction's reader may still be looking at them.
     */
    public synchronized void retire(int[] nodes, long stamp) {
        if (nodes.length == 0) {
            return;
        }
        long[] batch = new long[nodes.length + 1];
        batch[0] = stamp;
        for (int i = 0; i < nodes.length; i++) {
            batch[i + 1] = nodes[i];
        }
        limbo.add(batch);
        limboCount += nodes.length;
    }

    /**
     * Hands back VIDs whose rows have no version left, for new rows once every transaction that was running at
     * {@code stamp} (the clock read after they lost their last version) has ended. The caller guarantees that no
     * write gives them a version meanwhile: only an insert writes a row without versions, and it takes a new VID.
     */
    public synchronized void retireVids(long[] vids, long stamp) {
        if (vids.length == 0) {
            return;
        }
        long[] batch = new long[vids.length + 1];
        batch[0] = stamp;
        System.arraycopy(vids, 0, batch, 1, vids.length);
        vidLimbo.add(batch);
    }

    /**
     * Frees every retired batch of nodes and VIDs stamped before {@code oldestRunningTxid}, the oldest transaction
     * still running.
     */
    public synchronized void reclaim(long oldestRunningTxid) {
        while (!vidLimbo.isEmpty() && vidLimbo.peek()[0] < oldestRunningTxid) {
            long[] batch = vidLimbo.poll();
            for (int i = 1; i < batch.length; i++) {
                pushFreeVid(batch[i]);
            }
        }
        while (!limbo.isEmpty() && limbo.peek()[0] < oldestRunningTxid) {
            long[] batch = limbo.poll();
            limboCount -= batch.length - 1;
            if (freeCount + batch.length > free.length) {
                free = java.util.Arrays.copyOf(free, Math.max(free.length * 2, freeCount + batch.length));
            }
            for (int i = 1; i < batch.length; i++) {
                free[freeCount++] = (int) batch[i];
            }
        }
    }

    /**
     * Bytes the data nodes occupy, allocated capacity and the free list included: per node a word, a TID and a
     * predecessor index (20 bytes).
     */
    public synchronized long nodeBytes() {
        long nodes = (long) words.length * CHUNK;
        return nodes * (Long.BYTES + Long.BYTES + Integer.BYTES) + (long) free.length * Integer.BYTES;
    }

    /**
     * Bytes the VID list occupies, allocated capacity included: a head index (4 bytes) per VID, and 8 bytes per
     * free VID.
     */
    public synchronized long vidListBytes() {
        return (long) heads.length * CHUNK * Integer.BYTES + (long) freeVids.length * Long.BYTES;
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
