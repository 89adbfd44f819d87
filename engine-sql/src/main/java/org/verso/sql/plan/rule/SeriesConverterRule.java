package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalTableFunctionScan;
import org.apache.calcite.rex.RexCall;
import org.verso.sql.plan.VersoConvention;
import org.verso.sql.plan.rel.VersoSeriesScan;
import org.verso.sql.prepare.SeriesFunction;

/** A LogicalTableFunctionScan of {@code generate_series} to {@link VersoSeriesScan}; no other table function exists. */
public final class SeriesConverterRule extends ConverterRule {
    public static final SeriesConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalTableFunctionScan.class, scan -> scan.getInputs().isEmpty()
                && scan.getCall() instanceof RexCall call && call.getOperator() instanceof SeriesFunction,
            Convention.NONE, VersoConvention.INSTANCE, "SeriesConverterRule")
        .withRuleFactory(SeriesConverterRule::new)
        .toRule(SeriesConverterRule.class);

    private SeriesConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalTableFunctionScan scan = (LogicalTableFunctionScan) rel;
        return new VersoSeriesScan(scan.getCluster(), scan.getTraitSet().replace(VersoConvention.INSTANCE),
            scan.getCall(), scan.getRowType());
    }
}
