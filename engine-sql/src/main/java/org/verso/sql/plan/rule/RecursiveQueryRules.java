package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalRepeatUnion;
import org.apache.calcite.rel.logical.LogicalTableSpool;
import org.verso.sql.plan.VersoConvention;
import org.verso.sql.plan.rel.VersoRepeatUnion;

/**
 * WITH RECURSIVE: LogicalRepeatUnion to {@link VersoRepeatUnion}, and the table spools the SQL-to-rel converter puts
 * around the seed and the iterative part removed, since the repeat union itself hands each step's rows to the next.
 * (The working table's scan is {@link TableScanConverterRule}'s.)
 */
public final class RecursiveQueryRules {
    public static final RelOptRule REPEAT_UNION = ConverterRule.Config.INSTANCE
        .withConversion(LogicalRepeatUnion.class, Convention.NONE, VersoConvention.INSTANCE, "RepeatUnionConverterRule")
        .withRuleFactory(RepeatUnionConverter::new)
        .toRule(RepeatUnionConverter.class);

    public static final RelOptRule SPOOL_REMOVAL = new SpoolRemoval();

    private RecursiveQueryRules() {
    }

    /** LogicalRepeatUnion to {@link VersoRepeatUnion}. */
    private static final class RepeatUnionConverter extends ConverterRule {
        RepeatUnionConverter(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalRepeatUnion union = (LogicalRepeatUnion) rel;
            RelTraitSet traits = union.getTraitSet().replace(VersoConvention.INSTANCE);
            return new VersoRepeatUnion(union.getCluster(), traits, physical(union.getSeedRel()),
                physical(union.getIterativeRel()), union.all, union.iterationLimit, union.getTransientTable());
        }

        private static RelNode physical(RelNode input) {
            return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
        }
    }

    /** A table spool is its input: the rows it would write to the working table, the repeat union keeps. */
    private static final class SpoolRemoval extends RelOptRule {
        @SuppressWarnings("deprecation")
        SpoolRemoval() {
            super(operand(LogicalTableSpool.class, any()), "SpoolRemovalRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalTableSpool spool = call.rel(0);
            call.transformTo(spool.getInput());
        }
    }
}
