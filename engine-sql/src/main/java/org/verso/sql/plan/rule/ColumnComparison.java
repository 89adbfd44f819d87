package org.verso.sql.plan.rule;

import java.util.List;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

/**
 * A conjunct of the form {@code column op value} (or {@code value op column}, turned around), where the value is
 * a value known when the operator opens (see {@link #isValue}): what the index rules can bound a key column with.
 *
 * @param kind EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN or GREATER_THAN_OR_EQUAL, read with the column on
 *             the left
 */
public record ColumnComparison(int column, SqlKind kind, RexNode value) {
    /** The comparison {@code conjunct} states, or null if it is not one. */
    public static ColumnComparison of(RexNode conjunct) {
        SqlKind kind = conjunct.getKind();
        if (kind != SqlKind.EQUALS && kind != SqlKind.LESS_THAN && kind != SqlKind.LESS_THAN_OR_EQUAL
            && kind != SqlKind.GREATER_THAN && kind != SqlKind.GREATER_THAN_OR_EQUAL) {
            return null;
        }
        List<RexNode> operands = ((RexCall) conjunct).getOperands();
        if (operands.get(0) instanceof RexInputRef ref && isValue(operands.get(1))) {
            return new ColumnComparison(ref.getIndex(), kind, operands.get(1));
        }
        if (operands.get(1) instanceof RexInputRef ref && isValue(operands.get(0))) {
            return new ColumnComparison(ref.getIndex(), kind.reverse(), operands.get(0));
        }
        return null;
    }

    public boolean isEquality() {
        return kind == SqlKind.EQUALS;
    }

    /**
     * Records this comparison's value in {@code keyValues} if it is {@code column = value} for a column of
     * {@code key} (column positions, in key order) that has no value yet; returns whether it did.
     */
    public boolean bindsKey(int[] key, RexNode[] keyValues) {
        if (!isEquality()) {
            return false;
        }
        for (int k = 0; k < key.length; k++) {
            if (key[k] == column && keyValues[k] == null) {
                keyValues[k] = value;
                return true;
            }
        }
        return false;
    }

    /** {@code column > value} or {@code column >= value}. */
    boolean isLowerBound() {
        return kind == SqlKind.GREATER_THAN || kind == SqlKind.GREATER_THAN_OR_EQUAL;
    }

    /** {@code column < value} or {@code column <= value}. */
    boolean isUpperBound() {
        return kind == SqlKind.LESS_THAN || kind == SqlKind.LESS_THAN_OR_EQUAL;
    }

    boolean inclusive() {
        return kind == SqlKind.EQUALS || kind == SqlKind.LESS_THAN_OR_EQUAL || kind == SqlKind.GREATER_THAN_OR_EQUAL;
    }

    /**
     * A non-null literal, a dynamic parameter, or an expression of neither the row nor anything that varies per
     * call (a correlated subquery's {@code outer.a + 1}): a value the operator can evaluate when it opens.
     */
    private static boolean isValue(RexNode node) {
        if (node instanceof RexDynamicParam) {
            return true;
        }
        if (node instanceof RexLiteral literal) {
            return !literal.isNull();
        }
        return (node instanceof RexCall || node instanceof RexFieldAccess) && !RexUtil.containsInputRef(node)
            && RexUtil.isDeterministic(node) && !RexOver.containsOver(node);
    }
}
