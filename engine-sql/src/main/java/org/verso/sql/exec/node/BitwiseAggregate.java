package org.verso.sql.exec.node;

import java.util.function.LongBinaryOperator;
import org.verso.common.type.DataType;
import org.verso.common.type.Values;

/** BIT_AND, BIT_OR and BIT_XOR of whole numbers: NULLs are skipped, and no value gives NULL. */
final class BitwiseAggregate implements Accumulator {
    private final DataType type;
    private final LongBinaryOperator operator;
    private long bits;
    private boolean any;

    BitwiseAggregate(DataType type, LongBinaryOperator operator) {
        this.type = type;
        this.operator = operator;
    }

    @Override
    public void add(Object value) {
        if (value == null) {
            return;
        }
        long x = ((Number) value).longValue();
        bits = any ? operator.applyAsLong(bits, x) : x;
        any = true;
    }

    @Override
    public Object result() {
        return any ? Values.canonical(bits, type) : null;
    }
}
