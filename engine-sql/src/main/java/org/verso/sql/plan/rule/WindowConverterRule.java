package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalWindow;
import org.verso.sql.plan.VersoConvention;
import org.verso.sql.plan.rel.VersoWindow;

/** LogicalWindow to {@link VersoWindow}. */
public final class WindowConverterRule extends ConverterRule {
    public static final WindowConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalWindow.class, Convention.NONE, VersoConvention.INSTANCE, "WindowConverterRule")
        .withRuleFactory(WindowConverterRule::new)
        .toRule(WindowConverterRule.class);

    private WindowConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalWindow window = (LogicalWindow) rel;
        RelNode input = convert(window.getInput(), window.getInput().getTraitSet().replace(VersoConvention.INSTANCE));
        return new VersoWindow(window.getCluster(), window.getTraitSet().replace(VersoConvention.INSTANCE), input,
            window.constants, window.getRowType(), window.groups);
    }
}
