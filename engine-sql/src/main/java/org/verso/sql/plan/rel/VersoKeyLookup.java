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
import org.verso.core.catalog.TableDefinition;

/**
 * Primary-key point lookup: at most one row, found through the table's key index. {@code keys} holds one literal
 * or dynamic parameter per key column, in key order; they are evaluated when the operator opens, so the plan does
 * not depend on parameter values.
 */
public final class VersoKeyLookup extends TableScan implements VersoRel {
    private final List<RexNode> keys;

    public VersoKeyLookup(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, List<RexNode> keys) {
        super(cluster, traits, List.of(), table);
        this.keys = List.copyOf(keys);
    }

    public List<RexNode> keys() {
        return keys;
    }

    public TableDefinition definition() {
        return VersoTableScan.definitionOf(getTable());
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return 1;
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        return planner.getCostFactory().makeCost(1, 1, 1);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("key", keys);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new VersoKeyLookup(getCluster(), traitSet, getTable(), keys);
    }

    @Override
    public <T> T accept(VersoRelVisitor<T> visitor) {
        return visitor.visit(this);
    }
}
