package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.verso.sql.plan.rel.VersoNestedLoopJoin;
import org.verso.sql.plan.VersoConvention;

/** LogicalJoin to {@link VersoNestedLoopJoin}. */
public final class JoinConverterRule extends ConverterRule {
    public static final JoinConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalJoin.class, Convention.NONE, VersoConvention.INSTANCE, "JoinConverterRule")
        .withRuleFactory(JoinConverterRule::new)
        .toRule(JoinConverterRule.class);

    private JoinConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalJoin join = (LogicalJoin) rel;
        RelTraitSet traits = join.getTraitSet().replace(VersoConvention.INSTANCE);
        return new VersoNestedLoopJoin(join.getCluster(), traits, physical(join.getLeft()),
            physical(join.getRight()), join.getCondition(), join.getJoinType());
    }

    private static RelNode physical(RelNode input) {
        return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
    }
}
