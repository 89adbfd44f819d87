package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalValues;
import org.verso.sql.plan.rel.VersoValues;
import org.verso.sql.plan.VersoConvention;

/** LogicalValues to {@link VersoValues}. */
public final class ValuesConverterRule extends ConverterRule {
    public static final ValuesConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalValues.class, Convention.NONE, VersoConvention.INSTANCE, "ValuesConverterRule")
        .withRuleFactory(ValuesConverterRule::new)
        .toRule(ValuesConverterRule.class);

    private ValuesConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalValues values = (LogicalValues) rel;
        RelTraitSet traits = values.getTraitSet().replace(VersoConvention.INSTANCE);
        return new VersoValues(values.getCluster(), values.getRowType(), values.getTuples(), traits);
    }

    private static RelNode physical(RelNode input) {
        return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
    }
}
