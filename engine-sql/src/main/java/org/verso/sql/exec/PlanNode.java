package org.verso.sql.exec;

/**
 * One operator of an executable plan. A node is immutable and shared by every session that runs the cached plan;
 * {@link #open} creates the per-execution state.
 */
public interface PlanNode {
    RowSource open(ExecContext ctx);

    /**
     * True if every row this node returns is one row of a single table, unchanged in identity, so
     * {@link RowSource#rowId()} is meaningful (scans, key lookups, and filters and projections over them).
     */
    default boolean preservesRowId() {
        return false;
    }
}
