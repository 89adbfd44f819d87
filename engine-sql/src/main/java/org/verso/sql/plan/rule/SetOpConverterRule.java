package org.verso.sql.plan.rule;

import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.logical.LogicalIntersect;
import org.apache.calcite.rel.logical.LogicalMinus;
import org.verso.sql.plan.VersoConvention;
import org.verso.sql.plan.rel.VersoIntersect;
import org.verso.sql.plan.rel.VersoMinus;

/** LogicalIntersect to {@link VersoIntersect}, LogicalMinus (EXCEPT) to {@link VersoMinus}. */
public final class SetOpConverterRule extends ConverterRule {
    public static final SetOpConverterRule INTERSECT = Config.INSTANCE
        .withConversion(LogicalIntersect.class, Convention.NONE, VersoConvention.INSTANCE, "IntersectConverterRule")
        .withRuleFactory(SetOpConverterRule::new)
        .toRule(SetOpConverterRule.class);
    public static final SetOpConverterRule MINUS = Config.INSTANCE
        .withConversion(LogicalMinus.class, Convention.NONE, VersoConvention.INSTANCE, "MinusConverterRule")
        .withRuleFactory(SetOpConverterRule::new)
        .toRule(SetOpConverterRule.class);

    private SetOpConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        SetOp setOp = (SetOp) rel;
        RelTraitSet traits = setOp.getTraitSet().replace(VersoConvention.INSTANCE);
        List<RelNode> inputs = setOp.getInputs().stream()
            .map(input -> convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE))).toList();
        return rel instanceof LogicalIntersect
            ? new VersoIntersect(setOp.getCluster(), traits, inputs, setOp.all)
            : new VersoMinus(setOp.getCluster(), traits, inputs, setOp.all);
    }
}
