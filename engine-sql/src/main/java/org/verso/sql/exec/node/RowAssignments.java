package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.verso.common.type.DataType;
import org.verso.common.type.Values;
import org.verso.core.table.RowRecheck;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.GeneratedKeyCollector;
import org.verso.sql.exec.constraint.TableConstraints;
import org.verso.sql.exec.expr.Expr;

/**
 * The SET clause of a write that updates an existing row from another row: INSERT ... ON CONFLICT DO UPDATE (the
 * other row is the one proposed for insertion) and MERGE's WHEN MATCHED THEN UPDATE (the source row). The values and
 * the optional condition are expressions over the existing row followed by the other row. At READ COMMITTED a row
 * that a transaction committed after the statement's snapshot changed first is evaluated again at its newest
 * version, as an UPDATE evaluates it.
 */
final class RowAssignments {
    /** What {@link #update} did. */
    enum Outcome {
        UPDATED,
        /** The condition does not hold for the row (or, after a concurrent update, for its newest version). */
        NOT_QUALIFIED,
        /** The row is gone (deleted concurrently, at READ COMMITTED). */
        GONE
    }

    /** The rows a statement updated, for the checks after its last write. */
    static final class Updated {
        final List<Object[]> oldRows = new ArrayList<>();
        final List<Object[]> newRows = new ArrayList<>();
        final List<Long> rowIds = new ArrayList<>();

        void check(TableConstraints constraints, ExecContext ctx) {
            if (constraints.checksAfterUpdate()) {
                constraints.afterUpdate(ctx, oldRows, newRows, rowIds);
            }
        }
    }

    private final int[] columns;
    private final SetValues values;

    /**
     * @param columns the table positions set
     * @param values  their values, and whether a row is updated at all
     */
    RowAssignments(int[] columns, SetValues values) {
        this.columns = columns;
        this.values = values;
    }

    int[] columns() {
        return columns;
    }

    /**
     * Updates row {@code rowId}, which the statement's snapshot sees as {@code existing}, from {@code other};
     * {@code stillMatches} (over the same row, or null) must hold for a newer version too, as MERGE's join
     * condition must. {@code seen}, if not null, receives in its first place the newer version a recheck saw.
     */
    Outcome update(Table target, ExecContext ctx, long rowId, Object[] existing, Object[] other, Expr stillMatches,
                   DataType[] columnTypes, TableConstraints constraints, Updated updated, Object[][] seen) {
        Object[] row = row(existing, other, columnTypes, constraints, ctx);
        if (row == null) {
            return Outcome.NOT_QUALIFIED;
        }
        // [0]: the newest version a READ COMMITTED recheck evaluated, [1]: the row it computed from it
        Object[][] rechecked = new Object[2][];
        RowRecheck recheck = !ctx.transaction().control().followsConcurrentUpdates() ? null : newest -> {
            rechecked[0] = newest;
            if (seen != null) {
                seen[0] = newest;
            }
            rechecked[1] = stillMatches != null && !Boolean.TRUE.equals(stillMatches.eval(both(newest, other), ctx))
                ? null : row(newest, other, columnTypes, constraints, ctx);
            return rechecked[1];
        };
        if (!target.update(ctx.transaction(), rowId, existing, row, recheck)) {
            return rechecked[0] != null ? Outcome.NOT_QUALIFIED : Outcome.GONE;
        }
        Object[] written = rechecked[1] != null ? rechecked[1] : row;
        updated.oldRows.add(rechecked[1] != null ? rechecked[0] : existing);
        updated.newRows.add(written);
        updated.rowIds.add(rowId);
        GeneratedKeyCollector keys = ctx.generatedKeys();
        if (keys != null) {
            keys.add(written); // RETURNING and generated keys give updated rows as PostgreSQL's RETURNING does
        }
        return Outcome.UPDATED;
    }

    /** The existing row with the SET values, checked; null if the condition does not hold. */
    private Object[] row(Object[] existing, Object[] other, DataType[] columnTypes, TableConstraints constraints,
                         ExecContext ctx) {
        Object[] set = values.compute(both(existing, other), ctx);
        if (set == null) {
            return null;
        }
        Object[] row = Arrays.copyOf(existing, columnTypes.length);
        for (int i = 0; i < columns.length; i++) {
            row[columns[i]] = Values.canonical(set[i], columnTypes[columns[i]]);
        }
        constraints.checkRow(row, ctx);
        return row;
    }

    /** The existing row followed by the other row: the row the expressions read. */
    static Object[] both(Object[] existing, Object[] other) {
        Object[] both = Arrays.copyOf(existing, existing.length + other.length);
        System.arraycopy(other, 0, both, existing.length, other.length);
        return both;
    }
}
