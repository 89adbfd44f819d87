package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.verso.sql.plan.rel.VersoFilter;
import org.verso.sql.plan.VersoConvention;

/** LogicalFilter to {@link VersoFilter}. */
public final class FilterConverterRule extends ConverterRule {
    public static final FilterConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalFilter.class, Convention.NONE, VersoConvention.INSTANCE, "FilterConverterRule")
        .withRuleFactory(FilterConverterRule::new)
        .toRule(FilterConverterRule.class);

    private FilterConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalFilter filter = (LogicalFilter) rel;
        RelTraitSet traits = filter.getTraitSet().replace(VersoConvention.INSTANCE);
        return new VersoFilter(filter.getCluster(), traits, physical(filter.getInput()), filter.getCondition());
    }

    private static RelNode physical(RelNode input) {
        return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
    }
}
