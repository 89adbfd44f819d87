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
 */
public final class InsertNode extends ModifyNode {
    private final boolean inputReadsTarget;
    private final DataType[] columnTypes;
    private final TableConstraints constraints;

    public InsertNode(String table, PlanNode input, boolean inputReadsTarget, DataType[] columnTypes,
                      TableConstraints constraints) {
        super(table, input, false);
        this.inputReadsTarget = inputReadsTarget;
        this.columnTypes = columnTypes;
        this.constraints = constraints;
    }

    @Override
    protected long apply(ExecContext ctx) {
        Table target = ctx.table(table);
        GeneratedKeyCollector keys = ctx.generatedKeys();
        if (keys != null) {
            keys.target(target.definition());
        }
        RowSource source = input.open(ctx);
        List<Object[]> inserted = constraints.checksAfterInsert() ? new ArrayList<>() : null;
        List<Object[]> pending = inputReadsTarget ? new ArrayList<>() : null;
        long count = 0;
        for (Object[] row = source.next(); row != null; row = source.next()) {
            ctx.checkCancelled();
            Object[] values = new Object[columnTypes.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = Values.canonical(row[i], columnTypes[i]);
            }
            constraints.checkRow(values, ctx);
            if (pending != null) {
                pending.add(values);
            } else {
                count += insert(target, ctx, values, inserted);
            }
        }
        if (pending != null) {
            for (Object[] values : pending) {
                ctx.checkCancelled();
                count += insert(target, ctx, values, inserted);
            }
        }
        if (inserted != null) {
            constraints.afterInsert(ctx, inserted);
        }
        return count;
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
