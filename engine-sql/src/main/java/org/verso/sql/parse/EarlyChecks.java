package org.verso.sql.parse;

import java.math.BigDecimal;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;

/**
 * What the grammar accepts but Calcite would fail on with an internal error rather than a user's error, checked
 * once a statement is parsed: a number literal that no type holds (more digits, or digits after the point, than
 * DECIMAL's {@link DataType#MAX_DECIMAL_PRECISION}, or a floating-point literal beyond DOUBLE's range) is 22003, and
 * COALESCE without arguments is the validator's argument-count error.
 */
final class EarlyChecks extends SqlBasicVisitor<Void> {
    static final EarlyChecks INSTANCE = new EarlyChecks();

    private EarlyChecks() {
    }

    @Override
    public Void visit(SqlLiteral literal) {
        if (literal instanceof SqlNumericLiteral number) {
            boolean outOfRange = number.isExact()
                ? number.getPrec() > DataType.MAX_DECIMAL_PRECISION
                    || number.getScale() != null && number.getScale() > DataType.MAX_DECIMAL_PRECISION
                : Double.isInfinite(number.getValueAs(BigDecimal.class).doubleValue());
            if (outOfRange) {
                throw ErrorCode.VALUE_OUT_OF_RANGE.exception(number.toValue(),
                    number.isExact() ? "DECIMAL(" + DataType.MAX_DECIMAL_PRECISION + ")" : "DOUBLE");
            }
        }
        return null;
    }

    @Override
    public Void visit(SqlCall call) {
        if (call.operandCount() == 0 && call.getOperator() instanceof SqlUnresolvedFunction function
            && function.getName().toUpperCase(Locale.ROOT).equals("COALESCE")) {
            throw ErrorCode.VALIDATION_ERROR.exception("Invalid number of arguments to function 'COALESCE'. Was "
                + "expecting at least 1 argument at line " + call.getParserPosition().getLineNum() + ", column "
                + call.getParserPosition().getColumnNum());
        }
        return super.visit(call);
    }
}
