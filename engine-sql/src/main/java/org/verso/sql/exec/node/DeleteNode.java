package org.verso.sql.exec.node;

import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * DELETE: deletes each input row as the input produces it. A delete only ever removes the row the scan has just
 * returned, so the scan cannot meet a row the statement changed, and nothing needs to be held.
 */
public final class DeleteNode extends ModifyNode {
    public DeleteNode(String table, PlanNode input) {
        super(table, input);
    }

    @Override
    protected long apply(ExecContext ctx) {
        Table target = ctx.table(table);
        RowSource source = input.open(ctx);
        long count = 0;
        while (source.next() != null) {
            ctx.checkCancelled();
            if (target.delete(ctx.transaction(), source.rowId())) {
                count++;
            }
        }
        return count;
    }
}
