package org.verso.sql.plan.rule;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.schema.TransientTable;
import org.verso.sql.plan.rel.VersoTableScan;
import org.verso.sql.plan.rel.VersoWorkingTableScan;
import org.verso.sql.plan.VersoConvention;

/**
 * LogicalTableScan to {@link VersoTableScan}, or for the working table of WITH RECURSIVE to
 * {@link VersoWorkingTableScan}.
 */
public final class TableScanConverterRule extends ConverterRule {
    public static final TableScanConverterRule INSTANCE = Config.INSTANCE
        .withConversion(LogicalTableScan.class, Convention.NONE, VersoConvention.INSTANCE, "TableScanConverterRule")
        .withRuleFactory(TableScanConverterRule::new)
        .toRule(TableScanConverterRule.class);

    private TableScanConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalTableScan scan = (LogicalTableScan) rel;
        RelTraitSet traits = scan.getTraitSet().replace(VersoConvention.INSTANCE);
        if (scan.getTable().unwrap(TransientTable.class) != null) {
            return new VersoWorkingTableScan(scan.getCluster(), traits, scan.getTable()); // of WITH RECURSIVE
        }
        return new VersoTableScan(scan.getCluster(), traits, scan.getTable());
    }

    private static RelNode physical(RelNode input) {
        return convert(input, input.getTraitSet().replace(VersoConvention.INSTANCE));
    }
}
