package org.verso.sql.type;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.common.type.DateTimes;
import org.verso.common.type.ValueType;

/** Translates between storage column types ({@link DataType}) and Calcite's {@link RelDataType}. */
public final class TypeMapping {
    /** TIME and TIMESTAMP values are microseconds, so their SQL types carry fractional-second precision 6. */
    private static final int FRACTION_PRECISION = DateTimes.FRACTION_DIGITS;

    private TypeMapping() {
    }

    /** The Calcite type of a column of this storage type. */
    public static RelDataType toRelType(RelDataTypeFactory factory, DataType type, boolean nullable) {
        RelDataType rel = switch (type.kind()) {
            case BOOLEAN -> factory.createSqlType(SqlTypeName.BOOLEAN);
            case SMALLINT -> factory.createSqlType(SqlTypeName.SMALLINT);
            case INTEGER -> factory.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> factory.createSqlType(SqlTypeName.BIGINT);
            case REAL -> factory.createSqlType(SqlTypeName.REAL);
            case DOUBLE -> factory.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> factory.createSqlType(SqlTypeName.DECIMAL, type.precision(), type.scale());
            case CHAR -> factory.createSqlType(SqlTypeName.CHAR, type.precision());
            case VARCHAR -> factory.createSqlType(SqlTypeName.VARCHAR, type.precision());
            case BINARY -> factory.createSqlType(SqlTypeName.BINARY, type.length());
            case VARBINARY -> factory.createSqlType(SqlTypeName.VARBINARY, type.length());
            case DATE -> factory.createSqlType(SqlTypeName.DATE);
            case TIME -> factory.createSqlType(SqlTypeName.TIME, FRACTION_PRECISION);
            case TIMESTAMP -> factory.createSqlType(SqlTypeName.TIMESTAMP, FRACTION_PRECISION);
            case TIMESTAMP_TZ -> factory.createSqlType(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, FRACTION_PRECISION);
            case UUID -> factory.createSqlType(SqlTypeName.UUID);
        };
        return factory.createTypeWithNullability(rel, nullable);
    }

    /**
     * The storage type that holds values of a Calcite type, or throws FEATURE_NOT_SUPPORTED for types the engine
     * has no representation for (INTERVAL, time zones, arrays...).
     */
    public static DataType toDataType(RelDataType type) {
        DataType result = toDataTypeOrNull(type);
        if (result == null) {
            throw ErrorCode.FEATURE_NOT_SUPPORTED.exception("the SQL type " + type.getFullTypeString());
        }
        return result;
    }

    /** As {@link #toDataType} but null for unsupported types. */
    public static DataType toDataTypeOrNull(RelDataType type) {
        return toDataType(type.getSqlTypeName(), type.getPrecision(), type.getScale());
    }

    /** The storage type for a SQL type name with precision and scale as the parser or validator gives them. */
    public static DataType toDataType(SqlTypeName name, int precision, int scale) {
        switch (name) {
            case BOOLEAN:
                return DataType.of(ValueType.BOOLEAN);
            case TINYINT:
            case SMALLINT:
                return DataType.of(ValueType.SMALLINT);
            case INTEGER:
                return DataType.of(ValueType.INTEGER);
            case BIGINT:
                return DataType.of(ValueType.BIGINT);
            case REAL:
                return DataType.of(ValueType.REAL);
            case FLOAT: // SQL standard FLOAT without precision, Calcite and PostgreSQL: double precision
            case DOUBLE:
                return DataType.of(ValueType.DOUBLE);
            case DECIMAL:
                return DataType.decimal(precision > 0 ? precision : DataType.MAX_DECIMAL_PRECISION,
                    Math.max(scale, 0));
            case CHAR:
                return DataType.ch(precision > 0 ? precision : 1);
            case VARCHAR:
                return DataType.varchar(precision > 0 ? precision : DataType.MAX_STRING_LENGTH);
            case BINARY:
                return DataType.binary(precision > 0 ? precision : 1);
            case VARBINARY:
                return DataType.varbinary(precision > 0 ? precision : DataType.MAX_BINARY_LENGTH);
            case DATE:
                return DataType.of(ValueType.DATE);
            case TIME:
                return DataType.of(ValueType.TIME);
            case TIMESTAMP:
                return DataType.of(ValueType.TIMESTAMP);
            case UUID:
                return DataType.of(ValueType.UUID);
            // Both are an instant shown in the session's zone in Verso, as PostgreSQL's timestamptz: the SQL
            // standard's WITH TIME ZONE would keep each value's offset, which neither PostgreSQL nor Verso stores
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
            case TIMESTAMP_TZ:
                return DataType.of(ValueType.TIMESTAMP_TZ);
            case NULL: // an untyped NULL literal: any type holds it, VARCHAR is the neutral choice
                return DataType.varchar(DataType.MAX_STRING_LENGTH);
            default:
                return null;
        }
    }
}
