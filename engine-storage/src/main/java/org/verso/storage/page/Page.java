package org.verso.storage.page;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * A pinned page: the handle the {@link BufferPool} gives out for one of its frames. There is one handle per frame,
 * reused for every page the frame holds, so pinning allocates nothing. A handle is valid only while pinned.
 *
 * <p>The handle also carries its frame's state, so that pinning one frame touches no memory shared with other
 * frames: the state word (pin count, plus a flag while one thread has the frame to itself: loading, writing or
 * evicting it), the key of the page it holds, and the dirty, referenced and discarded marks.
 */
public final class Page {
    /** Set in the state word while one thread has the frame to itself; no pin is taken then. */
    static final int EXCLUSIVE = 1 << 30;
    /** The key of a frame that holds no page, or one that was discarded. */
    static final long NO_KEY = -1L;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Page.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int frame;
    final ByteBuffer buffer;
    PageFile file;
    long pageNo;

    private volatile int state;
    volatile long key = NO_KEY;
    volatile boolean dirty;
    volatile boolean discarded;
    // Set on every hit, cleared by the clock hand; a lost update only costs a page one more sweep.
    boolean referenced;

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

    int state() {
        return state;
    }

    boolean casState(int expected, int next) {
        return STATE.compareAndSet(this, expected, next);
    }

    int addState(int delta) {
        return (int) STATE.getAndAdd(this, delta) + delta;
    }

    void setState(int next) {
        state = next;
    }
}
