package org.verso.sql.exec.node;

import org.verso.common.type.Values;
import org.verso.common.type.ValueOrder;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Supplier;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * One aggregate call of an AGGREGATE node: which function, which input column (-1 for COUNT(*)), whether it is
 * DISTINCT, the boolean input column of its FILTER (WHERE ...) clause (-1 for none), and the SQL result type whose
 * class the result must have.
 */
public final class AggregateFunction {
    /** The aggregate functions the executor implements. */
    public enum Kind {
        COUNT, SUM, SUM0, MIN, MAX, AVG, SINGLE_VALUE,
        /** One constant per group (the subquery rewrites mark the rows of a subquery's result with it). */
        LITERAL
    }

    private final Kind kind;
    private final int argument;
    private final boolean distinct;
    private final int filter;
    private final DataType resultType;
    private final Object literal;

    /** {@code literal} is LITERAL's constant, null for the other kinds. */
    public AggregateFunction(Kind kind, int argument, boolean distinct, int filter, DataType resultType,
                             Object literal) {
        this.kind = kind;
        this.argument = argument;
        this.distinct = distinct;
        this.filter = filter;
        this.resultType = resultType;
        this.literal = literal;
    }

    /** False if the call's FILTER clause rejects the row. */
    boolean accepts(Object[] row) {
        return filter < 0 || Boolean.TRUE.equals(row[filter]);
    }

    /** The value this call consumes from an input row; COUNT(*) counts every row, so it gets a non-null marker. */
    Object argument(Object[] row) {
        return argument < 0 ? Boolean.TRUE : row[argument];
    }

    Accumulator newAccumulator() {
        Supplier<Accumulator> base = switch (kind) {
            case COUNT -> Count::new;
            case SUM -> () -> new Sum(resultType, false);
            case SUM0 -> () -> new Sum(resultType, true);
            case MIN -> () -> new Extreme(false);
            case MAX -> () -> new Extreme(true);
            case AVG -> () -> new Avg(resultType);
            case SINGLE_VALUE -> SingleValue::new;
            case LITERAL -> () -> new Constant(literal);
        };
        return distinct ? new Distinct(base.get()) : base.get();
    }

    /**
     * The value of a scalar subquery: its one row's value, NULL for no row, and 21000 for a second row (NULL values
     * count as rows here).
     */
    private static final class SingleValue implements Accumulator {
        private boolean seen;
        private Object value;

        @Override
        public void add(Object value) {
            if (seen) {
                throw ErrorCode.SUBQUERY_ROWS.exception();
            }
            seen = true;
            this.value = value;
        }

        @Override
        public Object result() {
            return value;
        }
    }

    /** The same value whatever the group holds. */
    private record Constant(Object value) implements Accumulator {
        @Override
        public void add(Object ignored) {
        }

        @Override
        public Object result() {
            return value;
        }
    }

    private static final class Count implements Accumulator {
        private long count;

        @Override
        public void add(Object value) {
            if (value != null) {
                count++;
            }
        }

        @Override
        public Object result() {
            return count;
        }
    }

    /** SUM in the result type's arithmetic: exact for integers (overflow is 22003) and decimals. */
    private static final class Sum implements Accumulator {
        private final DataType type;
        private final boolean zeroWhenEmpty;
        private long longSum;
        private double doubleSum;
        private BigDecimal decimalSum = BigDecimal.ZERO;
        private boolean any;

        Sum(DataType type, boolean zeroWhenEmpty) {
            this.type = type;
            this.zeroWhenEmpty = zeroWhenEmpty;
        }

        @Override
        public void add(Object value) {
            if (value == null) {
                return;
            }
            any = true;
            switch (type.kind()) {
                case SMALLINT, INTEGER, BIGINT -> {
                    try {
                        longSum = Math.addExact(longSum, ((Number) value).longValue());
                    } catch (ArithmeticException e) {
                        throw ErrorCode.VALUE_OUT_OF_RANGE.exception(e, "of SUM", type);
                    }
                }
                case REAL, DOUBLE -> doubleSum += ((Number) value).doubleValue();
                default -> decimalSum = decimalSum.add(Values.toBigDecimal(value, type.kind()));
            }
        }

        @Override
        public Object result() {
            if (!any && !zeroWhenEmpty) {
                return null;
            }
            Object raw = switch (type.kind()) {
                case SMALLINT, INTEGER, BIGINT -> longSum;
                case REAL, DOUBLE -> doubleSum;
                default -> decimalSum;
            };
            return Values.canonical(raw, type);
        }
    }

    private static final class Extreme implements Accumulator {
        private final boolean max;
        private Object best;

        Extreme(boolean max) {
            this.max = max;
        }

        @Override
        public void add(Object value) {
            if (value == null) {
                return;
            }
            if (best == null) {
                best = value;
                return;
            }
            int c = ValueOrder.compare(value, best);
            if (max ? c > 0 : c < 0) {
                best = value;
            }
        }

        @Override
        public Object result() {
            return best;
        }
    }

    /**
     * AVG in its result type: DECIMAL(38,16) for integers (VersoTypeSystem), the argument's type otherwise; a decimal
     * average rounds half up to the type's scale.
     */
    private static final class Avg implements Accumulator {
        private final DataType type;
        private BigDecimal sum = BigDecimal.ZERO;
        private double doubleSum;
        private long count;

        Avg(DataType type) {
            this.type = type;
        }

        @Override
        public void add(Object value) {
            if (value == null) {
                return;
            }
            count++;
            if (isApproximate()) {
                doubleSum += ((Number) value).doubleValue();
            } else {
                sum = sum.add(Values.toBigDecimal(value, type.kind()));
            }
        }

        @Override
        public Object result() {
            if (count == 0) {
                return null;
            }
            if (isApproximate()) {
                return Values.canonical(doubleSum / count, type);
            }
            BigDecimal n = BigDecimal.valueOf(count);
            BigDecimal avg = type.kind() == ValueType.DECIMAL
                ? sum.divide(n, type.scale(), RoundingMode.HALF_UP)
                : sum.divide(n, 0, RoundingMode.DOWN);
            return Values.canonical(avg, type);
        }

        private boolean isApproximate() {
            return type.kind() == ValueType.REAL || type.kind() == ValueType.DOUBLE;
        }
    }

    /** Passes each distinct non-null value to the wrapped accumulator once. */
    private static final class Distinct implements Accumulator {
        private final Accumulator inner;
        private final Set<Object> seen = new HashSet<>();

        Distinct(Accumulator inner) {
            this.inner = inner;
        }

        @Override
        public void add(Object value) {
            if (value != null && seen.add(ValueOrder.hashKey(value))) {
                inner.add(value);
            }
        }

        @Override
        public Object result() {
            return inner.result();
        }
    }
}
