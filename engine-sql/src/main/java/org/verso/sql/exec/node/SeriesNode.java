package org.verso.sql.exec.node;

import java.math.BigDecimal;
import org.verso.common.ErrorCode;
import org.verso.common.SqlState;
import org.verso.common.VersoException;
import org.verso.sql.exec.ExecContext;
import org.verso.sql.exec.PlanNode;
import org.verso.sql.exec.RowSource;
import org.verso.sql.exec.expr.Expr;

/**
 * {@code generate_series(start, stop, step)}: one row per value from start while it has not passed stop, each
 * value computed as its row is pulled, so that a LIMIT stops the series early. The arguments are evaluated when
 * the operator opens. As in PostgreSQL: NULL in any argument gives no rows, a stop before the start in the step's
 * direction gives none, a step of zero is 22023; the series ends where the next value would leave its type's range.
 */
public final class SeriesNode implements PlanNode {
    private static final Object[] NO_ROW = new Object[0];

    private final Expr start;
    private final Expr stop;
    private final Expr step;
    private final Expr advance;
    private final Expr withinUp;
    private final Expr withinDown;

    /**
     * @param advance    over the row {@code [value, step]}: the next value
     * @param withinUp   over the row {@code [value, stop]}: whether the value is at most stop
     * @param withinDown over the row {@code [value, stop]}: whether the value is at least stop
     */
    public SeriesNode(Expr start, Expr stop, Expr step, Expr advance, Expr withinUp, Expr withinDown) {
        this.start = start;
        this.stop = stop;
        this.step = step;
        this.advance = advance;
        this.withinUp = withinUp;
        this.withinDown = withinDown;
    }

    @Override
    public RowSource open(ExecContext ctx) {
        Object first = start.eval(NO_ROW, ctx);
        Object last = stop.eval(NO_ROW, ctx);
        Object by = step.eval(NO_ROW, ctx);
        if (first == null || last == null || by == null) {
            return () -> null;
        }
        int direction = by instanceof BigDecimal decimal ? decimal.signum() : Long.signum(((Number) by).longValue());
        if (direction == 0) {
            throw ErrorCode.INVALID_ARGUMENT.exception("step size cannot equal zero");
        }
        Expr within = direction > 0 ? withinUp : withinDown;
        return new RowSource() {
            private Object current = first;
            private boolean ended;

            @Override
            public Object[] next() {
                ctx.checkCancelled();
                if (ended || !Boolean.TRUE.equals(within.eval(new Object[] {current, last}, ctx))) {
                    ended = true;
                    return null;
                }
                Object value = current;
                try {
                    current = advance.eval(new Object[] {current, by}, ctx);
                } catch (VersoException e) {
                    if (!e.sqlState().equals(SqlState.NUMERIC_VALUE_OUT_OF_RANGE)
                        && !e.sqlState().equals(SqlState.DATETIME_FIELD_OVERFLOW)) {
                        throw e;
                    }
                    ended = true; // the value after this one is past the type's range, so past stop too
                } catch (ArithmeticException e) {
                    ended = true;
                }
                return new Object[] {value};
            }
        };
    }
}
