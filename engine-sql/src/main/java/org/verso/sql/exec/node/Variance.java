package org.verso.sql.exec.node;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.verso.common.type.DataType;
import org.verso.common.type.ValueType;
import org.verso.common.type.Values;

/**
 * VAR_POP, VAR_SAMP, STDDEV_POP and STDDEV_SAMP (STDDEV and VARIANCE are the sample forms). In a DECIMAL result
 * type (the type an average of the argument has) the sums are exact and only the final division and square root
 * round, to the type's scale, half up; in DOUBLE or REAL the running mean and squared deviations are updated per
 * value (Welford's method), which does not lose the variance of large, close values to cancellation as the naive
 * sum of squares does. Fewer than two values give NULL for a sample statistic, none give NULL for both.
 */
final class Variance implements Accumulator {
    private static final MathContext PRECISION = new MathContext(60, RoundingMode.HALF_EVEN);

    private final DataType type;
    private final boolean sample;
    private final boolean root;
    private long count;
    private BigDecimal sum = BigDecimal.ZERO;
    private BigDecimal sumOfSquares = BigDecimal.ZERO;
    private double mean;
    private double squaredDeviations;

    Variance(DataType type, boolean sample, boolean root) {
        this.type = type;
        this.sample = sample;
        this.root = root;
    }

    @Override
    public void add(Object value) {
        if (value == null) {
            return;
        }
        count++;
        if (type.kind().isApproximate()) {
            double x = ((Number) value).doubleValue();
            double delta = x - mean;
            mean += delta / count;
            squaredDeviations += delta * (x - mean);
        } else {
            BigDecimal x = Values.toBigDecimal(value, ValueType.DECIMAL);
            sum = sum.add(x);
            sumOfSquares = sumOfSquares.add(x.multiply(x));
        }
    }

    @Override
    public Object result() {
        long divisor = sample ? count - 1 : count;
        if (divisor <= 0) {
            return null;
        }
        if (type.kind().isApproximate()) {
            double variance = squaredDeviations / divisor;
            return Values.canonical(root ? Math.sqrt(variance) : variance, type);
        }
        // n * sum(x^2) - sum(x)^2 is exact and never negative; only the divisions round
        BigDecimal n = BigDecimal.valueOf(count);
        BigDecimal numerator = n.multiply(sumOfSquares).subtract(sum.multiply(sum));
        BigDecimal variance = numerator.divide(n.multiply(BigDecimal.valueOf(divisor)), PRECISION);
        BigDecimal result = root ? variance.sqrt(PRECISION) : variance;
        return Values.canonical(type.kind() == ValueType.DECIMAL
            ? result.setScale(type.scale(), RoundingMode.HALF_UP) : result.setScale(0, RoundingMode.DOWN), type);
    }
}
