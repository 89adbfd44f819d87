package org.verso.sql.prepare;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexContext;

/**
 * The conversion of {@code =} and {@code <>}: between exact numbers of different types, they compare the operands
 * as they are. Calcite casts both to their least restrictive type, which at
 * 38 digits keeps no scale (DECIMAL(38, 0) against DECIMAL(10, 2) compared 1.8 as 2); Verso's evaluator compares
 * exact numbers by value. The ordering comparisons get no cast from Calcite here, and none from the validator
 * ({@link org.verso.sql.type.VersoTypeCoercion}).
 */
final class ExactComparisons {
    private ExactComparisons() {
    }

    /** Whether {@link #convertlet} applies to the call. */
    static boolean applies(SqlCall call) {
        return (call.getKind() == SqlKind.EQUALS || call.getKind() == SqlKind.NOT_EQUALS) && call.operandCount() == 2;
    }

    /** The comparison's convertlet; {@code standard} is Calcite's, used where the operands have one type. */
    static SqlRexConvertlet convertlet(SqlRexConvertlet standard) {
        return (cx, comparison) -> exactNumbersOfDifferentTypes(cx, comparison)
            ? cx.getRexBuilder().makeCall(comparison.getParserPosition(), comparison.getOperator(),
                List.of(cx.convertExpression(comparison.operand(0)), cx.convertExpression(comparison.operand(1))))
            : standard.convertCall(cx, comparison);
    }

    /** The operands' types as the validator derived them: the convertlet runs before they are converted. */
    private static boolean exactNumbersOfDifferentTypes(SqlRexContext cx, SqlCall call) {
        RelDataType left = cx.getValidator().getValidatedNodeTypeIfKnown(call.operand(0));
        RelDataType right = cx.getValidator().getValidatedNodeTypeIfKnown(call.operand(1));
        return left != null && right != null && SqlTypeUtil.isExactNumeric(left) && SqlTypeUtil.isExactNumeric(right)
            && !SqlTypeUtil.equalSansNullability(cx.getTypeFactory(), left, right);
    }
}
