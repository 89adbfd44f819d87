package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.verso.sql.plan.rel.VersoAggregate;
import org.verso.sql.plan.VersoConvention;

/** LogicalAggregate to {@link VersoAggregate}. */
public final class AggregateConverterRule extends ConverterRule {
    public static final AggregateConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalAggregate.class, Convention.NONE, VersoConvention.INSTANCE, "AggregateConverterRule")
        .withRuleFactory(AggregateConverterRule::new)
        .toRule(AggregateConverterRule.class);

    private AggregateConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalAggregate agg = (LogicalAggregate) rel;
        RelTraitSet traits = agg.getTraitSet().replace(VersoConvention.INSTANCE);
        return new VersoAggregate(agg.getCluster(), traits, physical(agg.getInput()), agg.getGroupSet(),
            agg.getGroupType() == Aggregate.Group.SIMPLE ? null : agg.getGroupSets(), agg.getAggCallList());
    }

    private static RelNode physical(RelNode input) {
        return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
    }
}
