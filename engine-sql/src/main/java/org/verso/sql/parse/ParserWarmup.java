package org.verso.sql.parse;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Readies the SQL front end on a background thread while the first database of the JVM opens. The parser's class
 * and Calcite's operator table take about a quarter of a second to load and initialise, and opening a database
 * takes about as long and never touches them, so on a machine with a second core the first statement finds them
 * ready. Every thread that opens a database {@linkplain #await waits} for the warm-up before it runs any SQL
 * itself, so no thread initialises those classes while the warm-up does.
 */
public final class ParserWarmup {
    /** The JVM's one warm-up thread, once a database has opened. */
    private static final AtomicReference<Thread> WARMUP = new AtomicReference<>();

    /** Statements of the forms applications send first, parsed and thrown away (ParserWarmupTest parses them). */
    static final List<String> STATEMENTS = List.of(
        "CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10) NOT NULL DEFAULT 'x')",
        "SELECT v, COUNT(*) FROM t WHERE id = ? AND v <> 'a' GROUP BY v ORDER BY v LIMIT 10",
        "INSERT INTO t (id, v) VALUES (?, ?)", "UPDATE t SET v = v || 'b' WHERE id = 1", "DELETE FROM t WHERE id = 2");

    private final Thread thread;

    private ParserWarmup(Thread thread) {
        this.thread = thread;
    }

    /** Starts the warm-up if this JVM has not; the handle to {@link #await} it either way. */
    public static ParserWarmup start() {
        Thread started = WARMUP.get();
        if (started != null) {
            return new ParserWarmup(started);
        }
        Thread thread = new Thread(ParserWarmup::parseAll, "verso-parser-warmup");
        thread.setDaemon(true);
        if (WARMUP.compareAndSet(null, thread)) {
            thread.start();
            return new ParserWarmup(thread);
        }
        return new ParserWarmup(WARMUP.get());
    }

    private static void parseAll() {
        try {
            STATEMENTS.forEach(SqlParsing::parse);
        } catch (RuntimeException | LinkageError e) {
            // Only a head start is lost: the first statement that needs the parser meets the same failure itself.
        }
    }

    /** Returns when the warm-up has finished; an interrupt ends the wait early and stays set. */
    public void await() {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
