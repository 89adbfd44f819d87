package org.verso.sql.api;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one timer thread of all statement timeouts in the JVM. It is a daemon, so it never keeps the JVM alive, and
 * a timeout that is finished before it fires is removed at once, so finished statements leave nothing behind.
 */
final class StatementTimer {
    private static final ScheduledThreadPoolExecutor TIMER = create();

    private StatementTimer() {
    }

    private static ScheduledThreadPoolExecutor create() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "verso-statement-timeout");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    static ScheduledFuture<?> schedule(Runnable action, Duration delay) {
        return TIMER.schedule(action, Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
    }
}
