package org.verso.storage.page;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A pinned page: the handle the {@link BufferPool} gives out for one of its frames. There is one handle per frame,
 * reused for every page the frame holds, so pinning allocates nothing. A handle is valid only while pinned.
 *
 * <p>The handle also carries its frame's state, so that pinning one frame touches no memory shared with other
 * frames: the state word (pin count, plus a flag while one thread has the frame to itself: loading, writing or
 * evicting it), the key of the page it holds, and the dirty, referenced and discarded marks.
 *
 * <p>It carries, too, the content latch of the page it holds ({@link #latch}), for an access method that latches
 * its pages, as PostgreSQL's buffer descriptors carry theirs: a latch is taken only on a pinned page and released
 * before the pin, so it is free whenever the frame passes to another page, and finding it costs no lookup.
 */
public final class Page {
    /** Set in the state word while one thread has the frame to itself; no pin is taken then. */
    static final int EXCLUSIVE = 1 << 30;
    /** The key of a frame that holds no page, or one that was discarded. */
    static final long NO_KEY = -1L;

    private static final VarHandle STATE;
    private static final VarHandle LATCH;
    private static final VarHandle IDENTITY;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Page.class, "state", int.class);
            IDENTITY = MethodHandles.lookup().findVarHandle(Page.class, "identity", int.class);
            LATCH = MethodHandles.lookup().findVarHandle(Page.class, "latch", ReentrantReadWriteLock.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int frame;
    final ByteBuffer buffer;
    PageFile file;
    long pageNo;

    private volatile int state;
    // Counts the changes of the page the frame holds: a reader that did not pin the frame checks it has not moved.
    private volatile int identity;
    private volatile long key = NO_KEY;
    volatile boolean dirty;
    volatile boolean discarded;
    // Set on every hit, cleared by the clock hand; a lost update only costs a page one more sweep.
    boolean referenced;
    // Made on first use: most frames of a pool never hold a latched page.
    private volatile ReentrantReadWriteLock latch;

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

    /**
     * The content latch of the page: shared to read it, exclusive to change it. Take it only while the page is
     * pinned, and release it before unpinning.
     */
    public ReentrantReadWriteLock latch() {
        ReentrantReadWriteLock existing = latch;
        if (existing != null) {
            return existing;
        }
        ReentrantReadWriteLock made = new ReentrantReadWriteLock();
        ReentrantReadWriteLock won = (ReentrantReadWriteLock) LATCH.compareAndExchange(this, null, made);
        return won == null ? made : won;
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

    long key() {
        return key;
    }

    /**
     * Gives the frame to page {@code next} (or to none): counts the change first, with an atomic update, so that the
     * frame's bytes change only after a reader that did not pin it can see that they may have (see
     * {@link BufferPool#readIfCached}).
     */
    void setKey(long next) {
        IDENTITY.getAndAdd(this, 1);
        key = next;
    }

    int identity() {
        return identity;
    }
}
