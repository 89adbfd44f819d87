package org.verso.sql.ddl;

import java.util.Locale;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlTypeNameSpec;
import org.apache.calcite.sql.type.SqlTypeName;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.sql.type.TypeMapping;

/**
 * The column types DDL accepts, by name: the standard names Calcite parses (INT, INTEGER, BIGINT, SMALLINT,
 * DECIMAL/NUMERIC(p,s), FLOAT, REAL, DOUBLE [PRECISION], BOOLEAN, CHAR(n), VARCHAR(n)/CHARACTER VARYING(n), DATE,
 * TIME, TIMESTAMP, TIMESTAMP WITH TIME ZONE, BINARY(n), VARBINARY(n), UUID) and the common other spellings: TEXT (a VARCHAR of the longest length),
 * BYTEA/BLOB (a VARBINARY of the longest length), TIMESTAMPTZ, INT2/INT4/INT8, FLOAT4/FLOAT8, BOOL, and SERIAL/BIGSERIAL/SMALLSERIAL
 * (an integer column with an identity, BY DEFAULT). Types Verso cannot store yet (time zones, intervals, JSON)
 * are refused here, in one place, with 0A000.
 */
final class ColumnTypes {
    /** A column's type, and whether its type name asks for an identity (SERIAL). */
    record Resolved(DataType type, boolean serial) {
    }

    private ColumnTypes() {
    }

    static Resolved resolve(SqlDataTypeSpec spec, String column) {
        SqlTypeNameSpec name = spec.getTypeNameSpec();
        if (spec.getTimeZone() != null) {
            throw unsupported(spec, column);
        }
        if (name instanceof SqlBasicTypeNameSpec basic) {
            SqlTypeName typeName = SqlTypeName.get(basic.getTypeName().getSimple());
            if (typeName != null && typeName != SqlTypeName.NULL) {
                int precision = basic.getPrecision();
                if ((typeName == SqlTypeName.VARCHAR || typeName == SqlTypeName.VARBINARY) && precision < 0) {
                    precision = DataType.MAX_STRING_LENGTH;
                }
                if ((typeName == SqlTypeName.CHAR || typeName == SqlTypeName.BINARY) && precision < 0) {
                    precision = 1;
                }
                DataType type = TypeMapping.toDataType(typeName, precision, Math.max(basic.getScale(), 0));
                if (type != null) {
                    return new Resolved(type, false);
                }
            }
            throw unsupported(spec, column);
        }
        String alias = name.getTypeName().getSimple().toUpperCase(Locale.ROOT);
        return switch (alias) {
            case "TEXT", "STRING", "CLOB" -> new Resolved(DataType.varchar(DataType.MAX_STRING_LENGTH), false);
            case "INT2" -> new Resolved(DataType.of(ValueType.SMALLINT), false);
            case "INT4" -> new Resolved(DataType.of(ValueType.INTEGER), false);
            case "INT8" -> new Resolved(DataType.of(ValueType.BIGINT), false);
            case "FLOAT4" -> new Resolved(DataType.of(ValueType.REAL), false);
            case "FLOAT8" -> new Resolved(DataType.of(ValueType.DOUBLE), false);
            case "BOOL" -> new Resolved(DataType.of(ValueType.BOOLEAN), false);
            case "SMALLSERIAL", "SERIAL2" -> new Resolved(DataType.of(ValueType.SMALLINT), true);
            case "SERIAL", "SERIAL4" -> new Resolved(DataType.of(ValueType.INTEGER), true);
            case "BIGSERIAL", "SERIAL8" -> new Resolved(DataType.of(ValueType.BIGINT), true);
            case "BYTEA", "BLOB" -> new Resolved(new DataType(ValueType.VARBINARY, DataType.MAX_STRING_LENGTH, 0), false);
            case "UUID" -> new Resolved(DataType.of(ValueType.UUID), false);
            case "TIMESTAMPTZ" -> new Resolved(DataType.of(ValueType.TIMESTAMP_TZ), false);
            case "JSON", "JSONB", "TIMETZ", "INTERVAL" ->
                throw unsupported(spec, column);
            default -> throw ErrorCode.TYPE_NOT_FOUND.exception(alias);
        };
    }

    /** Intervals, time zones, JSON and the like: Verso has no storage for them yet. */
    private static RuntimeException unsupported(SqlDataTypeSpec spec, String column) {
        return ErrorCode.FEATURE_NOT_SUPPORTED.exception("the type " + spec + " (column " + column + ")");
    }
}
