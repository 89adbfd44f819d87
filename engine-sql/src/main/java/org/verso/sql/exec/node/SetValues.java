package org.verso.sql.exec.node;

import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;

/**
 * The values a SET clause assigns, and the condition under which it assigns them, computed from the row it
 * updates followed by another row (ON CONFLICT's proposed row, MERGE's source row). Expressions are evaluated
 * over that row directly; where one holds a subquery, the whole clause is a query over a row of parameters, planned
 * as any query is, which runs with the two rows' values bound after the statement's own parameters.
 */
public interface SetValues {
    /** The values, in the order of the columns they are assigned to, or null if the condition does not hold. */
    Object[] compute(Object[] both, ExecContext ctx);

    /** The values of {@code values}, where {@code condition} (or no condition, if null) holds. */
    static SetValues of(Expr[] values, Expr condition) {
        return (both, ctx) -> {
            if (condition != null && !Boolean.TRUE.equals(condition.eval(both, ctx))) {
                return null;
            }
            Object[] result = new Object[values.length];
            for (int i = 0; i < values.length; i++) {
                result[i] = values[i].eval(both, ctx);
            }
            return result;
        };
    }

    /**
     * The first {@code count} columns of the one row {@code query} returns with the two rows' values bound after
     * the statement's parameters; if it returns one column more, that is the condition.
     */
    static SetValues planned(PlanNode query, int count, boolean conditional) {
        return (both, ctx) -> {
            RowSource rows = query.open(ctx.withTrailingParams(both));
            Object[] row = rows.next();
            if (conditional && !Boolean.TRUE.equals(row[count])) {
                return null;
            }
            Object[] result = new Object[count];
            System.arraycopy(row, 0, result, 0, count);
            return result;
        };
    }
}
