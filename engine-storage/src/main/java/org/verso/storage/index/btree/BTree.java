package org.verso.storage.index.btree;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.BiConsumer;
import org.verso.common.ErrorCode;
import org.verso.storage.index.IndexCursor;
import org.verso.storage.index.IndexEntries;
import org.verso.storage.index.IndexLoader;
import org.verso.storage.index.IndexStatistics;
import org.verso.storage.index.KeyRange;
import org.verso.storage.index.TableIndex;
import org.verso.storage.page.AppendRegion;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.Page;
import org.verso.storage.page.PageFile;
import org.verso.storage.page.PageHeader;
import org.verso.storage.wal.FullPageImages;
import org.verso.storage.wal.RecordType;
import org.verso.storage.wal.RedoHandler;
import org.verso.storage.wal.RedoLog;

/**
 * A B+tree of index entries in a page file, read and changed through the buffer pool and logged to the write-ahead
 * log: the structure under both MV-IDX (entries key to VID) and the version-oblivious index (entries key to the
 * address of one version). An entry is its encoded key followed by its 8-byte reference ({@link NodePage}), so the
 * entries of a key are adjacent and a key prefix selects a contiguous run.
 *
 * <p>Page 0 is the meta page: the root's page number, the file's extent and the first free page.
 * <pre>
 * offset  size  field
 *  0      32    {@link PageHeader}; used bytes: 72
 * 32      1     {@link NodePage#META}
 * 40      8     root page number
 * 48      8     extent: the next page number never allocated
 * 56      8     the first free page, 0 if none; each free page ({@link NodePage#FREE}) names the next
 * 64      1     1 once the tree's owner has filled it ({@link #markComplete}); a tree found incomplete at open was
 *               being filled when the process stopped and must be built again
 * </pre>
 *
 * <p>Concurrency is latch coupling: a reader holds a node's shared latch until it holds its child's, so it never
 * sees a node in the middle of a change. A writer first descends the same way and takes only the leaf exclusively;
 * if the leaf must split or would underflow, it descends again holding exclusive latches, releasing all of them
 * above a node that cannot pass a split or merge up (it has room for one more key of any size, or stays above the
 * merge threshold after losing one). Latches are taken top-down only and a sibling only under its parent's
 * exclusive latch; there are no links between siblings (a scan goes on from the root with the fence it left off
 * at), so latching cannot deadlock. The root pointer is latched like a node above the root.
 *
 * <p>Structure changes (splits, merges, a new or collapsed root) change several pages and the meta page; each is
 * logged as one record of page images ({@link BTreeLog}) while no other structure change runs, so the meta page's
 * images reach the log in the order its changes were made. Entries inserted into or removed from a leaf without a
 * structure change are logged as such, except for the first change to a page after a checkpoint, which is logged
 * as the page's image ({@link FullPageImages}).
 *
 * <p>A node is merged into a sibling when its entries take less than a quarter of a page and the two fit in three
 * quarters of one; a node that cannot be merged stays underfull (no redistribution).
 *
 * <p>Thread safety: all operations are thread safe. Cursors hold no latch between batches of entries.
 */
public final class BTree implements TableIndex {
    private static final long META = 0;
    private static final int META_ROOT = 40;
    private static final int META_EXTENT = 48;
    private static final int META_FREE = 56;
    private static final int META_COMPLETE = 64;
    private static final int META_USED = 72;

    private final String name;
    private final Reference reference;
    private final PageFile file;
    private final BufferPool pool;
    private final RedoLog log;
    private final FullPageImages images;
    private final long streamId;
    private final int capacity;
    private final int maxEntry;
    private final int underflow;
    private final ReentrantReadWriteLock anchor = new ReentrantReadWriteLock();
    // Serialises structure changes: the meta page is changed and logged only under it.
    private final Object structure = new Object();
    private final Page meta;
    private volatile long root;
    private final AtomicLong entries = new AtomicLong();
    private final LongAdder scans = new LongAdder();
    private final LongAdder returned = new LongAdder();
    private final LongAdder splits = new LongAdder();
    private final LongAdder merges = new LongAdder();
    private final AtomicBoolean closed = new AtomicBoolean();

    private BTree(String name, Reference reference, PageFile file, BufferPool pool, RedoLog log,
                  FullPageImages images, long streamId, Page meta) {
        this.name = name;
        this.reference = reference;
        this.file = file;
        this.pool = pool;
        this.log = log;
        this.images = images;
        this.streamId = streamId;
        this.meta = meta;
        this.capacity = file.pageSize() - NodePage.SLOTS;
        // At least four entries of the largest size fit in a node, so a split always leaves room on both sides.
        this.maxEntry = capacity / 4 - NodePage.entrySize(0, true);
        this.underflow = capacity / 4;
    }

    /**
     * Creates an empty tree in {@code file}, an index file with no pages. {@code streamId} names the file in the
     * tree's log records (recovery maps it back to the file); {@code images} is the database's full-page-image
     * threshold ({@link FullPageImages#NEVER} where the log is {@link RedoLog#NONE}).
     */
    public static BTree create(String name, Reference reference, PageFile file, BufferPool pool, RedoLog log,
                               FullPageImages images, long streamId) {
        Page meta = pool.pinOrCreate(file, META);
        BTree tree = new BTree(name, reference, file, pool, log, images, streamId, meta);
        synchronized (tree.structure) {
            ByteBuffer m = meta.buffer();
            NodePage.format(m, NodePage.META, 0);
            PageHeader.setUsed(m, META_USED);
            m.putLong(META_ROOT, 1);
            m.putLong(META_EXTENT, 2);
            Page rootPage = pool.pinOrCreate(file, 1);
            try {
                NodePage.format(rootPage.buffer(), NodePage.LEAF, 0);
                tree.logStructure(List.of(meta, rootPage));
            } finally {
                pool.unpin(rootPage);
            }
            tree.root = 1;
        }
        return tree;
    }

    /**
     * Opens the tree in {@code file} (after recovery has redone its log records), reading every node to count the
     * entries and check the tree's invariants; fails with XX001 if a node is damaged or holds changes the log lost.
     * See {@link #create}.
     */
    public static BTree open(String name, Reference reference, PageFile file, BufferPool pool, RedoLog log,
                             FullPageImages images, long streamId) {
        return open(name, reference, file, pool, log, images, streamId, -1);
    }

    /**
     * Opens the tree in {@code file} as {@link #open(String, Reference, PageFile, BufferPool, RedoLog,
     * FullPageImages, long)} does, but, given its number of entries ({@code entries >= 0}, known from a clean
     * checkpoint that recovery did not add to), reads only its meta page: a node damaged on disk is then found when
     * it is read.
     */
    public static BTree open(String name, Reference reference, PageFile file, BufferPool pool, RedoLog log,
                             FullPageImages images, long streamId, long entries) {
        Page meta = pool.pin(file, META);
        if (NodePage.type(meta.buffer()) != NodePage.META) {
            pool.unpin(meta);
            throw ErrorCode.DATA_CORRUPTED.exception(META, file.name(), "it is not the meta page of an index");
        }
        BTree tree = new BTree(name, reference, file, pool, log, images, streamId, meta);
        tree.root = meta.buffer().getLong(META_ROOT);
        try {
            tree.entries.set(entries >= 0 ? entries : tree.verify());
        } catch (RuntimeException e) {
            pool.unpin(meta);
            throw e;
        }
        return tree;
    }

    /** Whether the tree's owner marked it filled ({@link #markComplete}). */
    public boolean isComplete() {
        synchronized (structure) {
            return meta.buffer().get(META_COMPLETE) == 1;
        }
    }

    /** Marks the tree filled: it holds an entry for every row its owner had when it was built. */
    public void markComplete() {
        synchronized (structure) {
            byte before = meta.buffer().get(META_COMPLETE);
            if (before != 1) {
                meta.buffer().put(META_COMPLETE, (byte) 1);
                try {
                    logStructure(List.of(meta));
                } catch (RuntimeException | Error e) {
                    meta.buffer().put(META_COMPLETE, before);
                    throw e;
                }
            }
        }
    }

    /** Registers the redo of the tree's log records; {@code files} finds an index's file by its stream id. */
    public static void registerRedo(BiConsumer<RecordType, RedoHandler> registry, BufferPool pool,
                                    AppendRegion.StreamFiles files) {
        BTreeLog.register(registry, pool, files);
    }

    @Override
    public Reference reference() {
        return reference;
    }

    /** The id that names the tree's file in its log records (the index id). */
    public long streamId() {
        return streamId;
    }

    /** The number of entries in the tree. */
    public long entryCount() {
        return entries.get();
    }

    /** The largest index key, in encoded bytes, the tree accepts. */
    public int maxKeyLength() {
        return maxEntry - IndexEntries.REF;
    }

    byte[] entry(byte[] key, long ref) {
        if (key.length > maxKeyLength()) {
            throw ErrorCode.INDEX_KEY_TOO_LARGE.exception(key.length, name, maxKeyLength());
        }
        return IndexEntries.of(key, ref);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Latched pages

    /** A page the current operation has pinned and latched; {@code child} is the index of the child it went to. */
    private static final class Held {
        final long pageNo;
        final Page page;
        int child = -1;

        Held(long pageNo, Page page) {
            this.pageNo = pageNo;
            this.page = page;
        }
    }

    private Page latchAndPin(long pageNo, boolean exclusive) {
        Page page = pool.pin(file, pageNo);
        lock(page, exclusive);
        if (!NodePage.isNode(page.buffer())) {
            release(page, exclusive);
            throw ErrorCode.DATA_CORRUPTED.exception(pageNo, file.name(), "it is not a node of index " + name);
        }
        return page;
    }

    private static void lock(Page page, boolean exclusive) {
        if (exclusive) {
            page.latch().writeLock().lock();
        } else {
            page.latch().readLock().lock();
        }
    }

    /** Releases the page's latch, then its pin: once unpinned, the frame may hold another page. */
    private void release(Page page, boolean exclusive) {
        if (exclusive) {
            page.latch().writeLock().unlock();
        } else {
            page.latch().readLock().unlock();
        }
        pool.unpin(page);
    }

    private void releaseAll(Deque<Held> path, boolean anchorHeld) {
        while (!path.isEmpty()) {
            Held h = path.pollFirst();
            release(h.page, true);
        }
        if (anchorHeld) {
            anchor.writeLock().unlock();
        }
    }

    /**
     * Descends to the leaf for {@code key} with shared latches, coupling each with the next, and returns it pinned
     * and latched (exclusively with {@code exclusiveLeaf}). A null key is beyond every entry. {@code strict} routes a
     * key equal to a separator to its right (the child holding entries from it on); otherwise to its left.
     * {@code fences}, if given, receives the bounds of the leaf's range: [0] below, [1] above (null: unbounded).
     */
    private Page descend(byte[] key, boolean strict, boolean exclusiveLeaf, byte[][] fences) {
        Page node;
        anchor.readLock().lock();
        try {
            node = latchAndPin(root, false);
        } finally {
            anchor.readLock().unlock();
        }
        Page parent = null;
        try {
            while (true) {
                ByteBuffer buf = node.buffer();
                if (NodePage.isLeaf(buf)) {
                    Page leaf = node;
                    node = null;
                    if (!exclusiveLeaf) {
                        return leaf;
                    }
                    // The parent's shared latch keeps any split or merge off the leaf meanwhile; with no parent the
                    // leaf is the root, which a split replaces only under the anchor's latch: start again from it.
                    long pageNo = leaf.pageNo();
                    release(leaf, false);
                    return parent == null ? descendFromAnchorExclusive(key, strict, fences)
                        : latchAndPin(pageNo, true);
                }
                int n = NodePage.count(buf);
                int i = key == null ? n : NodePage.search(buf, key, strict);
                if (fences != null) {
                    if (i > 0) {
                        fences[0] = NodePage.key(buf, i - 1);
                    }
                    if (i < n) {
                        fences[1] = NodePage.key(buf, i);
                    }
                }
                Page child = latchAndPin(NodePage.childAt(buf, i), false);
                if (parent != null) {
                    Page above = parent;
                    parent = null;
                    release(above, false);
                }
                parent = node;
                node = child;
            }
        } finally {
            if (node != null) {
                release(node, false);
            }
            if (parent != null) {
                release(parent, false);
            }
        }
    }

    /** The leaf for {@code key} where the root may be that leaf: latched exclusively under the anchor. */
    private Page descendFromAnchorExclusive(byte[] key, boolean strict, byte[][] fences) {
        anchor.readLock().lock();
        try {
            Page page = latchAndPin(root, true);
            if (NodePage.isLeaf(page.buffer())) {
                return page;
            }
            // The root grew a level since: descend normally.
            release(page, true);
        } finally {
            anchor.readLock().unlock();
        }
        return descend(key, strict, true, fences);
    }

    /** Whether a node cannot pass a change up to its parent ({@code insert}: a split; otherwise a merge). */
    private boolean safe(ByteBuffer node, boolean isRoot, boolean insert, int entryLength) {
        boolean inner = !NodePage.isLeaf(node);
        if (insert) {
            return NodePage.fits(node, NodePage.entrySize(inner ? maxEntry : entryLength, inner));
        }
        if (isRoot) {
            return !inner || NodePage.count(node) > 1;
        }
        return NodePage.liveBytes(node) - NodePage.entrySize(inner ? maxEntry : entryLength, inner) >= underflow;
    }

    /**
     * Descends to the leaf for {@code entry} holding exclusive latches on every node a split ({@code insert}) or a
     * merge could change; returns them top-down, the leaf last. Returns whether the anchor is still held in [0].
     */
    private Deque<Held> descendExclusive(byte[] entry, boolean insert, boolean[] anchorHeld) {
        anchor.writeLock().lock();
        anchorHeld[0] = true;
        Deque<Held> path = new ArrayDeque<>();
        try {
            long pageNo = root;
            boolean isRoot = true;
            while (true) {
                Held h = new Held(pageNo, latchAndPin(pageNo, true));
                path.addLast(h);
                ByteBuffer buf = h.page.buffer();
                if (safe(buf, isRoot, insert, entry.length)) {
                    while (path.size() > 1) {
                        Held above = path.pollFirst();
                        release(above.page, true);
                    }
                    if (anchorHeld[0]) {
                        anchor.writeLock().unlock();
                        anchorHeld[0] = false;
                    }
                }
                if (NodePage.isLeaf(buf)) {
                    return path;
                }
                h.child = NodePage.search(buf, entry, true);
                pageNo = NodePage.childAt(buf, h.child);
                isRoot = false;
            }
        } catch (RuntimeException e) {
            releaseAll(path, anchorHeld[0]);
            anchorHeld[0] = false;
            throw e;
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Changes

    @Override
    public boolean insert(byte[] key, long ref) {
        return insertEntry(entry(key, ref));
    }

    private boolean insertEntry(byte[] entry) {
        Page leaf = descend(entry, true, true, null);
        try {
            ByteBuffer buf = leaf.buffer();
            int slot = NodePage.search(buf, entry, false);
            if (slot < NodePage.count(buf) && NodePage.compare(buf, slot, entry) == 0) {
                return false;
            }
            if (NodePage.fits(buf, NodePage.entrySize(entry.length, false))) {
                changeLeaf(leaf, slot, entry, true);
                return true;
            }
        } finally {
            release(leaf, true);
        }
        return insertSplitting(entry);
    }

    @Override
    public IndexLoader loader() {
        return new SortedLoad(this, SortedLoad.BUFFER_BYTES);
    }

    /** A loader whose runs hold at most {@code bufferBytes} of entries (tests use small ones). */
    IndexLoader loader(long bufferBytes) {
        return new SortedLoad(this, bufferBytes);
    }

    /**
     * Enters {@code sorted} entries (ascending): an empty tree, with no page beyond its first leaf, is built from
     * them bottom up ({@link BTreeBuilder}); any other takes them one by one.
     */
    void enterSorted(List<byte[]> sorted) {
        anchor.writeLock().lock();
        try {
            synchronized (structure) {
                ByteBuffer m = meta.buffer();
                if (entries.get() == 0 && m.getLong(META_EXTENT) == root + 1 && m.getLong(META_FREE) == 0) {
                    BTreeBuilder.Result built = new BTreeBuilder(name, file, pool, log, streamId)
                        .build(sorted.iterator(), root, root + 1);
                    setRoot(built.root());
                    m.putLong(META_EXTENT, built.extent());
                    logStructure(List.of(meta));
                    entries.set(built.entries());
                    return;
                }
            }
        } finally {
            anchor.writeLock().unlock();
        }
        for (byte[] entry : sorted) {
            insertEntry(entry);
        }
    }

    @Override
    public boolean remove(byte[] key, long ref) {
        byte[] entry = entry(key, ref);
        Page leaf = descend(entry, true, true, null);
        try {
            ByteBuffer buf = leaf.buffer();
            int slot = NodePage.find(buf, entry);
            if (slot < 0) {
                return false;
            }
            if (leaf.pageNo() == root
                || NodePage.liveBytes(buf) - NodePage.entrySize(entry.length, false) >= underflow) {
                changeLeaf(leaf, slot, entry, false);
                return true;
            }
        } finally {
            release(leaf, true);
        }
        return removeMerging(entry);
    }

    /**
     * Inserts or removes a leaf entry and logs it; the leaf is latched exclusively. If the log cannot take the
     * record, the leaf is left as it was (see {@link PageUndo}).
     */
    private void changeLeaf(Page leaf, int slot, byte[] entry, boolean insert) {
        ByteBuffer buf = leaf.buffer();
        pool.markDirty(leaf);
        if (log == RedoLog.NONE) {
            applyLeafChange(buf, slot, entry, insert);
            return;
        }
        long threshold = images.begin();
        try {
            if (FullPageImages.needsImage(PageHeader.lsn(buf), threshold)) {
                PageUndo undo = new PageUndo();
                undo.save(leaf);
                applyLeafChange(buf, slot, entry, insert);
                try {
                    BTreeLog.logImages(log, streamId, List.of(leaf));
                } catch (RuntimeException | Error e) {
                    undo.restore();
                    entries.addAndGet(insert ? -1 : 1);
                    throw e;
                }
            } else {
                // The record names the page and the entry, not the page's bytes, so it goes first: a log that
                // cannot take it fails the change before the leaf is touched.
                long lsn = BTreeLog.logLeafChange(log, streamId, leaf.pageNo(), entry, insert);
                applyLeafChange(buf, slot, entry, insert);
                PageHeader.setLsn(buf, lsn);
            }
        } finally {
            images.end();
        }
    }

    private void applyLeafChange(ByteBuffer leaf, int slot, byte[] entry, boolean insert) {
        if (insert) {
            NodePage.insert(leaf, slot, entry, 0);
            entries.incrementAndGet();
        } else {
            NodePage.remove(leaf, slot);
            entries.decrementAndGet();
        }
    }

    /** Takes back a structure change that could not be logged: its pages and the root they name. */
    private void undoStructure(PageUndo undo) {
        undo.restore();
        root = meta.buffer().getLong(META_ROOT);
    }

    private boolean insertSplitting(byte[] entry) {
        boolean[] anchorHeld = new boolean[1];
        Deque<Held> path = descendExclusive(entry, true, anchorHeld);
        List<Page> created = new ArrayList<>();
        try {
            Held leaf = path.peekLast();
            ByteBuffer buf = leaf.page.buffer();
            int slot = NodePage.search(buf, entry, false);
            if (slot < NodePage.count(buf) && NodePage.compare(buf, slot, entry) == 0) {
                return false;
            }
            if (NodePage.fits(buf, NodePage.entrySize(entry.length, false))) {
                changeLeaf(leaf.page, slot, entry, true);
                return true;
            }
            synchronized (structure) {
                List<Page> changed = new ArrayList<>();
                PageUndo undo = new PageUndo();
                undo.save(meta);
                try {
                    split(new ArrayList<>(path), anchorHeld[0], entry, created, changed, undo);
                    changed.add(meta);
                    logStructure(changed);
                } catch (RuntimeException | Error e) {
                    undoStructure(undo);
                    throw e;
                }
                entries.incrementAndGet();
            }
            return true;
        } finally {
            for (Page page : created) {
                pool.unpin(page);
            }
            releaseAll(path, anchorHeld[0]);
        }
    }

    /**
     * Inserts {@code key} into the last node of {@code path}, splitting it and its ancestors as needed; the path
     * starts at the root if {@code rootHeld}. Pages created are added to {@code created} (pinned), pages changed to
     * {@code changed}, and every page is saved in {@code undo} before it is changed.
     */
    private void split(List<Held> path, boolean rootHeld, byte[] key, List<Page> created, List<Page> changed,
                       PageUndo undo) {
        long child = 0;
        for (int level = path.size() - 1; ; level--) {
            Page node = path.get(level).page;
            ByteBuffer buf = node.buffer();
            boolean inner = !NodePage.isLeaf(buf);
            undo.save(node);
            pool.markDirty(node);
            changed.add(node);
            if (NodePage.fits(buf, NodePage.entrySize(key.length, inner))) {
                NodePage.insert(buf, NodePage.search(buf, key, false), key, child);
                return;
            }
            splits.increment();
            Page right = allocate(created, undo);
            changed.add(right);
            ByteBuffer rbuf = right.buffer();
            NodePage.format(rbuf, inner ? NodePage.INNER : NodePage.LEAF, 0);
            int n = NodePage.count(buf);
            // A key beyond the node's last one (ascending keys, as a load or a sequence gives them) splits at the
            // end: the left node stays full instead of half empty. Otherwise the halves hold about the same bytes.
            boolean appending = NodePage.search(buf, key, false) == n;
            int mid = appending ? (inner ? n - 1 : n) : splitPoint(buf);
            byte[] separator = mid < n ? NodePage.key(buf, mid) : key;
            if (inner) {
                NodePage.setLeftmost(rbuf, NodePage.child(buf, mid));
                NodePage.append(rbuf, NodePage.copy(buf, mid + 1, n));
                NodePage.truncate(buf, mid);
            } else if (mid < n) {
                NodePage.append(rbuf, NodePage.copy(buf, mid, n));
                NodePage.truncate(buf, mid);
            } else {
                // An appending leaf split leaves the full node as it is: its bytes need no new image in the log.
                changed.remove(node);
            }
            ByteBuffer target = Arrays.compareUnsigned(key, separator) >= 0 ? rbuf : buf;
            NodePage.insert(target, NodePage.search(target, key, false), key, child);
            if (level == 0 && rootHeld) {
                Page newRoot = allocate(created, undo);
                changed.add(newRoot);
                NodePage.format(newRoot.buffer(), NodePage.INNER, node.pageNo());
                NodePage.insert(newRoot.buffer(), 0, separator, right.pageNo());
                setRoot(newRoot.pageNo());
                return;
            }
            if (level == 0) {
                throw ErrorCode.INTERNAL_ERROR.exception("split of index " + name + " reached a node not latched");
            }
            key = separator;
            child = right.pageNo();
        }
    }

    /** The first entry of the right half: the halves hold about the same bytes, and each at least one entry. */
    private static int splitPoint(ByteBuffer node) {
        int n = NodePage.count(node);
        boolean inner = !NodePage.isLeaf(node);
        int half = NodePage.liveBytes(node) / 2;
        int bytes = 0;
        for (int i = 0; i < n; i++) {
            bytes += NodePage.entrySize(NodePage.keyLength(node, i), inner);
            if (bytes >= half) {
                return Math.max(1, Math.min(i, n - 2));
            }
        }
        return n / 2;
    }

    private boolean removeMerging(byte[] entry) {
        boolean[] anchorHeld = new boolean[1];
        Deque<Held> path = descendExclusive(entry, false, anchorHeld);
        List<Held> levels = new ArrayList<>(path);
        Page[] siblings = new Page[levels.size()];
        try {
            Held leaf = path.peekLast();
            ByteBuffer buf = leaf.page.buffer();
            int slot = NodePage.find(buf, entry);
            if (slot < 0) {
                return false;
            }
            // Siblings a merge may need are latched before the structure monitor is taken: a writer holding a
            // sibling's latch may be waiting for the monitor.
            for (int level = 1; level < levels.size(); level++) {
                ByteBuffer parent = levels.get(level - 1).page.buffer();
                int i = levels.get(level - 1).child;
                int n = NodePage.count(parent);
                if (n > 0) {
                    siblings[level] = latchAndPin(NodePage.childAt(parent, i < n ? i + 1 : i - 1), true);
                }
            }
            synchronized (structure) {
                List<Page> changed = new ArrayList<>();
                PageUndo undo = new PageUndo();
                undo.save(meta);
                undo.save(leaf.page);
                try {
                    pool.markDirty(leaf.page);
                    NodePage.remove(buf, slot);
                    changed.add(leaf.page);
                    merge(levels, anchorHeld[0], siblings, changed, undo);
                    changed.add(meta);
                    logStructure(changed);
                } catch (RuntimeException | Error e) {
                    undoStructure(undo);
                    throw e;
                }
                entries.decrementAndGet();
            }
            return true;
        } finally {
            for (Page page : siblings) {
                if (page != null) {
                    release(page, true);
                }
            }
            releaseAll(path, anchorHeld[0]);
        }
    }

    /**
     * Merges the last node of {@code path} with a sibling while it is underfull, going up as merges empty parents;
     * collapses a root left with one child if {@code rootHeld}. {@code siblings[level]} is the latched sibling of the
     * node at that level of the path (the next child of its parent, or the previous one for the last child).
     */
    private void merge(List<Held> path, boolean rootHeld, Page[] siblings, List<Page> changed, PageUndo undo) {
        for (int level = path.size() - 1; level >= 0; level--) {
            Page node = path.get(level).page;
            ByteBuffer buf = node.buffer();
            if (level == 0) {
                if (rootHeld && !NodePage.isLeaf(buf) && NodePage.count(buf) == 0) {
                    undo.save(node);
                    setRoot(NodePage.leftmost(buf));
                    freePage(node);
                    if (!changed.contains(node)) {
                        changed.add(node);
                    }
                }
                return;
            }
            if (NodePage.liveBytes(buf) >= underflow) {
                return;
            }
            Held parentHeld = path.get(level - 1);
            Page parent = parentHeld.page;
            ByteBuffer pbuf = parent.buffer();
            int i = parentHeld.child;
            int n = NodePage.count(pbuf);
            if (n == 0) {
                return;
            }
            int s = i < n ? i + 1 : i - 1;
            Page sibling = siblings[level];
            Page left = s < i ? sibling : node;
            Page right = s < i ? node : sibling;
            int separatorSlot = Math.min(i, s);
            boolean inner = !NodePage.isLeaf(buf);
            byte[] separator = NodePage.key(pbuf, separatorSlot);
            int combined = NodePage.liveBytes(left.buffer()) + NodePage.liveBytes(right.buffer())
                + (inner ? NodePage.entrySize(separator.length, true) : 0);
            if (combined > capacity * 3 / 4) {
                return;
            }
            merges.increment();
            ByteBuffer lbuf = left.buffer();
            ByteBuffer rbuf = right.buffer();
            undo.save(left);
            undo.save(right);
            undo.save(parent);
            pool.markDirty(left);
            pool.markDirty(parent);
            if (inner) {
                NodePage.insert(lbuf, NodePage.count(lbuf), separator, NodePage.leftmost(rbuf));
            }
            NodePage.append(lbuf, NodePage.copy(rbuf, 0, NodePage.count(rbuf)));
            NodePage.remove(pbuf, separatorSlot);
            freePage(right);
            for (Page page : List.of(left, right, parent)) {
                if (!changed.contains(page)) {
                    changed.add(page);
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // The meta page: root, extent, free pages. Changed only under the structure monitor.

    private void setRoot(long pageNo) {
        meta.buffer().putLong(META_ROOT, pageNo);
        root = pageNo;
    }

    /**
     * A page for a new node: a free one, or one past the file's extent; pinned, saved in {@code undo}, its contents
     * to be formatted. The meta page is saved by the caller.
     */
    private Page allocate(List<Page> created, PageUndo undo) {
        ByteBuffer m = meta.buffer();
        pool.markDirty(meta);
        long free = m.getLong(META_FREE);
        Page page;
        if (free != 0) {
            page = pool.pin(file, free);
            if (NodePage.type(page.buffer()) != NodePage.FREE) {
                pool.unpin(page);
                throw ErrorCode.DATA_CORRUPTED.exception(free, file.name(), "the free list of index " + name
                    + " names a page in use");
            }
            m.putLong(META_FREE, NodePage.leftmost(page.buffer()));
        } else {
            long pageNo = m.getLong(META_EXTENT);
            m.putLong(META_EXTENT, pageNo + 1);
            page = pool.pinOrCreate(file, pageNo);
        }
        created.add(page);
        undo.save(page);
        pool.markDirty(page);
        return page;
    }

    /** Puts a page no node refers to any more at the head of the free list; the caller logs its image. */
    private void freePage(Page page) {
        ByteBuffer m = meta.buffer();
        pool.markDirty(meta);
        pool.markDirty(page);
        NodePage.format(page.buffer(), NodePage.FREE, m.getLong(META_FREE));
        PageHeader.setUsed(page.buffer(), NodePage.SLOTS);
        m.putLong(META_FREE, page.pageNo());
    }

    private void logStructure(List<Page> changed) {
        for (Page page : changed) {
            pool.markDirty(page);
        }
        if (log != RedoLog.NONE) {
            BTreeLog.logImages(log, streamId, changed);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Scans

    @Override
    public IndexCursor scan(KeyRange range, boolean descending) {
        scans.increment();
        return new BTreeCursor(this, range, descending);
    }

    /** A batch of entries read from one leaf, and where the scan goes on: after {@code next}, or nowhere. */
    record Batch(List<byte[]> entries, byte[] next, boolean nextInclusive, boolean done) {
    }

    /**
     * Reads the entries of one leaf in {@code range}, starting at {@code from} ({@code inclusive} or after it; null:
     * the range's own start), in ascending or descending order.
     */
    Batch read(KeyRange range, byte[] from, boolean inclusive, boolean descending) {
        byte[][] fences = new byte[2][];
        List<byte[]> out = new ArrayList<>();
        Page leaf = descend(from, descending ? inclusive : true, false, fences);
        try {
            ByteBuffer buf = leaf.buffer();
            int n = NodePage.count(buf);
            if (!descending) {
                byte[] start = from == null ? new byte[0] : from;
                for (int i = NodePage.search(buf, start, !inclusive); i < n; i++) {
                    byte[] e = NodePage.key(buf, i);
                    if (range.end() != null && Arrays.compareUnsigned(e, range.end()) >= 0) {
                        return new Batch(out, null, false, true);
                    }
                    out.add(e);
                }
                byte[] above = fences[1];
                if (above == null || (range.end() != null && Arrays.compareUnsigned(above, range.end()) >= 0)) {
                    return new Batch(out, null, false, true);
                }
                return new Batch(out, above, true, false);
            }
            int last = from == null ? n - 1 : NodePage.search(buf, from, inclusive) - 1;
            for (int i = last; i >= 0; i--) {
                byte[] e = NodePage.key(buf, i);
                if (range.start() != null && Arrays.compareUnsigned(e, range.start()) < 0) {
                    return new Batch(out, null, false, true);
                }
                out.add(e);
            }
            byte[] below = fences[0];
            if (below == null || (range.start() != null && Arrays.compareUnsigned(below, range.start()) <= 0)) {
                return new Batch(out, null, false, true);
            }
            return new Batch(out, below, false, false);
        } finally {
            release(leaf, false);
        }
    }

    void countReturned() {
        returned.increment();
    }

    // ---------------------------------------------------------------------------------------------------------
    // Housekeeping

    /**
     * Writes the tree's dirty pages, each under its shared latch so that no change is half in the image; a
     * checkpoint calls it before the pool's flush, which skips pinned pages.
     */
    public void flush() {
        for (long pageNo : pool.dirtyPages(file)) {
            if (pageNo == META) {
                synchronized (structure) {
                    pool.writeIfDirty(meta);
                }
                continue;
            }
            Page page = pool.pinCached(file, pageNo);
            if (page != null) {
                lock(page, false);
                try {
                    pool.writeIfDirty(page);
                } finally {
                    release(page, false);
                }
            }
        }
    }

    /** Counters of the tree's structure: splits and merges since it was opened. */
    public long splits() {
        return splits.sum();
    }

    public long merges() {
        return merges.sum();
    }

    @Override
    public IndexStatistics statistics() {
        return new IndexStatistics(entries.get(), scans.sum(), returned.sum());
    }

    /**
     * Checks the tree's invariants (every node formatted, keys ascending and within the range their parent gives
     * them, every leaf at the same depth) and returns the number of entries. Reads without latches: call it only
     * while no change runs.
     */
    long verify() {
        int[] leafDepth = {-1};
        return verify(root, null, null, 0, leafDepth);
    }

    private long verify(long pageNo, byte[] low, byte[] high, int depth, int[] leafDepth) {
        Page page = pool.pin(file, pageNo);
        try {
            ByteBuffer buf = page.buffer();
            if (!NodePage.isNode(buf)) {
                throw ErrorCode.DATA_CORRUPTED.exception(pageNo, file.name(), "it is not a node of index " + name);
            }
            int n = NodePage.count(buf);
            byte[] previous = low;
            for (int i = 0; i < n; i++) {
                byte[] key = NodePage.key(buf, i);
                if ((previous != null && Arrays.compareUnsigned(previous, key) > (i == 0 ? 0 : -1))
                    || (high != null && Arrays.compareUnsigned(key, high) >= 0)) {
                    throw ErrorCode.DATA_CORRUPTED.exception(pageNo, file.name(), "key " + i + " is out of order");
                }
                previous = key;
            }
            if (NodePage.isLeaf(buf)) {
                if (leafDepth[0] >= 0 && leafDepth[0] != depth) {
                    throw ErrorCode.DATA_CORRUPTED.exception(pageNo, file.name(), "leaves at depths " + depth
                        + " and " + leafDepth[0]);
                }
                leafDepth[0] = depth;
                return n;
            }
            long total = 0;
            for (int i = 0; i <= n; i++) {
                total += verify(NodePage.childAt(buf, i), i == 0 ? low : NodePage.key(buf, i - 1),
                    i == n ? high : NodePage.key(buf, i), depth + 1, leafDepth);
            }
            return total;
        } finally {
            pool.unpin(page);
        }
    }

    long extentForTest() {
        synchronized (structure) {
            return meta.buffer().getLong(META_EXTENT);
        }
    }

    /** Releases the tree's meta page; a second close does nothing. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            pool.unpin(meta);
        }
    }
}
