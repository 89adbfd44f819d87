package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.List;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/** DELETE: collects the ids of the input rows first, then deletes them. */
public final class DeleteNode extends ModifyNode {
    public DeleteNode(String table, PlanNode input) {
        super(table, input);
    }

    @Override
    protected long apply(ExecContext ctx) {
        Table target = ctx.table(table);
        List<Long> rowIds = new ArrayList<>();
        RowSource source = input.open(ctx);
        while (source.next() != null) {
            rowIds.add(source.rowId());
        }
        long count = 0;
        for (long rowId : rowIds) {
            if (target.delete(ctx.transaction(), rowId)) {
                count++;
            }
        }
        return count;
    }
}
