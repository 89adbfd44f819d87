package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.verso.common.type.DataType;
import org.verso.common.type.Values;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.constraint.TableConstraints;

/**
 * UPDATE: each input row is the old row followed by the new values of the SET columns. All new rows are computed
 * (and checked against CHECK constraints) before the first write, so the scan never sees the statement's own new
 * versions (the Halloween problem). Foreign keys, of the table and referencing it, are checked after the last write.
 */
public final class UpdateNode extends ModifyNode {
    private final int[] updatedColumns;
    private final DataType[] columnTypes;
    private final TableConstraints constraints;

    /** {@code columnTypes} has one type per column of the table; the table's columns come first in each input row. */
    public UpdateNode(String table, PlanNode input, int[] updatedColumns, DataType[] columnTypes,
                      TableConstraints constraints) {
        super(table, input);
        this.updatedColumns = updatedColumns;
        this.columnTypes = columnTypes;
        this.constraints = constraints;
    }

    @Override
    protected long apply(ExecContext ctx) {
        Table target = ctx.table(table);
        int width = columnTypes.length;
        boolean keepOld = constraints.checksAfterUpdate();
        List<Object[]> oldRows = new ArrayList<>();
        List<Object[]> newRows = new ArrayList<>();
        List<Long> rowIds = new ArrayList<>();
        RowSource source = input.open(ctx);
        for (Object[] row = source.next(); row != null; row = source.next()) {
            ctx.checkCancelled();
            Object[] newRow = Arrays.copyOf(row, width);
            for (int i = 0; i < updatedColumns.length; i++) {
                int column = updatedColumns[i];
                newRow[column] = Values.canonical(row[width + i], columnTypes[column]);
            }
            constraints.checkRow(newRow, ctx);
            if (keepOld) {
                oldRows.add(Arrays.copyOf(row, width));
            }
            newRows.add(newRow);
            rowIds.add(source.rowId());
        }
        List<Object[]> changedOld = new ArrayList<>();
        List<Object[]> changedNew = new ArrayList<>();
        long count = 0;
        for (int i = 0; i < newRows.size(); i++) {
            ctx.checkCancelled();
            if (target.update(ctx.transaction(), rowIds.get(i), newRows.get(i))) {
                count++;
                if (keepOld) {
                    changedOld.add(oldRows.get(i));
                    changedNew.add(newRows.get(i));
                }
            }
        }
        if (keepOld) {
            constraints.afterUpdate(ctx, changedOld, changedNew);
        }
        return count;
    }
}
