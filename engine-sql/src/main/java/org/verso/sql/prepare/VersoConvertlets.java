package org.verso.sql.prepare;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * Calcite's conversion of calls to row expressions, with two exceptions: {@code =} and {@code <>} between exact
 * numbers of different types ({@link ExactComparisons}), and the variance and standard deviation functions over a
 * window, which stay calls of the function. Calcite expands those into sums of squares and a square root in the
 * argument's type, which in a DECIMAL average type (38 digits, 16 after the point) overflows for values above 100;
 * Verso's window operator computes them as its aggregate operator does.
 */
final class VersoConvertlets implements SqlRexConvertletTable {
    static final VersoConvertlets INSTANCE = new VersoConvertlets();

    private VersoConvertlets() {
    }

    @Override
    public SqlRexConvertlet get(SqlCall call) {
        SqlRexConvertlet standard = StandardConvertletTable.INSTANCE.get(call);
        if (standard == null) {
            return null;
        }
        if (ExactComparisons.applies(call)) {
            return ExactComparisons.convertlet(standard);
        }
        if (call.getKind() == SqlKind.STDDEV_POP || call.getKind() == SqlKind.STDDEV_SAMP
            || call.getKind() == SqlKind.VAR_POP || call.getKind() == SqlKind.VAR_SAMP) {
            return (cx, aggregate) -> cx.getRexBuilder().makeCall(aggregate.getParserPosition(),
                cx.getValidator().getValidatedNodeType(aggregate), aggregate.getOperator(),
                List.of(cx.convertExpression(aggregate.operand(0))));
        }
        return standard;
    }
}
