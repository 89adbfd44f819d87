package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.List;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * UPDATE: each input row is the old row followed by the new values of the SET columns. All new rows are computed
 * before the first write, so the scan never sees the statement's own new versions (the Halloween problem).
 */
public final class UpdateNode extends ModifyNode {
    private final int[] updatedColumns;
    private final int width;

    /** {@code width} is the number of the table's columns, which come first in each input row. */
    public UpdateNode(String table, PlanNode input, int[] updatedColumns, int width) {
        super(table, input);
        this.updatedColumns = updatedColumns;
        this.width = width;
    }

    @Override
    protected long apply(ExecContext ctx) {
        Table target = ctx.table(table);
        List<Object[]> newRows = new ArrayList<>();
        List<Long> rowIds = new ArrayList<>();
        RowSource source = input.open(ctx);
        for (Object[] row = source.next(); row != null; row = source.next()) {
            ctx.checkCancelled();
            Object[] newRow = new Object[width];
            System.arraycopy(row, 0, newRow, 0, width);
            for (int i = 0; i < updatedColumns.length; i++) {
                newRow[updatedColumns[i]] = row[width + i];
            }
            newRows.add(newRow);
            rowIds.add(source.rowId());
        }
        long count = 0;
        for (int i = 0; i < newRows.size(); i++) {
            ctx.checkCancelled();
            if (target.update(ctx.transaction(), rowIds.get(i), newRows.get(i))) {
                count++;
            }
        }
        return count;
    }
}
