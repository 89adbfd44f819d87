package org.verso.sql.type;

import java.util.Locale;
import java.util.Map;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * The type names Verso accepts besides the standard ones Calcite's grammar knows: PostgreSQL's and other common
 * spellings, each standing for one of Verso's types. A column's type in DDL and the type of a CAST or {@code ::}
 * take the same names: TEXT, STRING and CLOB (a VARCHAR of the longest length), INT2, INT4, INT8, FLOAT4, FLOAT8,
 * BOOL, BYTEA and BLOB (a VARBINARY of the longest length), UUID and TIMESTAMPTZ.
 */
public final class TypeAliases {
    private static final DataType LONGEST_VARCHAR = DataType.varchar(DataType.MAX_STRING_LENGTH);
    private static final DataType LONGEST_VARBINARY = new DataType(ValueType.VARBINARY, DataType.MAX_STRING_LENGTH, 0);

    /** Every alias, by its upper-case name. */
    public static final Map<String, DataType> ALL = Map.ofEntries(
        Map.entry("TEXT", LONGEST_VARCHAR), Map.entry("STRING", LONGEST_VARCHAR), Map.entry("CLOB", LONGEST_VARCHAR),
        Map.entry("INT2", DataType.of(ValueType.SMALLINT)), Map.entry("INT4", DataType.of(ValueType.INTEGER)),
        Map.entry("INT8", DataType.of(ValueType.BIGINT)), Map.entry("FLOAT4", DataType.of(ValueType.REAL)),
        Map.entry("FLOAT8", DataType.of(ValueType.DOUBLE)), Map.entry("BOOL", DataType.of(ValueType.BOOLEAN)),
        Map.entry("BYTEA", LONGEST_VARBINARY), Map.entry("BLOB", LONGEST_VARBINARY),
        Map.entry("UUID", DataType.of(ValueType.UUID)), Map.entry("TIMESTAMPTZ", DataType.of(ValueType.TIMESTAMP_TZ)));

    private TypeAliases() {
    }

    /** The type {@code name} stands for (any case), or null if it is no alias. */
    public static DataType of(String name) {
        return ALL.get(name.toUpperCase(Locale.ROOT));
    }
}
