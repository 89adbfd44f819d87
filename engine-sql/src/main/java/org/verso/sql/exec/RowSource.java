package org.verso.sql.exec;

/**
 * The rows one opened {@link PlanNode} produces, pulled one at a time. Belongs to the thread running the
 * statement.
 */
public interface RowSource {
    /** The next row, or null when there are no more. The array must not be changed by the caller. */
    Object[] next();

    /**
     * The table row id (VID) of the row the last {@link #next()} returned. Only sources of nodes whose
     * {@link PlanNode#preservesRowId()} is true support it; UPDATE and DELETE rely on it.
     */
    default long rowId() {
        throw new IllegalStateException("this operator does not carry row identity");
    }
}
