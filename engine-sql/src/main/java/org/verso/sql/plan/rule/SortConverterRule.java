package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalSort;
import org.verso.sql.plan.rel.VersoSort;
import org.verso.sql.plan.VersoConvention;

/** LogicalSort (ORDER BY, LIMIT, OFFSET) to {@link VersoSort}. */
public final class SortConverterRule extends ConverterRule {
    public static final SortConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalSort.class, Convention.NONE, VersoConvention.INSTANCE, "SortConverterRule")
        .withRuleFactory(SortConverterRule::new)
        .toRule(SortConverterRule.class);

    private SortConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalSort sort = (LogicalSort) rel;
        RelTraitSet traits = sort.getTraitSet().replace(VersoConvention.INSTANCE);
        return new VersoSort(sort.getCluster(), traits, physical(sort.getInput()), sort.getCollation(), sort.offset,
            sort.fetch);
    }

    private static RelNode physical(RelNode input) {
        return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
    }
}
