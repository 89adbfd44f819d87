package org.verso.sql.parse;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Readies the SQL front end on a background thread while the first database of the JVM opens. The parser's class
 * and Calcite's operator table take about a quarter of a second to load and initialise, and opening a database
 * takes about as long and never touches them, so on a machine with a second core the first statement finds them
 * ready. The opening thread {@linkplain #await waits} for the warm-up before it runs any SQL itself, so the two
 * threads never initialise the same classes at once.
 */
public final class ParserWarmup {
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final ParserWarmup DONE = new ParserWarmup(null);

    /** Statements of the forms applications send first, parsed and thrown away. */
    private static final String[] STATEMENTS = {
        "CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10) NOT NULL DEFAULT 'x')",
        "SELECT v, COUNT(*) FROM t WHERE id = ? AND v <> 'a' GROUP BY v ORDER BY v LIMIT 10",
        "INSERT INTO t (id, v) VALUES (?, ?)", "UPDATE t SET v = v || 'b' WHERE id = 1", "DELETE FROM t WHERE id = 2"};

    private final Thread thread;

    private ParserWarmup(Thread thread) {
        this.thread = thread;
    }

    /** Starts the warm-up if this JVM has not; the handle to {@link #await} either way. */
    public static ParserWarmup start() {
        if (!STARTED.compareAndSet(false, true)) {
            return DONE;
        }
        Thread thread = new Thread(ParserWarmup::parseAll, "verso-parser-warmup");
        thread.setDaemon(true);
        thread.start();
        return new ParserWarmup(thread);
    }

    private static void parseAll() {
        for (String sql : STATEMENTS) {
            SqlParsing.parse(sql);
        }
    }

    /** Returns when the warm-up has finished; an interrupt ends the wait early and stays set. */
    public void await() {
        if (thread == null) {
            return;
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
