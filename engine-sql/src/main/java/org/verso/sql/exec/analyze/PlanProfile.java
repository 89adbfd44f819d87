package org.verso.sql.exec.analyze;

/**
 * What each operator of one EXPLAIN ANALYZE execution did, by operator slot: the rows it returned, how often it was
 * opened (an inner side under a correlate is opened once per outer row) and the time spent opening it and pulling
 * its rows, its inputs' time included. Belongs to the thread running the statement.
 */
public final class PlanProfile {
    private final long[] rows;
    private final long[] loops;
    private final long[] nanos;

    public PlanProfile(int operators) {
        rows = new long[operators];
        loops = new long[operators];
        nanos = new long[operators];
    }

    void opened(int slot, long elapsedNanos) {
        loops[slot]++;
        nanos[slot] += elapsedNanos;
    }

    void pulled(int slot, boolean returnedRow, long elapsedNanos) {
        if (returnedRow) {
            rows[slot]++;
        }
        nanos[slot] += elapsedNanos;
    }

    public long rows(int slot) {
        return rows[slot];
    }

    public long loops(int slot) {
        return loops[slot];
    }

    public long nanos(int slot) {
        return nanos[slot];
    }
}
