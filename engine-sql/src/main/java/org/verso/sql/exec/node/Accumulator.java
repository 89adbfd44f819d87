package org.verso.sql.exec.node;

/** The running state of one aggregate function over one group. */
interface Accumulator {
    /** Adds one input value; null is SQL NULL, which most aggregates ignore. */
    void add(Object value);

    Object result();
}
