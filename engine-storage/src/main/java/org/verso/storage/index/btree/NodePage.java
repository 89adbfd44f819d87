package org.verso.storage.index.btree;

import java.nio.ByteBuffer;
import org.verso.storage.page.PageHeader;

/**
 * The layout of a B+tree node in a page: a slotted page whose entries are kept in key order.
 *
 * <pre>
 * offset  size  field
 *  0      32    {@link PageHeader}; its item count is the number of entries, its used bytes the offset where entry
 *               data starts (entries fill the page from its end towards the slot array)
 * 32      1     node type: 0 not a node (a page never formatted, or one being rebuilt), 1 leaf, 2 inner (3 marks
 *               the tree's meta page, laid out differently; 4 a free page)
 * 33      7     reserved, 0
 * 40      8     inner node: the leftmost child's page number
 * 48      2*n   slot array: the offset of each entry, in key order
 * ...           free space
 * used    -     entries: [u16 length][length bytes of key][inner node: u64 child page number]
 * </pre>
 *
 * A leaf entry's key is the index key followed by the 8-byte reference, so every entry of a leaf is distinct and
 * the entries of one index key are adjacent. An inner node with n keys has n + 1 children: the leftmost holds the
 * entries below key 0, the child of key i those from key i up to key i + 1. Keys compare as unsigned bytes.
 *
 * <p>Removing an entry leaves its bytes behind as garbage until an insert needs the room and the page is compacted;
 * so a page's bytes, and thus its redo, depend only on the sequence of changes made to it.
 *
 * <p>Not thread safe: the caller holds the node's latch.
 */
final class NodePage {
    static final byte UNFORMATTED = 0;
    static final byte LEAF = 1;
    static final byte INNER = 2;
    /** The tree's meta page, which is not a node (see {@link BTree}). */
    static final byte META = 3;
    /** A page on the tree's free list: its leftmost-child field names the next free page. */
    static final byte FREE = 4;

    static final int TYPE = PageHeader.SIZE;
    static final int LEFTMOST = 40;
    static final int SLOTS = 48;
    private static final int SLOT = 2;
    private static final int LENGTH = 2;
    static final int CHILD = 8;

    private NodePage() {
    }

    /** Formats {@code page} (already carrying a page header) as an empty node of {@code type}. */
    static void format(ByteBuffer page, byte type, long leftmostChild) {
        for (int i = TYPE; i < page.capacity(); i += 8) {
            page.putLong(i, 0L);
        }
        page.put(TYPE, type);
        page.putLong(LEFTMOST, leftmostChild);
        PageHeader.setItemCount(page, 0);
        PageHeader.setUsed(page, page.capacity());
    }

    static byte type(ByteBuffer page) {
        return page.get(TYPE);
    }

    static boolean isNode(ByteBuffer page) {
        byte type = type(page);
        return type == LEAF || type == INNER;
    }

    static boolean isLeaf(ByteBuffer page) {
        return type(page) == LEAF;
    }

    static int count(ByteBuffer page) {
        return PageHeader.itemCount(page);
    }

    static long leftmost(ByteBuffer page) {
        return page.getLong(LEFTMOST);
    }

    static void setLeftmost(ByteBuffer page, long child) {
        page.putLong(LEFTMOST, child);
    }

    private static int offset(ByteBuffer page, int slot) {
        return page.getShort(SLOTS + slot * SLOT) & 0xFFFF;
    }

    /** The key of entry {@code slot}. */
    static byte[] key(ByteBuffer page, int slot) {
        int at = offset(page, slot);
        byte[] key = new byte[page.getShort(at) & 0xFFFF];
        page.get(at + LENGTH, key);
        return key;
    }

    static int keyLength(ByteBuffer page, int slot) {
        return page.getShort(offset(page, slot)) & 0xFFFF;
    }

    /** The child page to the right of key {@code slot} of an inner node. */
    static long child(ByteBuffer page, int slot) {
        int at = offset(page, slot);
        return page.getLong(at + LENGTH + (page.getShort(at) & 0xFFFF));
    }

    /** Child {@code i} of an inner node, 0 being the leftmost. */
    static long childAt(ByteBuffer page, int i) {
        return i == 0 ? leftmost(page) : child(page, i - 1);
    }

    /** Compares entry {@code slot}'s key with {@code key} as unsigned bytes. */
    static int compare(ByteBuffer page, int slot, byte[] key) {
        int at = offset(page, slot);
        int length = page.getShort(at) & 0xFFFF;
        int common = Math.min(length, key.length);
        for (int i = 0; i < common; i++) {
            int c = Integer.compare(page.get(at + LENGTH + i) & 0xFF, key[i] & 0xFF);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(length, key.length);
    }

    /**
     * The first slot whose key is greater than {@code key} ({@code strict}) or at least {@code key}; the entry count
     * if there is none.
     */
    static int search(ByteBuffer page, byte[] key, boolean strict) {
        int low = 0;
        int high = count(page);
        while (low < high) {
            int mid = (low + high) >>> 1;
            int c = compare(page, mid, key);
            if (c < 0 || (strict && c == 0)) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** The slot holding exactly {@code key}, or -1. */
    static int find(ByteBuffer page, byte[] key) {
        int slot = search(page, key, false);
        return slot < count(page) && compare(page, slot, key) == 0 ? slot : -1;
    }

    /** The index of the child of an inner node whose range holds {@code key}. */
    static int route(ByteBuffer page, byte[] key) {
        return search(page, key, true);
    }

    /** The bytes an entry with a key of {@code keyLength} takes, its slot included. */
    static int entrySize(int keyLength, boolean inner) {
        return SLOT + LENGTH + keyLength + (inner ? CHILD : 0);
    }

    /** Contiguous free bytes between the slot array and the entry data. */
    static int contiguousFree(ByteBuffer page) {
        return PageHeader.used(page) - (SLOTS + count(page) * SLOT);
    }

    /** The bytes the live entries take, slots included. */
    static int liveBytes(ByteBuffer page) {
        boolean inner = type(page) == INNER;
        int n = count(page);
        int bytes = 0;
        for (int i = 0; i < n; i++) {
            bytes += entrySize(keyLength(page, i), inner);
        }
        return bytes;
    }

    /**
     * Whether {@code size} bytes fit: at once where the free bytes are contiguous, otherwise after counting the live
     * entries (a compaction will make the room).
     */
    static boolean fits(ByteBuffer page, int size) {
        return contiguousFree(page) >= size || free(page) >= size;
    }

    /** Free bytes once garbage is compacted away. */
    static int free(ByteBuffer page) {
        return page.capacity() - SLOTS - liveBytes(page);
    }

    /**
     * Inserts an entry at {@code slot}; the caller has checked that it {@link #fits}. Compacts
     * the page first if the free bytes are not contiguous.
     */
    static void insert(ByteBuffer page, int slot, byte[] key, long child) {
        boolean inner = type(page) == INNER;
        int size = entrySize(key.length, inner);
        if (contiguousFree(page) < size) {
            compact(page);
        }
        int n = count(page);
        int at = PageHeader.used(page) - (size - SLOT);
        page.putShort(at, (short) key.length);
        page.put(at + LENGTH, key);
        if (inner) {
            page.putLong(at + LENGTH + key.length, child);
        }
        for (int i = n; i > slot; i--) {
            page.putShort(SLOTS + i * SLOT, page.getShort(SLOTS + (i - 1) * SLOT));
        }
        page.putShort(SLOTS + slot * SLOT, (short) at);
        PageHeader.setItemCount(page, n + 1);
        PageHeader.setUsed(page, at);
    }

    /** Removes entry {@code slot}; its bytes become garbage. */
    static void remove(ByteBuffer page, int slot) {
        int n = count(page);
        for (int i = slot; i < n - 1; i++) {
            page.putShort(SLOTS + i * SLOT, page.getShort(SLOTS + (i + 1) * SLOT));
        }
        page.putShort(SLOTS + (n - 1) * SLOT, (short) 0);
        PageHeader.setItemCount(page, n - 1);
    }

    /** Rewrites the entries contiguously at the page's end, dropping garbage. */
    static void compact(ByteBuffer page) {
        int n = count(page);
        byte[][] keys = new byte[n][];
        long[] children = new long[n];
        boolean inner = type(page) == INNER;
        for (int i = 0; i < n; i++) {
            keys[i] = key(page, i);
            children[i] = inner ? child(page, i) : 0;
        }
        int end = page.capacity();
        for (int i = SLOTS; i < end; i++) {
            page.put(i, (byte) 0);
        }
        PageHeader.setItemCount(page, 0);
        PageHeader.setUsed(page, end);
        for (int i = 0; i < n; i++) {
            insert(page, i, keys[i], children[i]);
        }
    }

    /** The entries {@code [from, to)} as keys and (inner nodes) children, for moving them to another node. */
    static Entries copy(ByteBuffer page, int from, int to) {
        boolean inner = type(page) == INNER;
        byte[][] keys = new byte[to - from][];
        long[] children = new long[to - from];
        for (int i = from; i < to; i++) {
            keys[i - from] = key(page, i);
            children[i - from] = inner ? child(page, i) : 0;
        }
        return new Entries(keys, children);
    }

    /** Appends {@code entries} after the node's last entry; they sort after it. */
    static void append(ByteBuffer page, Entries entries) {
        for (int i = 0; i < entries.keys.length; i++) {
            insert(page, count(page), entries.keys[i], entries.children[i]);
        }
    }

    /** Removes the entries from {@code from} on. */
    static void truncate(ByteBuffer page, int from) {
        int n = count(page);
        for (int i = from; i < n; i++) {
            page.putShort(SLOTS + i * SLOT, (short) 0);
        }
        PageHeader.setItemCount(page, from);
        compact(page);
    }

    /** Where the slot array ends: the page's image is its bytes before this offset and from {@code used} on. */
    static int slotsEnd(ByteBuffer page) {
        return SLOTS + count(page) * SLOT;
    }

    /** A run of entries taken out of a node. */
    record Entries(byte[][] keys, long[] children) {
    }
}
