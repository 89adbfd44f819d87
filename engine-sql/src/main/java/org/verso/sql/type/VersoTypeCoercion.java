package org.verso.sql.type;

import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * Calcite's implicit coercion, except that exact numbers of different types are compared as they are. Calcite
 * casts both operands of a comparison (and of BETWEEN, IN and a join's USING columns) to one common type, which at
 * 38 digits keeps the integer digits and drops the scale: DECIMAL(38, 0) against DECIMAL(10, 2) compared 1.8 as 2.
 * Verso's evaluator compares any two exact numbers by value, so no cast is needed, and none can lose a digit.
 *
 * <p>And a DATE plus or minus a whole number moves the date by that many days, as in PostgreSQL ({@code
 * CURRENT_DATE - 7}): the number becomes {@code n * INTERVAL '1' DAY}, which Calcite's date arithmetic takes. A
 * DATE minus a DATE is the whole number of days between them, as in PostgreSQL: each date becomes its day number
 * ({@link #EPOCH_DAY}), and the subtraction is one of integers.
 *
 * <p>And a date or time is not assigned to a number column, nor a number to a date or time column, as PostgreSQL
 * assigns neither: Calcite would insert a cast that can only fail when a row reaches it (22018), or never, if none
 * does; refused here, the statement fails while it is planned (42804).
 */
public final class VersoTypeCoercion extends TypeCoercionImpl {
    /**
     * A DATE's day number, days since 1970-01-01 (the engine's own value of a DATE), as an INTEGER. Only this class
     * makes calls of it: it is in no operator table, so its type is derived from its operand, without a lookup, and
     * its text is {@code (d - DATE '1970-01-01')}, which validation turns into it again.
     */
    public static final SqlFunction EPOCH_DAY = new SqlFunction("EPOCH_DAY", SqlKind.OTHER_FUNCTION,
        ReturnTypes.INTEGER_NULLABLE, null, OperandTypes.DATE, SqlFunctionCategory.TIMEDATE) {
        @Override
        public RelDataType deriveType(SqlValidator validator, SqlValidatorScope scope, SqlCall call) {
            for (SqlNode operand : call.getOperandList()) {
                validator.deriveType(scope, operand);
            }
            return validateOperands(validator, scope, call);
        }

        /** Written back as the subtraction it stands for, so that a view's text parses and reads alike. */
        @Override
        public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
            SqlWriter.Frame frame = writer.startList("(", ")");
            call.operand(0).unparse(writer, 0, 0);
            writer.sep("-");
            writer.literal("DATE '1970-01-01'");
            writer.endList(frame);
        }
    };

    public VersoTypeCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
        super(typeFactory, validator);
    }

    @Override
    public RelDataType commonTypeForBinaryComparison(RelDataType type1, RelDataType type2) {
        if (type1 != null && type2 != null && SqlTypeUtil.isExactNumeric(type1) && SqlTypeUtil.isExactNumeric(type2)
            && !type1.equals(type2)) {
            return null;
        }
        return super.commonTypeForBinaryComparison(type1, type2);
    }

    @Override
    public boolean querySourceCoercion(SqlValidatorScope scope, RelDataType sourceRowType, RelDataType targetRowType,
                                       SqlNode query) {
        for (int i = 0; i < sourceRowType.getFieldCount(); i++) {
            RelDataType source = sourceRowType.getFieldList().get(i).getType();
            RelDataType target = targetRowType.getFieldList().get(i).getType();
            if (SqlTypeUtil.isNumeric(target) && SqlTypeUtil.isDatetime(source)
                || SqlTypeUtil.isDatetime(target) && SqlTypeUtil.isNumeric(source)) {
                return false;
            }
        }
        return super.querySourceCoercion(scope, sourceRowType, targetRowType, query);
    }

    @Override
    public boolean binaryArithmeticCoercion(SqlCallBinding binding) {
        SqlKind kind = binding.getOperator().getKind();
        if ((kind == SqlKind.PLUS || kind == SqlKind.MINUS) && binding.getOperandCount() == 2) {
            boolean dateFirst = isDate(binding.getOperandType(0)) && isWholeNumber(binding.getOperandType(1));
            boolean dateSecond = kind == SqlKind.PLUS && isWholeNumber(binding.getOperandType(0))
                && isDate(binding.getOperandType(1));
            if (dateFirst || dateSecond) {
                return days(binding, dateFirst ? 1 : 0);
            }
            if (kind == SqlKind.MINUS && isDate(binding.getOperandType(0)) && isDate(binding.getOperandType(1))
                && !(binding.operand(0) instanceof SqlDynamicParam) && !(binding.operand(1) instanceof SqlDynamicParam)) {
                dayNumber(binding, 0);
                dayNumber(binding, 1);
                return true;
            }
        }
        return super.binaryArithmeticCoercion(binding);
    }

    /** Replaces the whole number at {@code index} by that many days, an interval. */
    private boolean days(SqlCallBinding binding, int index) {
        SqlCall call = binding.getCall();
        SqlNode number = call.operand(index);
        SqlParserPos pos = number.getParserPosition();
        SqlNode oneDay = SqlLiteral.createInterval(1, "1", new SqlIntervalQualifier(TimeUnit.DAY, null, pos), pos);
        SqlNode days = SqlStdOperatorTable.MULTIPLY.createCall(pos, number, oneDay);
        call.setOperand(index, days);
        validator.deriveType(binding.getScope(), days);
        return true;
    }

    /** Replaces the DATE at {@code index} by its day number. */
    private void dayNumber(SqlCallBinding binding, int index) {
        SqlCall call = binding.getCall();
        SqlNode date = call.operand(index);
        SqlNode number = EPOCH_DAY.createCall(date.getParserPosition(), date);
        call.setOperand(index, number);
        validator.deriveType(binding.getScope(), number);
    }

    private static boolean isDate(RelDataType type) {
        return type.getSqlTypeName() == SqlTypeName.DATE;
    }

    private static boolean isWholeNumber(RelDataType type) {
        return SqlTypeUtil.isIntType(type);
    }
}
