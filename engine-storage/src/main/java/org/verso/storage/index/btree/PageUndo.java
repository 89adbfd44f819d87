package org.verso.storage.index.btree;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.verso.storage.page.Page;

/**
 * The bytes of the pages a tree change is about to modify, copied before it modifies them, so that a change whose
 * log record cannot be appended (a full log buffer on a full disk) is taken back whole. A page must never hold a
 * change the log does not have: the caller is told the change failed, so the page would disagree with what the
 * caller and the log both believe, and a later logged change to it could not be redone. A structure change modifies
 * its pages before it can log their images; it is rare enough that copying them first costs nothing that matters.
 */
final class PageUndo {
    private final List<Page> pages = new ArrayList<>(4);
    private final List<byte[]> copies = new ArrayList<>(4);

    /** Copies {@code page}'s bytes, unless they were already copied; call before the first change to it. */
    void save(Page page) {
        for (Page saved : pages) {
            if (saved == page) {
                return;
            }
        }
        ByteBuffer buf = page.buffer();
        byte[] copy = new byte[buf.capacity()];
        buf.get(0, copy);
        pages.add(page);
        copies.add(copy);
    }

    /** Puts every saved page back as it was when it was saved. */
    void restore() {
        for (int i = 0; i < pages.size(); i++) {
            pages.get(i).buffer().put(0, copies.get(i));
        }
    }
}
