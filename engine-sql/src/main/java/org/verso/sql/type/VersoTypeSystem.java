package org.verso.sql.type;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.verso.common.type.DataType;
import org.verso.common.type.DateTimes;

/**
 * Calcite's type limits adjusted to what storage can hold: DECIMAL up to {@link DataType#MAX_DECIMAL_PRECISION}
 * digits (Calcite's default is 19), and TIME and TIMESTAMP with microsecond precision (Calcite's maximum is
 * milliseconds), which is also their default so that {@code CAST(x AS TIMESTAMP)} keeps every digit.
 */
public final class VersoTypeSystem extends RelDataTypeSystemImpl {
    public static final VersoTypeSystem INSTANCE = new VersoTypeSystem();

    private VersoTypeSystem() {
    }

    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        if (typeName == SqlTypeName.DECIMAL) {
            return DataType.MAX_DECIMAL_PRECISION;
        }
        if (isTimeOrTimestamp(typeName)) {
            return DateTimes.FRACTION_DIGITS;
        }
        return super.getMaxPrecision(typeName);
    }

    @Override
    public int getDefaultPrecision(SqlTypeName typeName) {
        if (isTimeOrTimestamp(typeName)) {
            return DateTimes.FRACTION_DIGITS;
        }
        return super.getDefaultPrecision(typeName);
    }

    private static boolean isTimeOrTimestamp(SqlTypeName typeName) {
        return typeName == SqlTypeName.TIME || typeName == SqlTypeName.TIMESTAMP;
    }

    @Override
    public int getMaxScale(SqlTypeName typeName) {
        if (typeName == SqlTypeName.DECIMAL) {
            return DataType.MAX_DECIMAL_PRECISION;
        }
        return super.getMaxScale(typeName);
    }

    /**
     * CHAR values of different lengths that meet in one column (VALUES ('a'), ('bb'), UNION, CASE) have a VARCHAR
     * type, as PostgreSQL's text literals do, rather than the longer CHAR, which would pad 'a' to 'a '.
     */
    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }

    /**
     * SUM of SMALLINT or INTEGER is BIGINT and SUM of DECIMAL(p,s) is DECIMAL(38,s), as in PostgreSQL: a sum of many
     * values needs more room than each value has.
     */
    @Override
    public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        SqlTypeName name = argumentType.getSqlTypeName();
        RelDataType sum;
        if (name == SqlTypeName.SMALLINT || name == SqlTypeName.INTEGER || name == SqlTypeName.TINYINT) {
            sum = typeFactory.createSqlType(SqlTypeName.BIGINT);
        } else if (name == SqlTypeName.DECIMAL) {
            sum = typeFactory.createSqlType(SqlTypeName.DECIMAL, DataType.MAX_DECIMAL_PRECISION,
                argumentType.getScale());
        } else {
            return super.deriveSumType(typeFactory, argumentType);
        }
        return typeFactory.createTypeWithNullability(sum, argumentType.isNullable());
    }

    /** Digits after the point of an average of integers, as PostgreSQL shows them. */
    static final int AVG_SCALE = 16;

    /**
     * AVG of SMALLINT, INTEGER or BIGINT is DECIMAL(38,16), as PostgreSQL's numeric average: exact, where Calcite's
     * default (the argument's type) truncated AVG of 10, 5, 0 and 7 to 5 instead of 5.5.
     */
    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        SqlTypeName name = argumentType.getSqlTypeName();
        if (name == SqlTypeName.SMALLINT || name == SqlTypeName.INTEGER || name == SqlTypeName.BIGINT
            || name == SqlTypeName.TINYINT) {
            RelDataType avg = typeFactory.createSqlType(SqlTypeName.DECIMAL, DataType.MAX_DECIMAL_PRECISION,
                AVG_SCALE);
            return typeFactory.createTypeWithNullability(avg, argumentType.isNullable());
        }
        return super.deriveAvgAggType(typeFactory, argumentType);
    }

    @Override
    @SuppressWarnings("deprecation")
    public int getMaxNumericPrecision() {
        return DataType.MAX_DECIMAL_PRECISION;
    }

    @Override
    @SuppressWarnings("deprecation")
    public int getMaxNumericScale() {
        return DataType.MAX_DECIMAL_PRECISION;
    }
}
