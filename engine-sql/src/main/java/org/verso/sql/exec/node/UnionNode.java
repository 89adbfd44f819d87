package org.verso.sql.exec.node;

import java.util.HashSet;
import java.util.Set;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/** UNION ALL: the inputs one after the other; UNION: the same without duplicate rows. */
public final class UnionNode implements PlanNode {
    private final PlanNode[] inputs;
    private final boolean all;

    public UnionNode(PlanNode[] inputs, boolean all) {
        this.inputs = inputs;
        this.all = all;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        Set<RowKey> seen = all ? null : new HashSet<>();
        return new RowSource() {
            private int current = -1;
            private RowSource source;

            @Override
            public Object[] next() {
                while (true) {
                    if (source == null) {
                        if (++current >= inputs.length) {
                            return null;
                        }
                        source = inputs[current].open(ctx);
                    }
                    ctx.checkCancelled();
                    Object[] row = source.next();
                    if (row == null) {
                        source = null;
                    } else if (seen == null || seen.add(RowKey.of(row))) {
                        return row;
                    }
                }
            }
        };
    }
}
