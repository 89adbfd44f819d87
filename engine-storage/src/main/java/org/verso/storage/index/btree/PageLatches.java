package org.verso.storage.index.btree;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * One reader-writer latch per page of a B+tree, created on first use. A page's latch is held shared to read the
 * node and exclusively to change it; the tree takes latches top-down only (parent before child, a child's siblings
 * only under their parent's exclusive latch), which keeps latching free of deadlocks.
 *
 * <p>Thread safety: thread safe.
 */
final class PageLatches {
    private final ConcurrentHashMap<Long, ReentrantReadWriteLock> latches = new ConcurrentHashMap<>();

    ReentrantReadWriteLock of(long pageNo) {
        // A plain read first: computeIfAbsent locks the key's bin even when the latch exists, which every descent
        // would otherwise do at every level.
        ReentrantReadWriteLock latch = latches.get(pageNo);
        return latch != null ? latch : latches.computeIfAbsent(pageNo, p -> new ReentrantReadWriteLock());
    }

    void lock(long pageNo, boolean exclusive) {
        ReentrantReadWriteLock latch = of(pageNo);
        if (exclusive) {
            latch.writeLock().lock();
        } else {
            latch.readLock().lock();
        }
    }

    void unlock(long pageNo, boolean exclusive) {
        ReentrantReadWriteLock latch = of(pageNo);
        if (exclusive) {
            latch.writeLock().unlock();
        } else {
            latch.readLock().unlock();
        }
    }
}
