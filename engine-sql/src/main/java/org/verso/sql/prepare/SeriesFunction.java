package org.verso.sql.prepare;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlTableFunction;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * PostgreSQL's {@code generate_series(start, stop [, step])} in FROM: the numbers from start to stop by step (1 if
 * omitted), or the timestamps from start to stop by an interval, as one column named GENERATE_SERIES (or by the
 * alias the FROM item gives it). The column's type is the arguments' common exact numeric type, or TIMESTAMP (a
 * DATE start or stop counts as a timestamp, as in PostgreSQL). Run by {@code exec.node.SeriesNode}.
 */
public final class SeriesFunction extends SqlFunction implements SqlTableFunction {
    /** The name of the column, when no alias names it. */
    public static final String COLUMN = "GENERATE_SERIES";

    SeriesFunction() {
        super("GENERATE_SERIES", SqlKind.OTHER_FUNCTION, ReturnTypes.CURSOR, InferTypes.FIRST_KNOWN,
            new Arguments(), SqlFunctionCategory.USER_DEFINED_TABLE_FUNCTION);
    }

    /**
     * Two or three exact numbers, or a date or timestamp, another and an interval; NULL stands for any. Checked
     * without implicit casts, so that text arguments are refused rather than read as numbers when the rows run.
     */
    private static final class Arguments implements SqlOperandTypeChecker {
        @Override
        public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
            List<RelDataType> types = binding.collectOperandTypes();
            boolean numbers = types.stream().allMatch(t -> isNull(t) || SqlTypeUtil.isExactNumeric(t));
            boolean datetimes = types.size() == 3 && types.subList(0, 2).stream().allMatch(t -> isNull(t)
                || t.getSqlTypeName() == SqlTypeName.DATE || t.getSqlTypeName() == SqlTypeName.TIMESTAMP)
                && (isNull(types.get(2)) || SqlTypeUtil.isInterval(types.get(2)))
                && !(isNull(types.get(0)) && isNull(types.get(1)));
            if (numbers || datetimes) {
                return true;
            }
            if (throwOnFailure) {
                throw binding.newValidationSignatureError();
            }
            return false;
        }

        private static boolean isNull(RelDataType type) {
            return type.getSqlTypeName() == SqlTypeName.NULL;
        }

        @Override
        public SqlOperandCountRange getOperandCountRange() {
            return SqlOperandCountRanges.between(2, 3);
        }

        @Override
        public String getAllowedSignatures(SqlOperator op, String opName) {
            return opName + "(<EXACT_NUMERIC>, <EXACT_NUMERIC> [, <EXACT_NUMERIC>]), "
                + opName + "(<TIMESTAMP>, <TIMESTAMP>, <INTERVAL>)";
        }
    }

    @Override
    public SqlReturnTypeInference getRowTypeInference() {
        return SeriesFunction::rowType;
    }

    @Override
    public boolean isDeterministic() {
        return true;
    }

    private static RelDataType rowType(SqlOperatorBinding binding) {
        RelDataTypeFactory factory = binding.getTypeFactory();
        return factory.builder().add(COLUMN, valueType(factory, binding.collectOperandTypes())).build();
    }

    /** The type of the series' values for arguments of these types (the step's is not counted when it is an interval). */
    public static RelDataType valueType(RelDataTypeFactory factory, List<RelDataType> operandTypes) {
        if (operandTypes.size() == 3 && SqlTypeUtil.isInterval(operandTypes.get(2))) {
            return factory.createSqlType(SqlTypeName.TIMESTAMP);
        }
        RelDataType common = factory.leastRestrictive(operandTypes);
        RelDataType type = common == null ? operandTypes.get(0) : common;
        if (type.getSqlTypeName() == SqlTypeName.DECIMAL) {
            // PostgreSQL's numeric series has no precision bound: the values keep the scale, not the precision.
            type = factory.createSqlType(SqlTypeName.DECIMAL, factory.getTypeSystem().getMaxNumericPrecision(),
                type.getScale());
        }
        return factory.createTypeWithNullability(type, false);
    }
}
