package org.verso.sql.exec.node;

import org.verso.common.type.Values;
import org.verso.common.type.ValueOrder;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashSet;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import org.verso.common.ErrorCode;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;

/**
 * One aggregate call of an AGGREGATE node: which function, which input columns it reads ({@code arguments}; none
 * for COUNT(*)), whether it is DISTINCT, the boolean input column of its FILTER (WHERE ...) clause (-1 for none),
 * the order its input is fed in (WITHIN GROUP (ORDER BY ...) or an ORDER BY inside the call; null for none), and
 * the SQL result type whose class the result must have.
 */
public final class AggregateFunction {
    /** The aggregate functions the executor implements. */
    public enum Kind {
        COUNT, SUM, SUM0, MIN, MAX, AVG, SINGLE_VALUE,
        /** One constant per group (the subquery rewrites mark the rows of a subquery's result with it). */
        LITERAL,
        VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP, BIT_AND, BIT_OR, BIT_XOR, ANY_VALUE, MODE,
        /** LISTAGG and STRING_AGG: arguments are the value and, if given, the separator. */
        LISTAGG,
        /** The fraction is the argument, the values the first column of the order. */
        PERCENTILE_CONT, PERCENTILE_DISC,
        /** GROUPING(a, ...): a bit per argument, set where the group's grouping set leaves that column out. */
        GROUPING
    }

    private final Kind kind;
    private final int[] arguments;
    private final boolean distinct;
    private final int filter;
    private final RowComparator order;
    private final int orderedValue;
    private final DataType resultType;
    private final Object literal;

    /** A call of at most one argument ({@code argument} -1 for none) whose input order does not matter. */
    public AggregateFunction(Kind kind, int argument, boolean distinct, int filter, DataType resultType,
                             Object literal) {
        this(kind, argument < 0 ? new int[0] : new int[] {argument}, distinct, filter, null, -1, resultType,
            literal);
    }

    /**
     * @param order        the order the call's input rows are fed in, or null
     * @param orderedValue the input column of the order's first key (the values of a percentile), or -1
     * @param literal      LITERAL's constant, null for the other kinds
     */
    public AggregateFunction(Kind kind, int[] arguments, boolean distinct, int filter, RowComparator order,
                             int orderedValue, DataType resultType, Object literal) {
        this.kind = kind;
        this.arguments = arguments;
        this.distinct = distinct;
        this.filter = filter;
        this.order = order;
        this.orderedValue = orderedValue;
        this.resultType = resultType;
        this.literal = literal;
    }

    /** False if the call's FILTER clause rejects the row. */
    boolean accepts(Object[] row) {
        return filter < 0 || Boolean.TRUE.equals(row[filter]);
    }

    /**
     * What this call's accumulator is given for an accepted input row: the whole row (a copy, which it keeps) if the
     * call orders its input, its argument otherwise.
     */
    Object input(Object[] row) {
        return order != null ? row.clone() : argument(row);
    }

    /** The value this call consumes from an input row; COUNT(*) counts every row, so it gets a non-null marker. */
    Object argument(Object[] row) {
        return switch (kind) {
            case LISTAGG -> new StringAggregate.Separated(row[arguments[0]],
                arguments.length > 1 ? row[arguments[1]] : "");
            case PERCENTILE_CONT, PERCENTILE_DISC -> new Percentile.Fraction(row[arguments[0]], row[orderedValue]);
            default -> arguments.length == 0 ? Boolean.TRUE : row[arguments[0]];
        };
    }

    /** An accumulator for a group of a plain GROUP BY (or of none), where every group column is grouped on. */
    Accumulator newAccumulator() {
        return newAccumulator(column -> true);
    }

    /** An accumulator for a group of the grouping set that holds the input columns {@code grouped} accepts. */
    Accumulator newAccumulator(IntPredicate grouped) {
        Supplier<Accumulator> base = switch (kind) {
            case COUNT -> Count::new;
            case SUM -> () -> new Sum(resultType, false);
            case SUM0 -> () -> new Sum(resultType, true);
            case MIN -> () -> new Extreme(false);
            case MAX -> () -> new Extreme(true);
            case AVG -> () -> new Avg(resultType);
            case SINGLE_VALUE -> SingleValue::new;
            case LITERAL -> () -> new Constant(literal);
            case VAR_POP -> () -> new Variance(resultType, false, false);
            case VAR_SAMP -> () -> new Variance(resultType, true, false);
            case STDDEV_POP -> () -> new Variance(resultType, false, true);
            case STDDEV_SAMP -> () -> new Variance(resultType, true, true);
            case BIT_AND -> () -> new BitwiseAggregate(resultType, (a, b) -> a & b);
            case BIT_OR -> () -> new BitwiseAggregate(resultType, (a, b) -> a | b);
            case BIT_XOR -> () -> new BitwiseAggregate(resultType, (a, b) -> a ^ b);
            case ANY_VALUE -> AnyValue::new;
            case MODE -> ModeAggregate::new;
            case LISTAGG -> StringAggregate::new;
            case PERCENTILE_CONT -> () -> new Percentile(resultType, true);
            case PERCENTILE_DISC -> () -> new Percentile(resultType, false);
            case GROUPING -> () -> new Constant(Values.canonical(groupingBits(grouped), resultType));
        };
        Accumulator accumulator = distinct ? new Distinct(base.get()) : base.get();
        return order != null ? new OrderedAggregate(accumulator, order, this::argument) : accumulator;
    }

    private long groupingBits(IntPredicate grouped) {
        long bits = 0;
        for (int column : arguments) {
            bits = bits << 1 | (grouped.test(column) ? 0 : 1);
        }
        return bits;
    }

    /** ANY_VALUE: the group's first non-NULL value. */
    private static final class AnyValue implements Accumulator {
        private Object value;

        @Override
        public void add(Object v) {
            if (value == null) {
                value = v;
            }
        }

        @Override
        public Object result() {
            return value;
        }
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
            if (type.kind().isApproximate()) {
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
            if (type.kind().isApproximate()) {
                return Values.canonical(doubleSum / count, type);
            }
            BigDecimal n = BigDecimal.valueOf(count);
            BigDecimal avg = type.kind() == ValueType.DECIMAL
                ? sum.divide(n, type.scale(), RoundingMode.HALF_UP)
                : sum.divide(n, 0, RoundingMode.DOWN);
            return Values.canonical(avg, type);
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
