package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.constraint.TableConstraints;
import org.verso.sql.exec.expr.Expr;

/**
 * MERGE INTO target USING source ON condition WHEN MATCHED THEN UPDATE ... WHEN NOT MATCHED THEN INSERT ...: the
 * source's rows are read whole first; then each is matched against the target with the {@code match} plan, the
 * source row's values bound to the parameters after the statement's own (a key lookup when the condition fixes the
 * target's key, a scan otherwise), all before the first write, so that the statement never matches a row it
 * inserted itself, as the join SQL describes would not; then matched target rows are updated and unmatched source
 * rows inserted with the {@code insert} plan, bound the same way (it fills omitted columns with their defaults and
 * checks the row as any INSERT). A target row that two source rows match cannot be updated twice (21000).
 *
 * <p>Updates follow first-updater-wins (40001 for a row changed after the snapshot); at READ COMMITTED a row
 * changed concurrently is updated at its newest version if the condition still holds for it. The node returns the
 * number of rows updated and inserted.
 */
public final class MergeNode implements PlanNode {
    private final String table;
    private final PlanNode source;
    private final PlanNode match;
    private final Expr condition;
    private final RowAssignments update;
    private final PlanNode insert;
    private final DataType[] columnTypes;
    private final TableConstraints constraints;

    /**
     * @param match     the target rows that one source row (bound after the statement's parameters) matches
     * @param condition the ON condition over a target row followed by a source row, for READ COMMITTED's recheck
     * @param updated   the columns WHEN MATCHED sets (table positions), or null without that clause
     * @param values    their values over a target row followed by a source row
     * @param insert    WHEN NOT MATCHED's INSERT of one source row (bound as {@code match}), or null
     */
    public MergeNode(String table, PlanNode source, PlanNode match, Expr condition, int[] updated, Expr[] values,
                     PlanNode insert, DataType[] columnTypes, TableConstraints constraints) {
        this.table = table;
        this.source = source;
        this.match = match;
        this.condition = condition;
        this.update = updated == null ? null : new RowAssignments(updated, values, null);
        this.insert = insert;
        this.columnTypes = columnTypes;
        this.constraints = constraints;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        return new TableScanNode.SingleRow(new Object[] {apply(ctx)}, -1);
    }

    /** A source row and the target rows it matched. */
    private record Matched(Object[] source, ExecContext bound, List<Long> rowIds, List<Object[]> rows) {
    }

    private long apply(ExecContext ctx) {
        List<Matched> matches = new ArrayList<>();
        RowSource sourceRows = source.open(ctx);
        for (Object[] row = sourceRows.next(); row != null; row = sourceRows.next()) {
            ctx.checkCancelled();
            matches.add(new Matched(row.clone(), ctx.withTrailingParams(row.clone()), new ArrayList<>(),
                new ArrayList<>()));
        }
        Set<Long> matchedOnce = new HashSet<>();
        for (Matched m : matches) {
            RowSource targetRows = match.open(m.bound);
            for (Object[] row = targetRows.next(); row != null; row = targetRows.next()) {
                ctx.checkCancelled();
                long rowId = targetRows.rowId();
                if (update != null && !matchedOnce.add(rowId)) {
                    throw ErrorCode.MERGE_ROW_TWICE.exception(table);
                }
                m.rowIds.add(rowId);
                m.rows.add(row.clone());
            }
        }
        Table target = ctx.table(table);
        RowAssignments.Updated updated = new RowAssignments.Updated();
        long count = 0;
        for (Matched m : matches) {
            ctx.checkCancelled();
            if (m.rowIds.isEmpty()) {
                if (insert != null) {
                    count += ((Number) insert.open(m.bound).next()[0]).longValue();
                }
                continue;
            }
            if (update == null) {
                continue;
            }
            for (int i = 0; i < m.rowIds.size(); i++) {
                if (update.update(target, ctx, m.rowIds.get(i), m.rows.get(i), m.source, condition, columnTypes,
                    constraints, updated) == RowAssignments.Outcome.UPDATED) {
                    count++;
                }
            }
        }
        updated.check(constraints, ctx);
        return count;
    }
}
