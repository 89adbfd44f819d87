package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalCorrelate;
import org.verso.sql.plan.VersoConvention;
import org.verso.sql.plan.rel.VersoCorrelate;

/** LogicalCorrelate (what a correlated subquery becomes) to {@link VersoCorrelate}. */
public final class CorrelateConverterRule extends ConverterRule {
    public static final CorrelateConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalCorrelate.class, Convention.NONE, VersoConvention.INSTANCE, "CorrelateConverterRule")
        .withRuleFactory(CorrelateConverterRule::new)
        .toRule(CorrelateConverterRule.class);

    private CorrelateConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalCorrelate correlate = (LogicalCorrelate) rel;
        RelTraitSet traits = correlate.getTraitSet().replace(VersoConvention.INSTANCE);
        return new VersoCorrelate(correlate.getCluster(), traits, physical(correlate.getLeft()),
            physical(correlate.getRight()), correlate.getCorrelationId(), correlate.getRequiredColumns(),
            correlate.getJoinType());
    }

    private static RelNode physical(RelNode input) {
        return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
    }
}
