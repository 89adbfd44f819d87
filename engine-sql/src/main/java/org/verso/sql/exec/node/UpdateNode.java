package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.constraint.TableConstraints;
import org.verso.sql.type.ValueConverter;
import org.verso.common.type.DataType;

/**
 * UPDATE: each input row is the old row followed by the new values of the SET columns. All new rows are computed
 * before the first write, so the scan never sees the statement's own new versions (the Halloween problem).
 */
public final class UpdateNode extends ModifyNode {
    private final int[] updatedColumns;
    private final DataType[] columnTypes;
    private final TableConstraints constraints;

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
        List<Object[]> oldRows = new ArrayList<>();
        List<Object[]> newRows = new ArrayList<>();
        List<Long> rowIds = new ArrayList<>();
        RowSource source = input.open(ctx);
        for (Object[] row = source.next(); row != null; row = source.next()) {
            Object[] newRow = new Object[width];
            System.arraycopy(row, 0, newRow, 0, width);
            for (int i = 0; i < updatedColumns.length; i++) {
                int column = updatedColumns[i];
                newRow[column] = ValueConverter.canonical(row[width + i], columnTypes[column]);
            }
            constraints.checkRow(newRow, ctx);
            oldRows.add(Arrays.copyOf(row, width));
            newRows.add(newRow);
            rowIds.add(source.rowId());
        }
        List<Object[]> changedOld = new ArrayList<>();
        List<Object[]> changedNew = new ArrayList<>();
        for (int i = 0; i < newRows.size(); i++) {
            if (target.update(ctx.transaction(), rowIds.get(i), newRows.get(i))) {
                changedOld.add(oldRows.get(i));
                changedNew.add(newRows.get(i));
            }
        }
        constraints.afterUpdate(ctx, changedOld, changedNew);
        return changedNew.size();
    }
}
