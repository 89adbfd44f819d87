package org.verso.sql.type;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * Calcite's implicit coercion, except that exact numbers of different types are compared as they are. Calcite
 * casts both operands of a comparison (and of BETWEEN, IN and a join's USING columns) to one common type, which at
 * 38 digits keeps the integer digits and drops the scale: DECIMAL(38, 0) against DECIMAL(10, 2) compared 1.8 as 2.
 * Verso's evaluator compares any two exact numbers by value, so no cast is needed, and none can lose a digit.
 */
public final class VersoTypeCoercion extends TypeCoercionImpl {
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
}
