package org.verso.sql.plan.rule;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.sql.plan.rel.VersoFilter;
import org.verso.sql.plan.rel.VersoIndexScan;
import org.verso.sql.plan.rel.VersoTableScan;

/**
 * Filter(Scan) to Filter(IndexScan) when the condition bounds the leading columns of one of the table's indexes:
 * {@code column = value} for a prefix of its key columns and, optionally, {@code <}, {@code <=}, {@code >} or
 * {@code >=} on the next one (if that column sorts ascending). Every index that bounds something is offered; the
 * costs prefer the longest equal prefix, then a range, then a unique index. The whole condition stays in the filter above the scan, so the
 * bounds only narrow what is read and the result is the same. A primary key bound on every column is
 * {@link KeyLookupRule}'s.
 */
public final class IndexScanRule extends RelOptRule {
    public static final IndexScanRule INSTANCE = new IndexScanRule();

    @SuppressWarnings("deprecation")
    private IndexScanRule() {
        super(operand(VersoFilter.class, operand(VersoTableScan.class, none())), "IndexScanRule");
    }

    /** The bounds one index offers, and how good they are. */
    private record Candidate(IndexDefinition index, List<RexNode> prefix, VersoIndexScan.Bound low,
                             VersoIndexScan.Bound high) {
        int score() {
            return prefix.size() * 4 + (low != null || high != null ? 2 : 0) + (index.unique() ? 1 : 0);
        }
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        VersoFilter filter = call.rel(0);
        VersoTableScan scan = call.rel(1);
        TableDefinition table = scan.definition();
        RexNode condition = RexUtil.expandSearch(filter.getCluster().getRexBuilder(), null, filter.getCondition());
        List<ColumnComparison> comparisons = RelOptUtil.conjunctions(condition).stream()
            .map(ColumnComparison::of).filter(Objects::nonNull).toList();
        List<Candidate> candidates = new ArrayList<>();
        for (IndexDefinition index : table.indexes()) {
            Candidate candidate = candidate(index, comparisons);
            if (candidate != null) {
                candidates.add(candidate);
            }
        }
        // The best first; the others too, since one of them may give an order that saves a sort above
        // (IndexOrderRule), and the costs rank them as the score does.
        candidates.sort(Comparator.comparingInt(Candidate::score).reversed());
        for (Candidate candidate : candidates) {
            VersoIndexScan indexScan = new VersoIndexScan(scan.getCluster(), scan.getTraitSet(), scan.getTable(),
                candidate.index(), candidate.prefix(), candidate.low(), candidate.high(), false);
            call.transformTo(new VersoFilter(filter.getCluster(), filter.getTraitSet(), indexScan,
                filter.getCondition()));
        }
    }

    /** What {@code comparisons} bound of {@code index}; null if nothing, or if the primary key lookup applies. */
    private static Candidate candidate(IndexDefinition index, List<ColumnComparison> comparisons) {
        int[] columns = index.columns();
        List<RexNode> prefix = new ArrayList<>();
        for (int column : columns) {
            RexNode value = equalValue(comparisons, column);
            if (value == null) {
                break;
            }
            prefix.add(value);
        }
        if (index.isPrimaryKey() && prefix.size() == columns.length) {
            return null;
        }
        VersoIndexScan.Bound low = null;
        VersoIndexScan.Bound high = null;
        int next = prefix.size();
        if (next < columns.length && !index.descending()[next]) {
            low = bound(comparisons, columns[next], true);
            high = bound(comparisons, columns[next], false);
        }
        if (prefix.isEmpty() && low == null && high == null) {
            return null;
        }
        return new Candidate(index, prefix, low, high);
    }

    /** The value of the first {@code column = value} among {@code comparisons}; null if there is none. */
    static RexNode equalValue(List<ColumnComparison> comparisons, int column) {
        for (ColumnComparison comparison : comparisons) {
            if (comparison.column() == column && comparison.isEquality()) {
                return comparison.value();
            }
        }
        return null;
    }

    private static VersoIndexScan.Bound bound(List<ColumnComparison> comparisons, int column, boolean lower) {
        for (ColumnComparison comparison : comparisons) {
            if (comparison.column() == column && (lower ? comparison.isLowerBound() : comparison.isUpperBound())) {
                return new VersoIndexScan.Bound(comparison.value(), comparison.inclusive());
            }
        }
        return null;
    }
}
