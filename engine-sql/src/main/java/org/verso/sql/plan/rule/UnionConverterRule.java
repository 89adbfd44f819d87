package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import java.util.List;
import org.apache.calcite.rel.logical.LogicalUnion;
import org.verso.sql.plan.rel.VersoUnion;
import org.verso.sql.plan.VersoConvention;

/** LogicalUnion to {@link VersoUnion}. */
public final class UnionConverterRule extends ConverterRule {
    public static final UnionConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalUnion.class, Convention.NONE, VersoConvention.INSTANCE, "UnionConverterRule")
        .withRuleFactory(UnionConverterRule::new)
        .toRule(UnionConverterRule.class);

    private UnionConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalUnion union = (LogicalUnion) rel;
        RelTraitSet traits = union.getTraitSet().replace(VersoConvention.INSTANCE);
        List<RelNode> inputs = union.getInputs().stream().map(UnionConverterRule::physical).toList();
        return new VersoUnion(union.getCluster(), traits, inputs, union.all);
    }

    private static RelNode physical(RelNode input) {
        return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
    }
}
