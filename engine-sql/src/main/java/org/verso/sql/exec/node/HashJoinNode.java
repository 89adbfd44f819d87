package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;

/**
 * Equi-join: the right input is loaded into a hash table on its key columns, then each left row probes it. A key
 * with a NULL never matches. {@code remainder} (may be null) holds the non-equality conjuncts, tested on the
 * joined row. INNER and LEFT return left columns followed by right columns; SEMI returns matching left rows.
 */
public final class HashJoinNode implements PlanNode {
    private final PlanNode left;
    private final PlanNode right;
    private final int[] leftKeys;
    private final int[] rightKeys;
    private final Expr remainder;
    private final JoinType type;
    private final int rightWidth;

    public HashJoinNode(PlanNode left, PlanNode right, int[] leftKeys, int[] rightKeys, Expr remainder,
                        JoinType type, int rightWidth) {
        this.left = left;
        this.right = right;
        this.leftKeys = leftKeys;
        this.rightKeys = rightKeys;
        this.remainder = remainder;
        this.type = type;
        this.rightWidth = rightWidth;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        Map<RowKey, List<Object[]>> table = new HashMap<>();
        RowSource build = right.open(ctx);
        for (Object[] row = build.next(); row != null; row = build.next()) {
            if (!hasNullKey(row, rightKeys)) {
                table.computeIfAbsent(RowKey.ofColumns(row, rightKeys), k -> new ArrayList<>()).add(row);
            }
        }
        List<Object[]> out = new ArrayList<>();
        RowSource probe = left.open(ctx);
        for (Object[] leftRow = probe.next(); leftRow != null; leftRow = probe.next()) {
            List<Object[]> candidates = hasNullKey(leftRow, leftKeys)
                ? List.of()
                : table.getOrDefault(RowKey.ofColumns(leftRow, leftKeys), List.of());
            boolean matched = false;
            for (Object[] rightRow : candidates) {
                Object[] joined = Rows.concat(leftRow, rightRow);
                if (remainder == null || Boolean.TRUE.equals(remainder.eval(joined, ctx))) {
                    matched = true;
                    if (type == JoinType.SEMI) {
                        break;
                    }
                    out.add(joined);
                }
            }
            if (matched && type == JoinType.SEMI) {
                out.add(leftRow);
            } else if (!matched && type == JoinType.LEFT) {
                out.add(Rows.concat(leftRow, new Object[rightWidth]));
            }
        }
        var it = out.iterator();
        return () -> it.hasNext() ? it.next() : null;
    }

    private static boolean hasNullKey(Object[] row, int[] keys) {
        for (int k : keys) {
            if (row[k] == null) {
                return true;
            }
        }
        return false;
    }
}
