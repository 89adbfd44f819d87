package org.verso.sql.exec.node;

import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;

/**
 * Correlated nested loop: for each left row, binds correlation {@code id} to it and opens the right side afresh, so
 * the right side's references to the enclosing row read that row (and its key lookups and index scans probe with
 * its values). Streams on both sides: only the current left row's right side is open.
 */
public final class CorrelateNode implements PlanNode {
    private final PlanNode left;
    private final PlanNode right;
    private final int id;
    private final JoinType type;
    private final int rightWidth;

    /** {@code type} is INNER, LEFT, SEMI or ANTI. */
    public CorrelateNode(PlanNode left, PlanNode right, int id, JoinType type, int rightWidth) {
        this.left = left;
        this.right = right;
        this.id = id;
        this.type = type;
        this.rightWidth = rightWidth;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        RowSource outer = left.open(ctx);
        return new RowSource() {
            private Object[] leftRow;
            private RowSource inner;
            private boolean matched;

            @Override
            public Object[] next() {
                while (true) {
                    ctx.checkCancelled();
                    if (inner == null) {
                        leftRow = outer.next();
                        if (leftRow == null) {
                            return null;
                        }
                        ctx.bindCorrelation(id, leftRow);
                        inner = right.open(ctx);
                        matched = false;
                    }
                    Object[] rightRow = inner.next();
                    if (rightRow != null) {
                        matched = true;
                        switch (type) {
                            case SEMI -> {
                                inner = null;
                                return leftRow;
                            }
                            case ANTI -> inner = null;
                            default -> {
                                return Rows.concat(leftRow, rightRow);
                            }
                        }
                        continue;
                    }
                    inner = null;
                    if (!matched && type == JoinType.LEFT) {
                        return Rows.concat(leftRow, new Object[rightWidth]);
                    }
                    if (!matched && type == JoinType.ANTI) {
                        return leftRow;
                    }
                }
            }

            @Override
            public long rowId() {
                return outer.rowId();
            }
        };
    }

    /** The left row's identity: every row returned has one. */
    @Override
    public boolean preservesRowId() {
        return left.preservesRowId();
    }
}
