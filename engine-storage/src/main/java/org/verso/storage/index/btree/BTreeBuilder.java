package org.verso.storage.index.btree;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.verso.common.ErrorCode;
import org.verso.storage.page.BufferPool;
import org.verso.storage.page.Page;
import org.verso.storage.page.PageFile;
import org.verso.storage.wal.RedoLog;

/**
 * Builds the nodes of an empty B+tree bottom up from entries in ascending order, as building an index from a table's
 * rows gives them once sorted: leaves are filled left to right to {@link #FILL_PERCENT} of a page (the room left
 * takes later inserts without a split at once), then each level of inner nodes from the first entries of the level
 * below, until one node is left, the root. Pages are allocated in order from the tree's extent, so the leaves lie
 * in key order in the file.
 *
 * <p>Each page is logged once, as its image, in records of up to {@link #IMAGES_PER_RECORD} pages: a build writes
 * about as many log bytes as the tree has, where entering the entries one by one logs every entry with a record of
 * its own and every split's pages besides. A crash in the middle of a build leaves a tree its owner has not marked
 * complete, which is built again at open.
 *
 * <p>Not thread safe: the tree holds its root latch exclusively and its structure lock while it runs, and each page
 * is latched exclusively from when it is formatted until it is logged.
 */
final class BTreeBuilder {
    /** How full a built node is, in percent of its entry bytes; PostgreSQL's B-tree builds leave the same room. */
    static final int FILL_PERCENT = 90;
    static final int IMAGES_PER_RECORD = 16;

    private final String name;
    private final PageFile file;
    private final BufferPool pool;
    private final RedoLog log;
    private final long streamId;
    private final int fillBytes;
    // Pages pinned: those being filled and those finished but not yet logged.
    private final List<Page> pinned = new ArrayList<>();
    private final List<Page> built = new ArrayList<>();
    private long extent;

    /** A node built and the first entry of its subtree, which its parent holds as the node's separator. */
    private record Node(byte[] first, long pageNo) {
    }

    /** The built tree's root, its file's new extent and its number of entries. */
    record Result(long root, long extent, long entries) {
    }

    BTreeBuilder(String name, PageFile file, BufferPool pool, RedoLog log, long streamId) {
        this.name = name;
        this.file = file;
        this.pool = pool;
        this.log = log;
        this.streamId = streamId;
        this.fillBytes = (file.pageSize() - NodePage.SLOTS) * FILL_PERCENT / 100;
    }

    /**
     * Builds the tree from {@code sorted} (entries ascending, a repeated entry held once, each no larger than
     * {@link BTree#entry} allows), its first leaf in page {@code firstLeaf} (the empty root) and new nodes from page
     * {@code extent} on.
     */
    Result build(Iterator<byte[]> sorted, long firstLeaf, long extent) {
        this.extent = extent;
        try {
            List<Node> level = new ArrayList<>();
            long count = 0;
            Page leaf = node(firstLeaf, NodePage.LEAF, 0);
            byte[] first = null;
            byte[] previous = null;
            int used = 0;
            while (sorted.hasNext()) {
                byte[] entry = sorted.next();
                if (previous != null) {
                    int order = Arrays.compareUnsigned(previous, entry);
                    if (order == 0) {
                        continue;
                    }
                    if (order > 0) {
                        throw ErrorCode.INTERNAL_ERROR.exception("entries for index " + name + " out of order");
                    }
                }
                int size = NodePage.entrySize(entry.length, false);
                if (first != null && used + size > fillBytes) {
                    level.add(finish(leaf, first));
                    leaf = node(this.extent++, NodePage.LEAF, 0);
                    first = null;
                    used = 0;
                }
                ByteBuffer buf = leaf.buffer();
                NodePage.insert(buf, NodePage.count(buf), entry, 0);
                used += size;
                first = first == null ? entry : first;
                previous = entry;
                count++;
            }
            level.add(finish(leaf, first));
            while (level.size() > 1) {
                level = parents(level);
            }
            logBuilt();
            return new Result(level.get(0).pageNo(), this.extent, count);
        } finally {
            for (Page page : pinned) {
                page.latch().writeLock().unlock();
                pool.unpin(page);
            }
            pinned.clear();
        }
    }

    /** The inner nodes over {@code children}, each holding the separators of as many as fit in its fill. */
    private List<Node> parents(List<Node> children) {
        List<Node> parents = new ArrayList<>();
        Node leftmost = children.get(0);
        Page node = node(extent++, NodePage.INNER, leftmost.pageNo());
        byte[] first = leftmost.first();
        int used = 0;
        for (Node child : children.subList(1, children.size())) {
            int size = NodePage.entrySize(child.first().length, true);
            if (used > 0 && used + size > fillBytes) {
                parents.add(finish(node, first));
                node = node(extent++, NodePage.INNER, child.pageNo());
                first = child.first();
                used = 0;
                continue;
            }
            ByteBuffer buf = node.buffer();
            NodePage.insert(buf, NodePage.count(buf), child.first(), child.pageNo());
            used += size;
        }
        parents.add(finish(node, first));
        return parents;
    }

    /**
     * Page {@code pageNo}, pinned, latched exclusively and formatted as an empty node of {@code type}. The latch is
     * held until the page is logged: the tree's flush writes its pages under their shared latch, and a page written
     * while it is being filled would reach the disk torn, its last changes marked clean.
     */
    private Page node(long pageNo, byte type, long leftmostChild) {
        Page page = pool.pinOrCreate(file, pageNo);
        page.latch().writeLock().lock();
        pinned.add(page);
        NodePage.format(page.buffer(), type, leftmostChild);
        pool.markDirty(page);
        return page;
    }

    /** Ends a node: it goes to the log with the nodes built before it once there are enough for one record. */
    private Node finish(Page page, byte[] first) {
        built.add(page);
        Node node = new Node(first, page.pageNo());
        if (built.size() == IMAGES_PER_RECORD) {
            logBuilt();
        }
        return node;
    }

    private void logBuilt() {
        if (built.isEmpty()) {
            return;
        }
        if (log != RedoLog.NONE) {
            BTreeLog.logImages(log, streamId, built);
        }
        for (Page page : built) {
            pinned.remove(page);
            page.latch().writeLock().unlock();
            pool.unpin(page);
        }
        built.clear();
    }
}
