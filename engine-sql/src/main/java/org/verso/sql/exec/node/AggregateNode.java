package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * Hash aggregation: output rows are the group key columns followed by one column per aggregate call.
 *
 * <p>With GROUPING SETS, ROLLUP or CUBE each input row joins one group in every grouping set; a group's row holds
 * NULL in the key columns its set leaves out, and GROUPING() tells those apart from NULL values. The rows of one
 * set come out together, sets in the order given. A set without columns (a plain aggregate without GROUP BY, or the
 * grand total of a ROLLUP) has exactly one row, even for empty input (COUNT(*) = 0, SUM = NULL).
 *
 * <p>It must read its whole input before its first row, and holds one accumulator set per group.
 */
public final class AggregateNode implements PlanNode {
    private final PlanNode input;
    private final int[] groupKeys;
    private final int[][] groupingSets;
    private final AggregateFunction[] functions;

    /** A plain GROUP BY on {@code groupKeys} (none: one group of every row). */
    public AggregateNode(PlanNode input, int[] groupKeys, AggregateFunction[] functions) {
        this(input, groupKeys, new int[][] {groupKeys}, functions);
    }

    /** {@code groupingSets}: for each set, the input columns it groups on, each one of {@code groupKeys}. */
    public AggregateNode(PlanNode input, int[] groupKeys, int[][] groupingSets, AggregateFunction[] functions) {
        this.input = input;
        this.groupKeys = groupKeys;
        this.groupingSets = groupingSets;
        this.functions = functions;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        List<Map<RowKey, Group>> sets = new ArrayList<>(groupingSets.length);
        for (int i = 0; i < groupingSets.length; i++) {
            sets.add(new LinkedHashMap<>());
        }
        RowSource source = input.open(ctx);
        for (Object[] next = source.next(); next != null; next = source.next()) {
            ctx.checkCancelled();
            Object[] row = next;
            for (int s = 0; s < groupingSets.length; s++) {
                int[] set = groupingSets[s];
                Group group = sets.get(s).computeIfAbsent(RowKey.ofColumns(row, set), k -> newGroup(row, set));
                for (int i = 0; i < functions.length; i++) {
                    if (functions[i].accepts(row)) {
                        group.accumulators[i].add(functions[i].input(row));
                    }
                }
            }
        }
        for (int s = 0; s < groupingSets.length; s++) {
            if (sets.get(s).isEmpty() && groupingSets[s].length == 0) {
                sets.get(s).put(RowKey.ofColumns(new Object[0], groupingSets[s]),
                    newGroup(new Object[0], groupingSets[s]));
            }
        }
        Iterator<Group> it = sets.stream().flatMap(groups -> groups.values().stream()).iterator();
        return () -> {
            ctx.checkCancelled();
            return it.hasNext() ? it.next().output() : null;
        };
    }

    /** A new group of grouping set {@code set}: its key columns from {@code firstRow}, NULL for those it omits. */
    private Group newGroup(Object[] firstRow, int[] set) {
        Object[] keys = new Object[groupKeys.length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = contains(set, groupKeys[i]) ? firstRow[groupKeys[i]] : null;
        }
        Accumulator[] accumulators = new Accumulator[functions.length];
        for (int i = 0; i < accumulators.length; i++) {
            accumulators[i] = functions[i].newAccumulator(column -> contains(set, column));
        }
        return new Group(keys, accumulators);
    }

    private static boolean contains(int[] set, int column) {
        for (int c : set) {
            if (c == column) {
                return true;
            }
        }
        return false;
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
