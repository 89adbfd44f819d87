package org.verso.storage.page;

import java.nio.ByteBuffer;

/**
 * A pinned page: the handle the {@link BufferPool} gives out for one of its frames. There is one handle per frame,
 * reused for every page the frame holds, so pinning allocates nothing. A handle is valid only while pinned.
 */
public final class Page {
    final int frame;
    final ByteBuffer buffer;
    PageFile file;
    long pageNo;

    Page(int frame, ByteBuffer buffer) {
        this.frame = frame;
        this.buffer = buffer;
    }

    /** The page's bytes: a slice of the pool's direct memory, {@code pageSize} long, position-independent. */
    public ByteBuffer buffer() {
        return buffer;
    }

    public long pageNo() {
        return pageNo;
    }

    public PageFile file() {
        return file;
    }
}
