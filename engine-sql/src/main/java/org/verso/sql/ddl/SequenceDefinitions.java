package org.verso.sql.ddl;

import org.verso.common.ErrorCode;
import org.verso.common.VersoException;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.core.catalog.SequenceDefinition;
import org.verso.sql.parse.ast.SequenceOptions;

/**
 * The sequence that CREATE SEQUENCE or an identity column's options describe, with PostgreSQL's defaults: the type
 * is BIGINT, the AS type, or an identity column's own; an ascending sequence runs from 1 (MINVALUE) up to its
 * type's largest value (MAXVALUE), a descending one from -1 down to the smallest, and it starts at the first of
 * them. A START beyond a default bound moves that bound to it (PostgreSQL refuses it; Verso always took it); one
 * beyond a bound given explicitly is 22023, as are bounds outside the type's range or not in order.
 */
final class SequenceDefinitions {
    private SequenceDefinitions() {
    }

    /**
     * @param columnType an identity column's type, or null for CREATE SEQUENCE
     * @param owner      the owning table's catalog key, or null
     */
    static SequenceDefinition of(String name, SequenceOptions options, DataType columnType, String owner) {
        ValueType type = options.type() != null ? ColumnTypes.resolve(options.type(), name).type().kind()
            : columnType != null ? columnType.kind() : ValueType.BIGINT;
        long typeMin;
        long typeMax;
        switch (type) {
            case SMALLINT -> {
                typeMin = Short.MIN_VALUE;
                typeMax = Short.MAX_VALUE;
            }
            case INTEGER -> {
                typeMin = Integer.MIN_VALUE;
                typeMax = Integer.MAX_VALUE;
            }
            case BIGINT -> {
                typeMin = Long.MIN_VALUE;
                typeMax = Long.MAX_VALUE;
            }
            default -> throw invalid("sequence type must be SMALLINT, INTEGER or BIGINT, not " + type);
        }
        long increment = TableDefinitions.nonZero(TableDefinitions.number(options.increment(), 1));
        boolean ascending = increment > 0;
        Long min = options.minValue() == null ? null : TableDefinitions.number(options.minValue(), 0);
        Long max = options.maxValue() == null ? null : TableDefinitions.number(options.maxValue(), 0);
        checkInType("MINVALUE", min, typeMin, typeMax, type);
        checkInType("MAXVALUE", max, typeMin, typeMax, type);
        long low = min != null ? min : ascending ? 1 : typeMin;
        long high = max != null ? max : ascending ? typeMax : -1;
        long start = TableDefinitions.number(options.start(), ascending ? low : high);
        if (start < low) {
            if (min != null || start < typeMin) {
                throw invalid("START value (" + start + ") cannot be less than MINVALUE (" + low + ")");
            }
            low = start;
        }
        if (start > high) {
            if (max != null || start > typeMax) {
                throw invalid("START value (" + start + ") cannot be greater than MAXVALUE (" + high + ")");
            }
            high = start;
        }
        if (low >= high) {
            throw invalid("MINVALUE (" + low + ") must be less than MAXVALUE (" + high + ")");
        }
        return new SequenceDefinition(0, name, start, increment, low, high, options.cycle(), owner);
    }

    private static void checkInType(String option, Long bound, long typeMin, long typeMax, ValueType type) {
        if (bound != null && (bound < typeMin || bound > typeMax)) {
            throw invalid(option + " (" + bound + ") is out of range for sequence data type " + type);
        }
    }

    private static VersoException invalid(String message) {
        return ErrorCode.INVALID_ARGUMENT.exception(message);
    }
}
