package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.List;
import org.verso.common.type.DataType;
import org.verso.common.type.Values;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.GeneratedKeyCollector;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.constraint.TableConstraints;

/**
 * Inserts every input row (already in table column order, omitted columns filled with their defaults). Values are
 * brought to the column classes here and checked against the table's CHECK constraints; range, length, NOT NULL
 * and unique keys are the table's checks, foreign keys are checked after the statement's last insert
 * ({@link TableConstraints}), so rows of one statement may reference each other.
 *
 * <p>Rows stream from the input to the table, unless the input reads the target table itself: then the input is
 * read completely before the first insert, so {@code INSERT INTO t SELECT ... FROM t} never reads its own new rows
 * (the Halloween problem). The inserted rows are kept only if foreign keys need them.
 *
 * <p>With an ON CONFLICT clause ({@link InsertConflict}), a row whose key a row of the table holds is skipped or
 * updates that row instead; the updated rows get the checks of an UPDATE after the last write.
 */
public final class InsertNode extends ModifyNode {
    private final boolean inputReadsTarget;
    private final DataType[] columnTypes;
    private final TableConstraints constraints;
    private final InsertConflict conflict;

    /** @param conflict the ON CONFLICT clause, or null */
    public InsertNode(String table, PlanNode input, boolean inputReadsTarget, DataType[] columnTypes,
                      TableConstraints constraints, InsertConflict conflict) {
        super(table, input, false);
        this.inputReadsTarget = inputReadsTarget;
        this.columnTypes = columnTypes;
        this.constraints = constraints;
        this.conflict = conflict;
    }

    @Override
    protected long apply(ExecContext ctx) {
        Table target = ctx.table(table);
        GeneratedKeyCollector keys = ctx.generatedKeys();
        if (keys != null) {
            keys.target(target.definition());
        }
        InsertConflict.Changes changes = conflict == null ? null : new InsertConflict.Changes();
        List<Object[]> inserted = conflict == null && constraints.checksAfterInsert() ? new ArrayList<>() : null;
        List<Object[]> pending = inputReadsTarget ? new ArrayList<>() : null;
        RowSource source = input.open(ctx);
        long count = 0;
        for (Object[] row = source.next(); row != null; row = source.next()) {
            ctx.checkCancelled();
            Object[] values = proposedRow(row, ctx);
            if (pending != null) {
                pending.add(values);
            } else {
                count += write(target, ctx, values, inserted, changes);
            }
        }
        if (pending != null) {
            for (Object[] values : pending) {
                ctx.checkCancelled();
                count += write(target, ctx, values, inserted, changes);
            }
        }
        if (changes != null) {
            if (constraints.checksAfterInsert()) {
                constraints.afterInsert(ctx, changes.inserted);
            }
            changes.updated.check(constraints, ctx);
        } else if (inserted != null) {
            constraints.afterInsert(ctx, inserted);
        }
        return count;
    }

    /** An input row brought to the column classes and checked against the CHECK constraints. */
    private Object[] proposedRow(Object[] row, ExecContext ctx) {
        Object[] values = new Object[columnTypes.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = Values.canonical(row[i], columnTypes[i]);
        }
        constraints.checkRow(values, ctx);
        return values;
    }

    private long write(Table target, ExecContext ctx, Object[] values, List<Object[]> inserted,
                       InsertConflict.Changes changes) {
        return changes == null ? insert(target, ctx, values, inserted)
            : conflict.apply(target, ctx, values, columnTypes, constraints, changes);
    }

    private static int insert(Table target, ExecContext ctx, Object[] values, List<Object[]> inserted) {
        target.insert(ctx.transaction(), values);
        GeneratedKeyCollector keys = ctx.generatedKeys();
        if (keys != null) {
            keys.add(values);
        }
        if (inserted != null) {
            inserted.add(values);
        }
        return 1;
    }
}
