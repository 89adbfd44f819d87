package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.List;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * Inserts every input row (already in table column order, missing columns NULL). The table converts the values to
 * the column types with SQL's assignment rules and checks them. The input is read completely before the first
 * insert, so {@code INSERT INTO t SELECT ... FROM t} does not read its own new rows.
 */
public final class InsertNode extends ModifyNode {
    public InsertNode(String table, PlanNode input) {
        super(table, input);
    }

    @Override
    protected long apply(ExecContext ctx) {
        Table target = ctx.table(table);
        List<Object[]> rows = new ArrayList<>();
        RowSource source = input.open(ctx);
        for (Object[] row = source.next(); row != null; row = source.next()) {
            rows.add(row);
        }
        for (Object[] values : rows) {
            target.insert(ctx.transaction(), values);
        }
        return rows.size();
    }
}
