package org.verso.sql.exec.node;

import java.util.ArrayList;
import java.util.List;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;

/**
 * Nested-loop join: the right input is materialised once, then every left row is tested against every right row.
 * INNER, LEFT, RIGHT and FULL produce left columns followed by right columns (nulls for the missing side); SEMI
 * and ANTI produce left rows only.
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

    @Override
    public RowSource open(ExecContext ctx) {
        List<Object[]> rightRows = new ArrayList<>();
        RowSource r = right.open(ctx);
        for (Object[] row = r.next(); row != null; row = r.next()) {
            rightRows.add(row);
        }
        boolean[] rightMatched = new boolean[rightRows.size()];
        List<Object[]> out = new ArrayList<>();
        RowSource l = left.open(ctx);
        for (Object[] leftRow = l.next(); leftRow != null; leftRow = l.next()) {
            boolean matched = false;
            for (int i = 0; i < rightRows.size(); i++) {
                Object[] joined = Rows.concat(leftRow, rightRows.get(i));
                if (Boolean.TRUE.equals(condition.eval(joined, ctx))) {
                    matched = true;
                    rightMatched[i] = true;
                    if (type == JoinType.SEMI) {
                        break;
                    }
                    if (type != JoinType.ANTI) {
                        out.add(joined);
                    }
                }
            }
            if (matched ? type == JoinType.SEMI : type == JoinType.ANTI) {
                out.add(leftRow);
            } else if (!matched && (type == JoinType.LEFT || type == JoinType.FULL)) {
                out.add(Rows.concat(leftRow, new Object[rightWidth]));
            }
        }
        if (type == JoinType.RIGHT || type == JoinType.FULL) {
            for (int i = 0; i < rightRows.size(); i++) {
                if (!rightMatched[i]) {
                    out.add(Rows.concat(new Object[leftWidth], rightRows.get(i)));
                }
            }
        }
        var it = out.iterator();
        return () -> it.hasNext() ? it.next() : null;
    }
}
