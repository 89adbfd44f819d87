package org.verso.core.table;

/**
 * A forward-only cursor over the rows a transaction sees. {@link #row()} returns canonical engine values
 * (see {@link org.verso.common.type.ValueType}) in table column order; {@link #rowId()} identifies the row
 * (its VID) for a following update or delete in the same transaction.
 *
 * <p>Not thread safe: a cursor belongs to the thread running the statement.
 */
public interface RowCursor {
    /** Moves to the next row; false when there is none. */
    boolean next();

    /** The current row's identifier (stable for the row's whole life). */
    long rowId();

    /** The current row's values. The array is the caller's to keep. */
    Object[] row();
}
