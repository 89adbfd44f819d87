package org.verso.sql.type;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The type factory of every Verso statement: {@link VersoTypeSystem}'s limits, and UTF-8 as the character set of
 * text types and string literals. Calcite's default, ISO-8859-1 (set JVM-wide by a system property), made
 * {@code '日本'} or {@code '🎉'} in SQL text fail to plan; Verso stores text as UTF-8 and compares it by code point.
 *
 * <p>Where dates and timestamps meet (the rows of one VALUES, the arms of a UNION or a CASE), their common type is
 * TIMESTAMP, as in PostgreSQL, a date being the timestamp of its midnight; Calcite finds them no common type.
 */
public final class VersoTypeFactory extends JavaTypeFactoryImpl {
    public VersoTypeFactory() {
        super(VersoTypeSystem.INSTANCE);
    }

    @Override
    public Charset getDefaultCharset() {
        return StandardCharsets.UTF_8;
    }

    @Override
    public RelDataType leastRestrictive(List<RelDataType> types) {
        RelDataType common = super.leastRestrictive(types);
        return common != null ? common : dateWithTimestamp(types);
    }

    /** TIMESTAMP, of the largest precision given, if {@code types} are dates and timestamps (and NULLs); else null. */
    private RelDataType dateWithTimestamp(List<RelDataType> types) {
        boolean date = false;
        boolean nullable = false;
        RelDataType timestamp = null;
        for (RelDataType type : types) {
            SqlTypeName name = type.getSqlTypeName();
            nullable |= type.isNullable();
            if (name == SqlTypeName.DATE) {
                date = true;
            } else if (name == SqlTypeName.TIMESTAMP) {
                if (timestamp == null || type.getPrecision() > timestamp.getPrecision()) {
                    timestamp = type;
                }
            } else if (name != SqlTypeName.NULL) {
                return null;
            }
        }
        if (!date || timestamp == null) {
            return null;
        }
        return createTypeWithNullability(createSqlType(SqlTypeName.TIMESTAMP, timestamp.getPrecision()), nullable);
    }
}
