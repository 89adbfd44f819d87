package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.verso.common.type.DataType;
import org.verso.common.type.Values;
import org.verso.core.table.RowRecheck;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.GeneratedKeyCollector;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.constraint.TableConstraints;

/**
 * UPDATE: each input row is the old row followed by the new values of the SET columns. All new rows are computed
 * (and checked against CHECK constraints) before the first write, so the scan never sees the statement's own new
 * versions (the Halloween problem). Foreign keys, of the table and referencing it, are checked after the last write.
 *
 * <p>At READ COMMITTED, a row that a transaction committed after the statement's snapshot changed first is evaluated
 * again at its newest version: if it still qualifies, its new values are computed from that version and written
 * (PostgreSQL's behaviour); if not, it is left alone.
 */
public final class UpdateNode extends ModifyNode {
    private final int[] updatedColumns;
    private final DataType[] columnTypes;
    private final TableConstraints constraints;

    /**
     * {@code columnTypes} has one type per column of the table; the table's columns come first in each input row.
     * {@code recheckable}: the input reads the table once, so READ COMMITTED can evaluate it again for one row.
     */
    public UpdateNode(String table, PlanNode input, int[] updatedColumns, DataType[] columnTypes,
                      TableConstraints constraints, boolean recheckable) {
        super(table, input, recheckable);
        this.updatedColumns = updatedColumns;
        this.columnTypes = columnTypes;
        this.constraints = constraints;
    }

    @Override
    protected long apply(ExecContext ctx) {
        Table target = ctx.table(table);
        GeneratedKeyCollector keys = ctx.generatedKeys() != null && ctx.generatedKeys().collectsChanges()
            ? ctx.generatedKeys() : null; // JDBC's generated keys are an INSERT's; RETURNING is any change's
        if (keys != null) {
            keys.target(target.definition());
        }
        int width = columnTypes.length;
        boolean keepOld = constraints.checksAfterUpdate();
        List<Object[]> oldRows = new ArrayList<>();
        List<Object[]> newRows = new ArrayList<>();
        List<Long> rowIds = new ArrayList<>();
        RowSource source = input.open(ctx);
        Set<Long> seen = new HashSet<>();
        for (Object[] row = source.next(); row != null; row = source.next()) {
            ctx.checkCancelled();
            if (!seen.add(source.rowId())) {
                continue; // a join returned the row again: SQL updates a row once
            }
            Object[] newRow = newRow(row, ctx);
            // The row as read: the table needs it for its index keys and the constraints for their checks.
            oldRows.add(Arrays.copyOf(row, width));
            newRows.add(newRow);
            rowIds.add(source.rowId());
        }
        boolean rechecks = rechecks(ctx);
        List<Object[]> changedOld = new ArrayList<>();
        List<Object[]> changedNew = new ArrayList<>();
        List<Long> changedIds = new ArrayList<>();
        long count = 0;
        for (int i = 0; i < newRows.size(); i++) {
            ctx.checkCancelled();
            long rowId = rowIds.get(i);
            // [0]: the newest version a recheck evaluated, [1]: the row it computed from it
            Object[][] rechecked = new Object[2][];
            RowRecheck recheck = !rechecks ? null : newest -> {
                Object[] input = recheckInput(ctx, rowId, newest);
                rechecked[0] = newest;
                rechecked[1] = input == null ? null : newRow(input, ctx);
                return rechecked[1];
            };
            if (target.update(ctx.transaction(), rowId, oldRows.get(i), newRows.get(i), recheck)) {
                count++;
                if (keys != null) {
                    keys.add(rechecked[1] != null ? rechecked[1] : newRows.get(i));
                }
                if (keepOld) {
                    changedOld.add(rechecked[1] != null ? Arrays.copyOf(rechecked[0], width) : oldRows.get(i));
                    changedNew.add(rechecked[1] != null ? rechecked[1] : newRows.get(i));
                    changedIds.add(rowId);
                }
            }
        }
        if (keepOld) {
            constraints.afterUpdate(ctx, changedOld, changedNew, changedIds);
        }
        return count;
    }

    /** The new table row for an input row (old row, then the SET values), checked against CHECK constraints. */
    private Object[] newRow(Object[] row, ExecContext ctx) {
        int width = columnTypes.length;
        Object[] newRow = Arrays.copyOf(row, width);
        for (int i = 0; i < updatedColumns.length; i++) {
            int column = updatedColumns[i];
            newRow[column] = Values.canonical(row[width + i], columnTypes[column]);
        }
        constraints.checkRow(newRow, ctx);
        return newRow;
    }
}
