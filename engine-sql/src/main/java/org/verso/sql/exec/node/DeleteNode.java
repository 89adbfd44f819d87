package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.constraint.TableConstraints;

/**
 * DELETE: collects the input rows first, then deletes them; then the foreign keys that reference the table act
 * on the deleted rows' keys (refuse or cascade).
 */
public final class DeleteNode extends ModifyNode {
    private final int width;
    private final TableConstraints constraints;

    /** @param width the table's column count: the leading values of each input row are the table row */
    public DeleteNode(String table, PlanNode input, int width, TableConstraints constraints) {
        super(table, input);
        this.width = width;
        this.constraints = constraints;
    }

    @Override
    protected long apply(ExecContext ctx) {
        Table target = ctx.table(table);
        List<Long> rowIds = new ArrayList<>();
        List<Object[]> rows = new ArrayList<>();
        RowSource source = input.open(ctx);
        for (Object[] row = source.next(); row != null; row = source.next()) {
            rowIds.add(source.rowId());
            rows.add(Arrays.copyOf(row, width));
        }
        List<Object[]> deleted = new ArrayList<>();
        for (int i = 0; i < rowIds.size(); i++) {
            if (target.delete(ctx.transaction(), rowIds.get(i))) {
                deleted.add(rows.get(i));
            }
        }
        constraints.afterDelete(ctx, deleted);
        return deleted.size();
    }
}
