package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.List;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.constraint.TableConstraints;
import org.verso.sql.type.ValueConverter;
import org.verso.common.type.DataType;

/**
 * Inserts every input row (already in table column order, omitted columns filled with their defaults). Values are
 * brought to the column classes here; range, length and NOT NULL checks are the table's, the other constraints
 * {@link TableConstraints}'. The input is read completely before
 * the first insert, so {@code INSERT INTO t SELECT ... FROM t} does not read its own new rows.
 */
public final class InsertNode extends ModifyNode {
    private final DataType[] columnTypes;
    private final TableConstraints constraints;

    public InsertNode(String table, PlanNode input, DataType[] columnTypes, TableConstraints constraints) {
        super(table, input);
        this.columnTypes = columnTypes;
        this.constraints = constraints;
    }

    @Override
    protected long apply(ExecContext ctx) {
        Table target = ctx.table(table);
        List<Object[]> rows = new ArrayList<>();
        RowSource source = input.open(ctx);
        for (Object[] row = source.next(); row != null; row = source.next()) {
            Object[] values = new Object[columnTypes.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = ValueConverter.canonical(row[i], columnTypes[i]);
            }
            constraints.checkRow(values, ctx);
            rows.add(values);
        }
        for (Object[] values : rows) {
            target.insert(ctx.transaction(), values);
        }
        constraints.afterInsert(ctx, rows);
        return rows.size();
    }
}
