package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.List;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.type.ValueConverter;
import org.verso.common.type.DataType;

/**
 * Inserts every input row (already in table column order, missing columns NULL). Values are brought to the
 * column classes here; range, length and NOT NULL checks are the table's. The input is read completely before
 * the first insert, so {@code INSERT INTO t SELECT ... FROM t} does not read its own new rows.
 */
public final class InsertNode extends ModifyNode {
    private final DataType[] columnTypes;

    public InsertNode(String table, PlanNode input, DataType[] columnTypes) {
        super(table, input);
        this.columnTypes = columnTypes;
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
            rows.add(values);
        }
        for (Object[] values : rows) {
            target.insert(ctx.transaction(), values);
        }
        return rows.size();
    }
}
