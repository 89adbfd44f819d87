package org.verso.storage.page;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Reads pages into a {@link BufferPool} ahead of a reader that announced it will pin them (a scan in page order),
 * so that the reads overlap the reader's work instead of stalling it page by page. One daemon thread per pool,
 * started by the first request, serves a short queue; a request that finds the queue full is dropped, and a page
 * that cannot be read ends its request: read-ahead is a hint, and the reader's own pin reads the page, and reports
 * its error, as without it. The thread ends after a second without requests. It is never interrupted (an
 * interrupt would close the file channel it reads for everyone); {@link #stop} asks it to end and waits.
 */
final class ReadAhead {
    private static final int QUEUED_REQUESTS = 16;
    private static final long POLL_MILLIS = 100;
    private static final int IDLE_POLLS = 10;

    /** Loads one page into the pool unless it is there; returns whether it read the page. */
    @FunctionalInterface
    interface PageLoader {
        boolean load(PageFile file, long pageNo);
    }

    private record Request(PageFile file, long[] pages, LongSupplier readerAt) {
    }

    private final PageLoader loader;
    private final ArrayBlockingQueue<Request> requests = new ArrayBlockingQueue<>(QUEUED_REQUESTS);
    private final LongAdder pagesRead = new LongAdder();
    private volatile boolean stopped;
    private Thread thread;

    ReadAhead(PageLoader loader) {
        this.loader = loader;
    }

    /**
     * Asks for {@code pages} of {@code file} (ascending) to be read, in that order; returns at once. {@code readerAt}
     * is the page the reader has reached: pages up to it are skipped, since the reader has read them itself.
     */
    void request(PageFile file, long[] pages, LongSupplier readerAt) {
        if (stopped) {
            return;
        }
        // Queued before the thread is checked: a thread that is ending sees the request, or is replaced.
        requests.offer(new Request(file, pages, readerAt));
        start();
    }

    /** Pages read ahead so far. */
    long pagesRead() {
        return pagesRead.sum();
    }

    private synchronized void start() {
        if (thread == null && !stopped) {
            thread = new Thread(this::serve, "verso-read-ahead");
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Whether the idle thread may end: no request is queued. The next request starts another thread. */
    private synchronized boolean endIfIdle() {
        if (requests.isEmpty()) {
            thread = null;
            return true;
        }
        return false;
    }

    /** Ends the thread, after the page it is reading; later requests are ignored. */
    void stop() {
        Thread t;
        synchronized (this) {
            stopped = true;
            t = thread;
        }
        requests.clear();
        if (t != null) {
            try {
                t.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void serve() {
        int idle = 0;
        while (!stopped) {
            Request request;
            try {
                request = requests.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                endIfIdle();
                return;
            }
            if (request == null) {
                if (++idle >= IDLE_POLLS && endIfIdle()) {
                    return; // a database that is never closed (a crashed process in a test) keeps no thread
                }
                continue;
            }
            idle = 0;
            for (long pageNo : request.pages) {
                if (stopped) {
                    return;
                }
                if (pageNo <= request.readerAt.getAsLong()) {
                    continue; // the reader got there first
                }
                try {
                    if (loader.load(request.file, pageNo)) {
                        pagesRead.increment();
                    }
                } catch (RuntimeException e) {
                    break; // the reader's own pin meets the same error, and reports it
                }
            }
        }
    }
}
