package org.verso.sql.plan.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.verso.core.catalog.IndexDefinition;
import org.verso.core.catalog.TableDefinition;

/**
 * Index range scan: the rows whose key in one index starts with {@code prefix} (one literal or dynamic parameter
 * per leading key column) and whose next key column, if {@code low} or {@code high} is set, lies between them. The
 * values are evaluated when the operator opens, so the plan does not depend on parameter values. The rule that
 * makes it keeps the whole condition in a filter above, so the bounds only narrow what is read. Rows come in the
 * index's key order, or in reverse with {@code descending}, which lets a sort above it go.
 */
public final class VersoIndexScan extends TableScan implements VersoRel {
    /** The share of a table's rows one equal key column is assumed to keep; there are no statistics yet. */
    private static final double EQUAL_SELECTIVITY = 0.1;
    private static final double RANGE_SELECTIVITY = 0.25;
    private static final double NON_UNIQUE_FACTOR = 1.01;

    private final IndexDefinition index;
    private final List<RexNode> prefix;
    private final Bound low;
    private final Bound high;
    private final boolean descending;

    /** One end of the range on the key column after the prefix. */
    public record Bound(RexNode value, boolean inclusive) {
    }

    public VersoIndexScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, IndexDefinition index,
                          List<RexNode> prefix, Bound low, Bound high, boolean descending) {
        super(cluster, traits, List.of(), table);
        this.index = index;
        this.prefix = List.copyOf(prefix);
        this.low = low;
        this.high = high;
        this.descending = descending;
    }

    /** The same range read in the given direction. */
    public VersoIndexScan inDirection(boolean reverse) {
        return new VersoIndexScan(getCluster(), getTraitSet(), getTable(), index, prefix, low, high, reverse);
    }

    /** Whether rows come in reverse key order. */
    public boolean descending() {
        return descending;
    }

    public IndexDefinition index() {
        return index;
    }

    public List<RexNode> prefix() {
        return prefix;
    }

    /** The lower end on key column {@code prefix().size()}; null if open. */
    public Bound low() {
        return low;
    }

    /** The upper end on key column {@code prefix().size()}; null if open. */
    public Bound high() {
        return high;
    }

    public TableDefinition definition() {
        return VersoTableScan.definitionOf(getTable());
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        if (index.unique() && prefix.size() == index.columns().length) {
            return 1;
        }
        double rows = table.getRowCount() * Math.pow(EQUAL_SELECTIVITY, prefix.size());
        if (low != null || high != null) {
            rows *= RANGE_SELECTIVITY;
        }
        return Math.max(1, rows);
    }

    /** As the estimated rows; of two scans that read as many, a unique index's is cheaper (fewer rows per key). */
    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double rows = estimateRowCount(mq) * (index.unique() ? 1 : NON_UNIQUE_FACTOR);
        return planner.getCostFactory().makeCost(rows, rows, rows);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("index", index.name()).item("prefix", prefix)
            .itemIf("low", low == null ? null : (low.inclusive() ? ">= " : "> ") + low.value(), low != null)
            .itemIf("high", high == null ? null : (high.inclusive() ? "<= " : "< ") + high.value(), high != null)
            .itemIf("order", "reverse", descending);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new VersoIndexScan(getCluster(), traitSet, getTable(), index, prefix, low, high, descending);
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
