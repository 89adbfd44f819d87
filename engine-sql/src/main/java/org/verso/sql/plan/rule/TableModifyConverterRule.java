package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalTableModify;
import org.verso.sql.plan.rel.VersoTableModify;
import org.verso.sql.plan.VersoConvention;

/** LogicalTableModify (INSERT, UPDATE, DELETE) to {@link VersoTableModify}. */
public final class TableModifyConverterRule extends ConverterRule {
    public static final TableModifyConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalTableModify.class, Convention.NONE, VersoConvention.INSTANCE, "TableModifyConverterRule")
        .withRuleFactory(TableModifyConverterRule::new)
        .toRule(TableModifyConverterRule.class);

    private TableModifyConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalTableModify modify = (LogicalTableModify) rel;
        if (modify.isMerge()) {
            return null; // MERGE is not implemented
        }
        RelTraitSet traits = modify.getTraitSet().replace(VersoConvention.INSTANCE);
        return new VersoTableModify(modify.getCluster(), traits, modify.getTable(), modify.getCatalogReader(),
            physical(modify.getInput()), modify.getOperation(), modify.getUpdateColumnList(),
            modify.getSourceExpressionList(), modify.isFlattened());
    }

    private static RelNode physical(RelNode input) {
        return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
    }
}
