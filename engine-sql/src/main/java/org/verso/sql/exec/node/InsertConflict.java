package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.verso.common.ErrorCode;
import org.verso.common.SqlState;
import org.verso.common.VersoException;
import org.verso.common.type.DataType;
import org.verso.core.table.Table;
import org.verso.core.tx.Transaction;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.GeneratedKeyCollector;
import org.verso.sql.exec.constraint.TableConstraints;

/**
 * What INSERT ... ON CONFLICT does with each proposed row, as PostgreSQL does: if a row of the table holds the
 * proposed row's key of a conflict index (the target's unique index, or for DO NOTHING without a target any unique
 * index), DO NOTHING skips the proposed row and DO UPDATE updates that row, with expressions over the existing row
 * followed by the proposed one ({@code EXCLUDED}); otherwise the row is inserted. A key that another transaction is
 * writing is waited for, and a key taken between the probe and the insert sends the row round again, so every
 * proposed row ends inserted, updated or skipped, never in a 23505 of a conflict index.
 *
 * <p>Under Snapshot Isolation a conflicting row that the transaction's snapshot does not see (committed after it)
 * fails with 40001, for DO NOTHING too, since acting on it would act on data the snapshot does not hold; at READ
 * COMMITTED DO UPDATE updates the row's newest committed version. A row that the same statement inserted or updated
 * cannot be updated by it again (21000). One instance per plan; the per-execution state is a {@link Changes}.
 */
public final class InsertConflict {
    private final List<String> indexes;
    private final RowAssignments assignments;

    /**
     * @param indexes        the unique indexes whose keys conflict
     * @param updatedColumns the table positions DO UPDATE sets, or null for DO NOTHING
     * @param values         their values and DO UPDATE's WHERE, over the existing row followed by the proposed row
     */
    public InsertConflict(List<String> indexes, int[] updatedColumns, SetValues values) {
        this.indexes = List.copyOf(indexes);
        this.assignments = updatedColumns == null ? null : new RowAssignments(updatedColumns, values);
    }

    /** The rows one execution inserted and updated, for the checks after its last write. */
    static final class Changes {
        final List<Object[]> inserted = new ArrayList<>();
        final RowAssignments.Updated updated = new RowAssignments.Updated();
        /** Rows this statement inserted or updated: DO UPDATE may not change them again. */
        final Set<Long> changed = new HashSet<>();
    }

    /**
     * Inserts {@code proposed} (canonical, checked) or resolves its conflict; returns 1 if a row was inserted or
     * updated, 0 if the proposed row was skipped.
     */
    int apply(Table target, ExecContext ctx, Object[] proposed, DataType[] columnTypes, TableConstraints constraints,
              Changes changes) {
        Transaction tx = ctx.transaction();
        boolean newestCommitted = tx.control().followsConcurrentUpdates();
        while (true) {
            ctx.checkCancelled();
            long holder = target.keyHolder(tx, indexes, proposed);
            if (holder < 0) {
                int mark = tx.writeMark();
                try {
                    long rowId = target.insert(tx, proposed);
                    changes.changed.add(rowId);
                    changes.inserted.add(proposed);
                    GeneratedKeyCollector keys = ctx.generatedKeys();
                    if (keys != null) {
                        keys.add(proposed);
                    }
                    return 1;
                } catch (VersoException e) {
                    if (!SqlState.UNIQUE_VIOLATION.equals(e.sqlState())) {
                        throw e;
                    }
                    tx.rollbackStatement(mark); // the version and the entries the failed insert made
                    if (target.keyHolder(tx, indexes, proposed) < 0) {
                        throw e; // a unique index outside the conflict target
                    }
                    continue; // another transaction took the key after the probe: resolve against its row
                }
            }
            Object[] existing = target.row(tx, holder, false);
            if (existing == null && !newestCommitted) {
                throw target.committedAfterSnapshot(tx, holder);
            }
            if (assignments == null) {
                return 0;
            }
            if (changes.changed.contains(holder)) {
                throw ErrorCode.ROW_CHANGED_TWICE.exception(target.definition().name(), Arrays.toString(proposed));
            }
            if (existing == null) {
                existing = target.row(tx, holder, true);
                if (existing == null) {
                    continue; // deleted since: the key is free again
                }
            }
            switch (assignments.update(target, ctx, holder, existing, proposed, null, columnTypes, constraints,
                changes.updated, null)) {
                case UPDATED:
                    changes.changed.add(holder);
                    return 1;
                case NOT_QUALIFIED:
                    return 0; // DO UPDATE ... WHERE did not hold
                default:
                    continue; // deleted concurrently (READ COMMITTED): the key may be free
            }
        }
    }

    /**
     * The plan's text for the clause, as EXPLAIN shows it: {@code values} and {@code condition} are the texts of
     * the SET expressions and of the WHERE condition ($0 the existing row's first column, then the proposed row's).
     */
    public String explain(String table, List<String> columnNames, List<String> valueTexts, String conditionText) {
        StringBuilder text = new StringBuilder("VersoOnConflict(table=[").append(table).append("], indexes=")
            .append(indexes);
        if (assignments == null) {
            return text.append(", action=[NOTHING])").toString();
        }
        text.append(", action=[UPDATE], set=[");
        int[] updatedColumns = assignments.columns();
        for (int i = 0; i < updatedColumns.length; i++) {
            text.append(i == 0 ? "" : ", ").append(columnNames.get(updatedColumns[i])).append('=')
                .append(valueTexts.get(i));
        }
        text.append(']');
        if (conditionText != null) {
            text.append(", where=[").append(conditionText).append(']');
        }
        return text.append(')').toString();
    }
}
