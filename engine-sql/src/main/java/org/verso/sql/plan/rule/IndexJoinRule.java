package org.verso.sql.plan.rule;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.plan.VersoConvention;
import org.verso.sql.plan.rel.VersoIndexJoin;
import org.verso.sql.plan.rel.VersoTableScan;
import org.verso.sql.schema.CatalogTable;

/**
 * An inner join whose right side is one table (filtered or not) becomes an index nested-loop join when equalities
 * fix a leading part of one of that table's indexes, at least one of them with a left column: {@code right.col =
 * left.col} from the join condition, {@code right.col = literal or ?} from the table's filter. Each left row then
 * probes the index instead of the join reading the whole table. TPC-C's StockLevel probes {@code stock} by
 * {@code (s_w_id, s_i_id)} for each order line. The planner weighs it against the hash and nested-loop joins.
 */
public final class IndexJoinRule extends RelOptRule {
    /** Join(left, Filter(Scan)). */
    public static final IndexJoinRule FILTERED = new IndexJoinRule(true);
    /** Join(left, Scan). */
    public static final IndexJoinRule DIRECT = new IndexJoinRule(false);

    private final boolean filtered;

    @SuppressWarnings("deprecation")
    private IndexJoinRule(boolean filtered) {
        super(filtered
            ? operand(LogicalJoin.class, operand(RelNode.class, any()),
                operand(LogicalFilter.class, operand(LogicalTableScan.class, none())))
            : operand(LogicalJoin.class, operand(RelNode.class, any()), operand(LogicalTableScan.class, none())),
            filtered ? "IndexJoinRule:Filtered" : "IndexJoinRule");
        this.filtered = filtered;
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalJoin join = call.rel(0);
        if (join.getJoinType() != JoinRelType.INNER) {
            return;
        }
        RelNode left = call.rel(1);
        LogicalFilter filter = filtered ? call.rel(2) : null;
        TableScan scan = call.rel(filtered ? 3 : 2);
        if (scan.getTable().unwrap(CatalogTable.class) == null) {
            return; // the working table of WITH RECURSIVE, or a sequence: no index
        }
        TableDefinition table = VersoTableScan.definitionOf(scan.getTable());
        if (table.id() < 0) {
            return; // a system view has no index
        }
        int leftCount = left.getRowType().getFieldCount();
        RexBuilder rexBuilder = join.getCluster().getRexBuilder();

        List<RexNode> joinConjuncts = RelOptUtil.conjunctions(join.getCondition());
        List<ColumnComparison> filterComparisons = filter == null ? List.of()
            : RelOptUtil.conjunctions(RexUtil.expandSearch(rexBuilder, null, filter.getCondition())).stream()
                .map(ColumnComparison::of).filter(Objects::nonNull).filter(ColumnComparison::isEquality).toList();

        IndexDefinition bestIndex = null;
        List<RexNode> bestKeys = List.of();
        for (IndexDefinition index : table.indexes()) {
            List<RexNode> keys = new ArrayList<>();
            boolean fromLeft = false;
            for (int column : index.columns()) {
                RexNode value = leftValue(joinConjuncts, leftCount, column);
                if (value != null) {
                    fromLeft = true;
                } else {
                    value = IndexScanRule.equalValue(filterComparisons, column);
                }
                if (value == null) {
                    break;
                }
                keys.add(value);
            }
            if (fromLeft && keys.size() > bestKeys.size()) {
                bestIndex = index;
                bestKeys = keys;
            }
        }
        if (bestIndex == null) {
            return;
        }
        RexNode condition = join.getCondition();
        if (filter != null) {
            RexNode shifted = RexUtil.shift(filter.getCondition(), leftCount);
            condition = RexUtil.composeConjunction(rexBuilder, List.of(condition, shifted));
        }
        RelNode physicalLeft = convert(left, left.getTraitSet().replace(VersoConvention.INSTANCE));
        call.transformTo(new VersoIndexJoin(join.getCluster(), join.getTraitSet().replace(VersoConvention.INSTANCE),
            physicalLeft, scan.getTable(), bestIndex, bestKeys, condition, join.getRowType()));
    }

    /**
     * The left column that a conjunct {@code left.col = right.column} equates with table column {@code column};
     * null if there is none. Only types that match as keys are taken ({@link KeyTypes#matchAsKeys}), so a key
     * compares as the join condition does.
     */
    private static RexNode leftValue(List<RexNode> conjuncts, int leftCount, int column) {
        for (RexNode conjunct : conjuncts) {
            if (conjunct.getKind() != SqlKind.EQUALS) {
                continue;
            }
            List<RexNode> operands = ((RexCall) conjunct).getOperands();
            for (int side = 0; side < 2; side++) {
                if (operands.get(side) instanceof RexInputRef right && right.getIndex() == leftCount + column
                    && operands.get(1 - side) instanceof RexInputRef other && other.getIndex() < leftCount
                    && KeyTypes.matchAsKeys(other.getType(), right.getType())) {
                    return other;
                }
            }
        }
        return null;
    }
}
