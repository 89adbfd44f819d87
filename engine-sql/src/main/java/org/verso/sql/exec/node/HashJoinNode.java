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
 * Equi-join: the right input is loaded into a hash table on its key columns (the one input a hash join must hold),
 * then the left rows stream past it, each probing it. A key with a NULL never matches. {@code remainder} (may be
 * null) holds the non-equality conjuncts, tested on the joined row. INNER and LEFT return left columns followed by
 * right columns; SEMI returns matching left rows.
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
            ctx.checkCancelled();
            if (!hasNullKey(row, rightKeys)) {
                table.computeIfAbsent(RowKey.ofColumns(row, rightKeys), k -> new ArrayList<>()).add(row);
            }
        }
        RowSource probe = left.open(ctx);
        return new RowSource() {
            private Object[] leftRow;
            private List<Object[]> candidates = List.of();
            private int next;
            private boolean matched;

            @Override
            public Object[] next() {
                while (true) {
                    ctx.checkCancelled();
                    if (leftRow != null && next < candidates.size()) {
                        Object[] joined = Rows.concat(leftRow, candidates.get(next++));
                        if (remainder == null || Boolean.TRUE.equals(remainder.eval(joined, ctx))) {
                            matched = true;
                            if (type == JoinType.SEMI) {
                                Object[] row = leftRow;
                                leftRow = null;
                                return row;
                            }
                            return joined;
                        }
                        continue;
                    }
                    if (leftRow != null) {
                        Object[] unmatched = !matched && type == JoinType.LEFT
                            ? Rows.concat(leftRow, new Object[rightWidth]) : null;
                        leftRow = null;
                        if (unmatched != null) {
                            return unmatched;
                        }
                    }
                    leftRow = probe.next();
                    if (leftRow == null) {
                        return null;
                    }
                    candidates = hasNullKey(leftRow, leftKeys)
                        ? List.of()
                        : table.getOrDefault(RowKey.ofColumns(leftRow, leftKeys), List.of());
                    next = 0;
                    matched = false;
                }
            }

            @Override
            public long rowId() {
                return probe.rowId();
            }
        };
    }

    /** The probing (left) row's identity: every row returned has one. */
    @Override
    public boolean preservesRowId() {
        return left.preservesRowId();
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
