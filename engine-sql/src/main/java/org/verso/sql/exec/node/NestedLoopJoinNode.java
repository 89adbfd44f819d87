package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.List;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;

/**
 * Nested-loop join: the right input is materialised once, then the left rows stream past it and each is tested
 * against every right row. INNER, LEFT, RIGHT and FULL produce left columns followed by right columns (nulls for
 * the missing side), RIGHT and FULL adding the unmatched right rows after the last left row; SEMI and ANTI produce
 * left rows only.
 */
public final class NestedLoopJoinNode implements PlanNode {
    private final PlanNode left;
    private final PlanNode right;
    private final Expr condition;
    private final JoinType type;
    private final int leftWidth;
    private final int rightWidth;

    public NestedLoopJoinNode(PlanNode left, PlanNode right, Expr condition, JoinType type, int leftWidth,
                              int rightWidth) {
        this.left = left;
        this.right = right;
        this.condition = condition;
        this.type = type;
        this.leftWidth = leftWidth;
        this.rightWidth = rightWidth;
    }

    /** The left row's identity, where every row returned has a left row (not for RIGHT and FULL joins). */
    @Override
    public boolean preservesRowId() {
        return type != JoinType.RIGHT && type != JoinType.FULL && left.preservesRowId();
    }

    @Override
    public RowSource open(ExecContext ctx) {
        List<Object[]> rightRows = new ArrayList<>();
        RowSource r = right.open(ctx);
        for (Object[] row = r.next(); row != null; row = r.next()) {
            ctx.checkCancelled();
            rightRows.add(row);
        }
        boolean[] rightMatched = new boolean[rightRows.size()];
        RowSource l = left.open(ctx);
        return new RowSource() {
            private Object[] leftRow;
            private int next;
            private boolean matched;
            private boolean leftDone;
            private int unmatchedRight;

            @Override
            public Object[] next() {
                while (!leftDone) {
                    ctx.checkCancelled();
                    if (leftRow == null) {
                        leftRow = l.next();
                        if (leftRow == null) {
                            leftDone = true;
                            break;
                        }
                        next = 0;
                        matched = false;
                    }
                    if (next < rightRows.size()) {
                        int i = next++;
                        Object[] joined = Rows.concat(leftRow, rightRows.get(i));
                        if (Boolean.TRUE.equals(condition.eval(joined, ctx))) {
                            matched = true;
                            rightMatched[i] = true;
                            if (type == JoinType.SEMI) {
                                return finishLeft(leftRow);
                            }
                            if (type != JoinType.ANTI) {
                                return joined;
                            }
                        }
                        continue;
                    }
                    Object[] row = leftRow;
                    leftRow = null;
                    if (!matched && type == JoinType.ANTI) {
                        return row;
                    }
                    if (!matched && (type == JoinType.LEFT || type == JoinType.FULL)) {
                        return Rows.concat(row, new Object[rightWidth]);
                    }
                }
                if (type == JoinType.RIGHT || type == JoinType.FULL) {
                    while (unmatchedRight < rightRows.size()) {
                        ctx.checkCancelled();
                        int i = unmatchedRight++;
                        if (!rightMatched[i]) {
                            return Rows.concat(new Object[leftWidth], rightRows.get(i));
                        }
                    }
                }
                return null;
            }

            @Override
            public long rowId() {
                return l.rowId();
            }

            /** A SEMI join returns a left row at its first match and moves on to the next left row. */
            private Object[] finishLeft(Object[] row) {
                leftRow = null;
                return row;
            }
        };
    }
}
