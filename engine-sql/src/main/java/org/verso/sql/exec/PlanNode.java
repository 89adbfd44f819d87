package org.verso.sql.exec;

/**
 * One operator of an executable plan. A node is immutable and shared by every session that runs the cached plan;
 * {@link #open} creates the per-execution state.
 */
public interface PlanNode {
    RowSource open(ExecContext ctx);

    /**
     * True if every row this node returns carries one row of a single table, unchanged in identity, so
     * {@link RowSource#rowId()} is meaningful: scans, key lookups, filters and projections over them, and joins
     * whose streaming (left) side does, which return that side's row with columns of the other (how UPDATE and
     * DELETE with a subquery read their table). A join may return one left row more than once.
     */
    default boolean preservesRowId() {
        return false;
    }
}
