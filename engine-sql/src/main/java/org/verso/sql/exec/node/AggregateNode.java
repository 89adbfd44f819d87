package org.verso.sql.exec.node;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * Hash aggregation: output rows are the group key columns followed by one column per aggregate call. Without
 * GROUP BY there is exactly one output row, even for empty input (COUNT(*) = 0, SUM = NULL). It must read its
 * whole input before its first row, and holds one accumulator set per group.
 */
public final class AggregateNode implements PlanNode {
    private final PlanNode input;
    private final int[] groupKeys;
    private final AggregateFunction[] functions;

    public AggregateNode(PlanNode input, int[] groupKeys, AggregateFunction[] functions) {
        this.input = input;
        this.groupKeys = groupKeys;
        this.functions = functions;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        Map<RowKey, Group> groups = new LinkedHashMap<>();
        RowSource source = input.open(ctx);
        for (Object[] next = source.next(); next != null; next = source.next()) {
            ctx.checkCancelled();
            Object[] row = next;
            Group group = groups.computeIfAbsent(RowKey.ofColumns(row, groupKeys), k -> newGroup(row));
            for (int i = 0; i < functions.length; i++) {
                if (functions[i].accepts(row)) {
                    group.accumulators[i].add(functions[i].argument(row));
                }
            }
        }
        if (groups.isEmpty() && groupKeys.length == 0) {
            groups.put(RowKey.ofColumns(new Object[0], groupKeys), newGroup(new Object[0]));
        }
        Iterator<Group> it = groups.values().iterator();
        return () -> {
            ctx.checkCancelled();
            return it.hasNext() ? it.next().output() : null;
        };
    }

    private Group newGroup(Object[] firstRow) {
        Object[] keys = new Object[groupKeys.length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = firstRow[groupKeys[i]];
        }
        Accumulator[] accumulators = new Accumulator[functions.length];
        for (int i = 0; i < accumulators.length; i++) {
            accumulators[i] = functions[i].newAccumulator();
        }
        return new Group(keys, accumulators);
    }

    private record Group(Object[] keys, Accumulator[] accumulators) {
        Object[] output() {
            Object[] out = new Object[keys.length + accumulators.length];
            System.arraycopy(keys, 0, out, 0, keys.length);
            for (int i = 0; i < accumulators.length; i++) {
                out[keys.length + i] = accumulators[i].result();
            }
            return out;
        }
    }
}
