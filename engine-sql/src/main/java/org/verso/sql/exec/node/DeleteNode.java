package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.verso.core.table.RowRecheck;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.GeneratedKeyCollector;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.constraint.TableConstraints;

/**
 * DELETE: deletes each input row as the input produces it. A delete only ever removes the row the scan has just
 * returned, so the scan cannot meet a row the statement changed, and nothing needs to be held, except the deleted
 * rows' values when foreign keys reference the table: those act (refuse or cascade) after the last delete. When the
 * input reads the table a second time (a subquery on it), the whole input is read before the first delete, so that
 * the subquery sees the table as the statement found it. A row the input returns twice (a join) is deleted once.
 */
public final class DeleteNode extends ModifyNode {
    private final int width;
    private final TableConstraints constraints;

    /**
     * @param width the table's column count: the leading values of each input row are the table row
     * @param recheckable the input reads the table once, so READ COMMITTED can evaluate it again for one row
     */
    public DeleteNode(String table, PlanNode input, int width, TableConstraints constraints, boolean recheckable) {
        super(table, input, recheckable);
        this.width = width;
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
        List<Object[]> deleted = constraints.checksAfterDelete() ? new ArrayList<>() : null;
        List<Long> deletedIds = deleted == null ? null : new ArrayList<>();
        boolean rechecks = rechecks(ctx);
        RowSource source = readsTableOnce() ? input.open(ctx) : Rows.buffered(input.open(ctx), ctx);
        Set<Long> seen = new HashSet<>();
        long count = 0;
        for (Object[] row = source.next(); row != null; row = source.next()) {
            ctx.checkCancelled();
            long rowId = source.rowId();
            if (!seen.add(rowId)) {
                continue;
            }
            // the newest version a recheck found still qualifying, which is then the row deleted
            Object[][] rechecked = new Object[1][];
            RowRecheck recheck = !rechecks ? null : newest -> {
                rechecked[0] = recheckInput(ctx, rowId, newest) == null ? null : newest;
                return rechecked[0];
            };
            if (target.delete(ctx.transaction(), rowId, recheck)) {
                count++;
                if (keys != null) {
                    keys.add(rechecked[0] != null ? rechecked[0] : row);
                }
                if (deleted != null) {
                    deleted.add(Arrays.copyOf(rechecked[0] != null ? rechecked[0] : row, width));
                    deletedIds.add(rowId);
                }
            }
        }
        if (deleted != null) {
            constraints.afterDelete(ctx, deleted, deletedIds);
        }
        return count;
    }
}
