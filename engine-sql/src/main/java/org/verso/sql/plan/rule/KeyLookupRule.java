package org.verso.sql.plan.rule;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.plan.rel.VersoFilter;
import org.verso.sql.plan.rel.VersoKeyLookup;
import org.verso.sql.plan.rel.VersoTableScan;

/**
 * Filter(Scan) to KeyLookup when the condition has, among its conjuncts, {@code column = value} for every
 * primary-key column, where each value is a non-null literal or a dynamic parameter. The remaining conjuncts stay
 * in a filter above the lookup. The lookup is offered as an alternative; its cost of one row makes Volcano choose
 * it.
 */
public final class KeyLookupRule extends RelOptRule {
    public static final KeyLookupRule INSTANCE = new KeyLookupRule();

    @SuppressWarnings("deprecation")
    private KeyLookupRule() {
        super(operand(VersoFilter.class, operand(VersoTableScan.class, none())), "KeyLookupRule");
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        VersoFilter filter = call.rel(0);
        VersoTableScan scan = call.rel(1);
        TableDefinition table = scan.definition();
        int[] key = table.primaryKey();
        if (key.length == 0) {
            return;
        }
        RexNode condition = RexUtil.expandSearch(filter.getCluster().getRexBuilder(), null, filter.getCondition());
        List<RexNode> conjuncts = new ArrayList<>(RelOptUtil.conjunctions(condition));
        RexNode[] keyValues = new RexNode[key.length];
        List<RexNode> residual = new ArrayList<>();
        for (RexNode conjunct : conjuncts) {
            ColumnComparison comparison = ColumnComparison.of(conjunct);
            if (comparison == null || !comparison.bindsKey(key, keyValues)) {
                residual.add(conjunct);
            }
        }
        for (RexNode value : keyValues) {
            if (value == null) {
                return;
            }
        }
        RelNode lookup = new VersoKeyLookup(scan.getCluster(), scan.getTraitSet(), scan.getTable(),
            List.of(keyValues));
        if (!residual.isEmpty()) {
            RexNode rest = RexUtil.composeConjunction(filter.getCluster().getRexBuilder(), residual);
            lookup = new VersoFilter(filter.getCluster(), filter.getTraitSet(), lookup, rest);
        }
        call.transformTo(lookup);
    }
}
