package org.verso.common;

/**
 * Rows, one at a time, as every layer hands them on (heaps, tables and system views, SQL operators): each row's id
 * (its VID) and the values of the version the reader sees, canonical (see {@link org.verso.common.type.ValueType})
 * and in table column order. A cursor may pin pages, so it must be closed; closing twice is harmless.
 *
 * <p>Thread safety: a cursor belongs to one thread.
 */
public interface RowCursor extends AutoCloseable {
    /** Advances to the next row; false at the end. */
    boolean next();

    /** The id (VID) of the current row. */
    long rowId();

    /** The values of the current row; the array must not be changed by the caller. */
    Object[] row();

    @Override
    void close();

    /** A cursor with no rows. */
    static RowCursor empty() {
        return new RowCursor() {
            @Override
            public boolean next() {
                return false;
            }

            @Override
            public long rowId() {
                throw new IllegalStateException("no current row");
            }

            @Override
            public Object[] row() {
                throw new IllegalStateException("no current row");
            }

            @Override
            public void close() {
            }
        };
    }
}
