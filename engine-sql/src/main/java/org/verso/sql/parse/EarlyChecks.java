package org.verso.sql.parse;

import java.math.BigDecimal;
import java.util.Locale;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlBasicAggFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.util.Optionality;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
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
 * COALESCE without arguments is the validator's argument-count error. It also changes the tree in two places
 * where Calcite's validator would otherwise be wrong: PERCENTILE_CONT gets the standard's result type
 * ({@link #PERCENTILE_CONT}; here because the parser names Calcite's operator itself rather than leaving the name
 * for the operator table to resolve), and a CASE's {@code WHEN NULL} gets its BOOLEAN type.
 */
final class EarlyChecks extends SqlBasicVisitor<Void> {
    static final EarlyChecks INSTANCE = new EarlyChecks();

    /**
     * PERCENTILE_CONT answering DOUBLE, as the standard and PostgreSQL have it: Calcite types it as its ORDER BY
     * column, so that the 0.25 percentile of the integers 0, 5, 7 and 10 was 4 instead of 3.75.
     */
    static final SqlAggFunction PERCENTILE_CONT = SqlBasicAggFunction
        .create(SqlKind.PERCENTILE_CONT, ReturnTypes.DOUBLE.andThen(SqlTypeTransforms.FORCE_NULLABLE),
            OperandTypes.UNIT_INTERVAL_NUMERIC_LITERAL)
        .withFunctionType(SqlFunctionCategory.SYSTEM)
        .withGroupOrder(Optionality.MANDATORY)
        .withPercentile(true)
        .withAllowsFraming(false);

    private EarlyChecks() {
    }

    /**
     * {@code WHEN NULL} becomes {@code WHEN CAST(NULL AS BOOLEAN)}, which it means, and so does a NULL operand of
     * AND, OR and NOT: Calcite's validator types such a NULL as BOOLEAN in a CASE of its own, but not in a CASE inside
     * another CASE's THEN, where it failed the valid statement with "Expected a boolean type".
     */
    private static void typeNullConditions(SqlNodeList conditions) {
        for (int i = 0; i < conditions.size(); i++) {
            if (isNullLiteral(conditions.get(i))) {
                conditions.set(i, nullBoolean((SqlLiteral) conditions.get(i)));
            }
        }
    }

    private static boolean isNullLiteral(SqlNode node) {
        return node instanceof SqlLiteral literal && literal.getTypeName() == SqlTypeName.NULL;
    }

    private static SqlNode nullBoolean(SqlLiteral literal) {
        SqlParserPos pos = literal.getParserPosition();
        return SqlStdOperatorTable.CAST.createCall(pos, literal,
            new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.BOOLEAN, pos), pos));
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
        if (call.getOperator() == SqlStdOperatorTable.PERCENTILE_CONT && call instanceof SqlBasicCall basic) {
            basic.setOperator(PERCENTILE_CONT);
        }
        if (call instanceof SqlCase searched && searched.getValueOperand() == null) {
            typeNullConditions(searched.getWhenOperands());
        }
        if ((call.getKind() == SqlKind.AND || call.getKind() == SqlKind.OR || call.getKind() == SqlKind.NOT)
            && call instanceof SqlBasicCall logical) {
            for (int i = 0; i < logical.operandCount(); i++) {
                if (isNullLiteral(logical.operand(i))) {
                    logical.setOperand(i, nullBoolean((SqlLiteral) logical.operand(i)));
                }
            }
        }
        if (call.operandCount() == 0 && call.getOperator() instanceof SqlUnresolvedFunction function
            && function.getName().toUpperCase(Locale.ROOT).equals("COALESCE")) {
            throw ErrorCode.VALIDATION_ERROR.exception("Invalid number of arguments to function 'COALESCE'. Was "
                + "expecting at least 1 argument at line " + call.getParserPosition().getLineNum() + ", column "
                + call.getParserPosition().getColumnNum());
        }
        return super.visit(call);
    }
}
