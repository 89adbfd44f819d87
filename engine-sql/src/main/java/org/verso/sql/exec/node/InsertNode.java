package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.List;
import org.verso.core.table.Table;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * Inserts every input row (already in table column order, missing columns NULL). The table converts the values to
 * the column types with SQL's assignment rules and checks them.
 *
 * <p>Rows stream from the input to the table, unless the input reads the target table itself: then the input is
 * read completely before the first insert, so {@code INSERT INTO t SELECT ... FROM t} never reads its own new rows
 * (the Halloween problem).
 */
public final class InsertNode extends ModifyNode {
    private final boolean inputReadsTarget;

    public InsertNode(String table, PlanNode input, boolean inputReadsTarget) {
        super(table, input);
        this.inputReadsTarget = inputReadsTarget;
    }

    @Override
    protected long apply(ExecContext ctx) {
        Table target = ctx.table(table);
        RowSource source = input.open(ctx);
        if (!inputReadsTarget) {
            long count = 0;
            for (Object[] row = source.next(); row != null; row = source.next()) {
                ctx.checkCancelled();
                target.insert(ctx.transaction(), row);
                count++;
            }
            return count;
        }
        List<Object[]> rows = new ArrayList<>();
        for (Object[] row = source.next(); row != null; row = source.next()) {
            ctx.checkCancelled();
            rows.add(row);
        }
        for (Object[] values : rows) {
            ctx.checkCancelled();
            target.insert(ctx.transaction(), values);
        }
        return rows.size();
    }
}
