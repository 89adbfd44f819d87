package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * WITH RECURSIVE, as PostgreSQL evaluates it: the seed's rows are returned and become the working table; then the
 * iterative part runs over the working table, its rows are returned and become the next working table, and so on
 * until a step returns no row. With UNION (not ALL), a row already returned is neither returned again nor put in
 * the working table, which is what ends a walk over a graph with cycles. Rows stream: each is returned as its step
 * produces it, so a LIMIT above stops the recursion early. A recursion that never ends runs until the statement is
 * cancelled or times out, as in PostgreSQL.
 */
public final class RepeatUnionNode implements PlanNode {
    private final PlanNode seed;
    private final PlanNode iterative;
    private final boolean all;
    private final String workingTable;

    public RepeatUnionNode(PlanNode seed, PlanNode iterative, boolean all, String workingTable) {
        this.seed = seed;
        this.iterative = iterative;
        this.all = all;
        this.workingTable = workingTable;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        Set<RowKey> seen = all ? null : new HashSet<>();
        return new RowSource() {
            private RowSource step = seed.open(ctx);
            private List<Object[]> produced = new ArrayList<>();

            @Override
            public Object[] next() {
                while (step != null) {
                    ctx.checkCancelled();
                    Object[] row = step.next();
                    if (row == null) {
                        nextStep();
                    } else if (seen == null || seen.add(RowKey.of(row))) {
                        produced.add(row);
                        return row;
                    }
                }
                return null;
            }

            /** The rows of the step that ended become the working table of the next, unless there were none. */
            private void nextStep() {
                if (produced.isEmpty()) {
                    step = null;
                    return;
                }
                ctx.setWorkingTable(workingTable, produced);
                produced = new ArrayList<>();
                step = iterative.open(ctx);
            }
        };
    }
}
