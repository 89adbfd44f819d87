package org.verso.sql.type;

import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.verso.storage.tuple.DataType;

/**
 * Calcite's type limits adjusted to what storage can hold: DECIMAL up to {@link DataType#MAX_DECIMAL_PRECISION}
 * digits (Calcite's default is 19) and TIMESTAMP with millisecond precision.
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
        return super.getMaxPrecision(typeName);
    }

    @Override
    public int getMaxScale(SqlTypeName typeName) {
        if (typeName == SqlTypeName.DECIMAL) {
            return DataType.MAX_DECIMAL_PRECISION;
        }
        return super.getMaxScale(typeName);
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
