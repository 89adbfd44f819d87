package org.verso.sql.ddl;

import java.util.Locale;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlTypeNameSpec;
import org.apache.calcite.sql.type.SqlTypeName;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.sql.type.TypeAliases;
import org.verso.sql.type.TypeMapping;

/**
 * The column types DDL accepts, by name: the standard names Calcite parses (INT, INTEGER, BIGINT, SMALLINT,
 * DECIMAL/NUMERIC(p,s), FLOAT, REAL, DOUBLE [PRECISION], BOOLEAN, CHAR(n), VARCHAR(n)/CHARACTER VARYING(n), DATE,
 * TIME, TIMESTAMP, TIMESTAMP WITH TIME ZONE, BINARY(n), VARBINARY(n)), the other spellings of {@link TypeAliases}
 * (TEXT, BYTEA, UUID, INT8, ...), and SERIAL/BIGSERIAL/SMALLSERIAL (an integer column with an identity, BY
 * DEFAULT). Types Verso cannot store yet (time zones, intervals, JSON) are refused here, in one place, with 0A000.
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
        DataType aliased = TypeAliases.of(alias);
        if (aliased != null) {
            return new Resolved(aliased, false);
        }
        return switch (alias) {
            case "SMALLSERIAL", "SERIAL2" -> new Resolved(DataType.of(ValueType.SMALLINT), true);
            case "SERIAL", "SERIAL4" -> new Resolved(DataType.of(ValueType.INTEGER), true);
            case "BIGSERIAL", "SERIAL8" -> new Resolved(DataType.of(ValueType.BIGINT), true);
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
