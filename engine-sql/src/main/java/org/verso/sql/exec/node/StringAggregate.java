package org.verso.sql.exec.node;

/**
 * LISTAGG and STRING_AGG: the non-NULL values joined, each after the first preceded by its row's separator (a NULL
 * separator adds nothing, as in PostgreSQL; none given is the empty string, as the standard says). No value gives
 * NULL. The values arrive as {@link Separated} pairs, in the order of the call's ORDER BY if it has one.
 */
final class StringAggregate implements Accumulator {
    /** One input: the value and the separator that goes before it. */
    record Separated(Object value, Object separator) {
    }

    private StringBuilder joined;

    @Override
    public void add(Object input) {
        Separated pair = (Separated) input;
        if (pair.value() == null) {
            return;
        }
        if (joined == null) {
            joined = new StringBuilder();
        } else if (pair.separator() != null) {
            joined.append((String) pair.separator());
        }
        joined.append((String) pair.value());
    }

    @Override
    public Object result() {
        return joined == null ? null : joined.toString();
    }
}
