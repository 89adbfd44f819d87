package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.core.table.RowRecheck;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.constraint.TableConstraints;
import org.verso.sql.exec.expr.Expr;

/**
 * MERGE INTO target USING source ON condition WHEN ...: the source's rows are read whole first; then each is matched
 * against the target with the {@code match} plan, the source row's values bound to the parameters after the
 * statement's own (a key lookup when the condition fixes the target's key, a scan otherwise), all before the first
 * write, so that the statement never matches a row it inserted itself, as the join SQL describes would not. Then,
 * for each target row a source row matched, the first WHEN MATCHED clause whose condition holds updates it, deletes
 * it or does nothing; for each source row that matched none, the first WHEN NOT MATCHED clause whose condition holds
 * inserts it with its own plan, bound as the match is (it fills omitted columns with their defaults and checks the
 * row as any INSERT does), or does nothing. A target row that two source rows would change fails with 21000.
 *
 * <p>Updates and deletes follow first-updater-wins (40001 for a row changed after the snapshot); at READ COMMITTED,
 * for a row changed concurrently the clauses are tried again on its newest version, and the WHEN NOT MATCHED ones
 * if it is gone or no longer meets the ON condition, as PostgreSQL does. Expressions read the target row followed
 * by the source row (the target's columns NULL where no row matched). The node returns the number of rows
 * updated, deleted and inserted.
 */
public final class MergeNode implements PlanNode {
    /** A WHEN MATCHED clause: its AND condition (or null), and UPDATE's columns and values, or DELETE, or neither. */
    public record WhenMatched(Expr condition, int[] columns, SetValues values, boolean delete) {
    }

    /** A WHEN NOT MATCHED clause: its AND condition (or null) and its INSERT's plan (null for DO NOTHING). */
    public record WhenNotMatched(Expr condition, PlanNode insert) {
    }

    private final String table;
    private final PlanNode source;
    private final PlanNode match;
    private final Expr condition;
    private final List<WhenMatched> matched;
    private final List<RowAssignments> updates = new ArrayList<>();
    private final List<WhenNotMatched> notMatched;
    private final DataType[] columnTypes;
    private final TableConstraints constraints;

    /**
     * @param match     the target rows that one source row (bound after the statement's parameters) matches
     * @param condition the ON condition over a target row followed by a source row, for READ COMMITTED's recheck
     */
    public MergeNode(String table, PlanNode source, PlanNode match, Expr condition, List<WhenMatched> matched,
                     List<WhenNotMatched> notMatched, DataType[] columnTypes, TableConstraints constraints) {
        this.table = table;
        this.source = source;
        this.match = match;
        this.condition = condition;
        this.matched = List.copyOf(matched);
        for (WhenMatched clause : matched) {
            updates.add(clause.columns() == null ? null : new RowAssignments(clause.columns(), clause.values()));
        }
        this.notMatched = List.copyOf(notMatched);
        this.columnTypes = columnTypes;
        this.constraints = constraints;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        return new TableScanNode.SingleRow(new Object[] {apply(ctx)}, -1);
    }

    /** A source row and the target rows it matched. */
    private record Matches(Object[] source, ExecContext bound, List<Long> rowIds, List<Object[]> rows) {
    }

    private long apply(ExecContext ctx) {
        List<Matches> all = new ArrayList<>();
        RowSource sourceRows = source.open(ctx);
        for (Object[] row = sourceRows.next(); row != null; row = sourceRows.next()) {
            ctx.checkCancelled();
            all.add(new Matches(row.clone(), ctx.withTrailingParams(row.clone()), new ArrayList<>(),
                new ArrayList<>()));
        }
        for (Matches m : all) {
            RowSource targetRows = match.open(m.bound);
            for (Object[] row = targetRows.next(); row != null; row = targetRows.next()) {
                ctx.checkCancelled();
                m.rowIds.add(targetRows.rowId());
                m.rows.add(row.clone());
            }
        }
        Changes changes = new Changes(ctx.table(table));
        long count = 0;
        for (Matches m : all) {
            ctx.checkCancelled();
            if (m.rowIds.isEmpty()) {
                count += insert(m, ctx);
                continue;
            }
            boolean[] insertedOnce = {false};
            for (int i = 0; i < m.rowIds.size(); i++) {
                count += act(m, m.rowIds.get(i), m.rows.get(i), ctx, changes, insertedOnce);
            }
        }
        changes.updated.check(constraints, ctx);
        if (!changes.deletedIds.isEmpty() && constraints.checksAfterDelete()) {
            constraints.afterDelete(ctx, changes.deletedRows, changes.deletedIds);
        }
        return count;
    }

    /** What one execution changed, for the checks after its last write. */
    private static final class Changes {
        final Table target;
        final RowAssignments.Updated updated = new RowAssignments.Updated();
        final List<Object[]> deletedRows = new ArrayList<>();
        final List<Long> deletedIds = new ArrayList<>();
        /** Target rows updated or deleted: none twice. */
        final Set<Long> changed = new HashSet<>();

        Changes(Table target) {
            this.target = target;
        }
    }

    /**
     * Applies the first WHEN MATCHED clause that holds for target row {@code rowId} ({@code row} as the snapshot
     * sees it) and source row {@code m}; returns the rows changed. At READ COMMITTED, where a transaction that
     * committed after the statement's snapshot changed the row first, the clauses are tried again from the first on
     * its newest version, and if the ON condition no longer holds for that version, or the row is gone, the WHEN NOT
     * MATCHED clauses are tried for the source row (once), as PostgreSQL does.
     */
    private long act(Matches m, long rowId, Object[] row, ExecContext ctx, Changes changes, boolean[] insertedOnce) {
        Object[] current = row;
        boolean newer = false;
        while (true) {
            ctx.checkCancelled();
            Object[] both = RowAssignments.both(current, m.source);
            if (newer && !Boolean.TRUE.equals(condition.eval(both, ctx))) {
                return insertOnce(m, ctx, insertedOnce);
            }
            int clause = firstMatched(both, ctx);
            if (clause < 0 || !matched.get(clause).delete() && updates.get(clause) == null) {
                return 0; // no clause, or DO NOTHING
            }
            if (!newer && !changes.changed.add(rowId)) {
                throw ErrorCode.MERGE_ROW_TWICE.exception(table);
            }
            Expr sameClause = (r, c) -> Boolean.TRUE.equals(condition.eval(r, c)) && firstMatched(r, c) == clause;
            Object[][] seen = new Object[1][];
            if (matched.get(clause).delete()) {
                RowRecheck recheck = !ctx.transaction().control().followsConcurrentUpdates() ? null : newest -> {
                    seen[0] = newest;
                    return Boolean.TRUE.equals(sameClause.eval(RowAssignments.both(newest, m.source), ctx))
                        ? newest : null;
                };
                if (changes.target.delete(ctx.transaction(), rowId, recheck)) {
                    changes.deletedRows.add(seen[0] != null ? seen[0] : row);
                    changes.deletedIds.add(rowId);
                    return 1;
                }
            } else {
                RowAssignments.Outcome outcome = updates.get(clause).update(changes.target, ctx, rowId, row, m.source,
                    sameClause, columnTypes, constraints, changes.updated, seen);
                if (outcome == RowAssignments.Outcome.UPDATED) {
                    return 1;
                }
            }
            if (seen[0] == null) {
                return insertOnce(m, ctx, insertedOnce); // the row is gone
            }
            current = seen[0];
            newer = true;
        }
    }

    private long insertOnce(Matches m, ExecContext ctx, boolean[] insertedOnce) {
        if (insertedOnce[0]) {
            return 0;
        }
        insertedOnce[0] = true;
        return insert(m, ctx);
    }

    /** The first WHEN MATCHED clause whose condition holds for the pair, or -1. */
    private int firstMatched(Object[] both, ExecContext ctx) {
        for (int i = 0; i < matched.size(); i++) {
            Expr when = matched.get(i).condition();
            if (when == null || Boolean.TRUE.equals(when.eval(both, ctx))) {
                return i;
            }
        }
        return -1;
    }

    /** WHEN NOT MATCHED for a source row that matched nothing: the rows the first clause that holds inserts. */
    private long insert(Matches m, ExecContext ctx) {
        Object[] both = RowAssignments.both(new Object[columnTypes.length], m.source);
        for (WhenNotMatched clause : notMatched) {
            if (clause.condition() == null || Boolean.TRUE.equals(clause.condition().eval(both, ctx))) {
                return clause.insert() == null ? 0 : ((Number) clause.insert().open(m.bound).next()[0]).longValue();
            }
        }
        return 0;
    }
}
